import { Alert, Box, Card, CardActions, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useMyRequests } from '../api/get-requests';
import { StatusChip } from '../requests/request-chip';
import { describeRequest } from '../requests/request-text';
import { WidgetRowText, widgetListSx, widgetRowSx } from '../../../components/widget-card';
import { LinkButton } from '../../../components/link-button';

/** "Le mie richieste in attesa": my pending requests, soonest first, with a way to the calendar where they are managed. */
export function MyRequestsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const pending = useMyRequests({ page: 1, perPage: 5, status: 'open', sort: 'date', order: 'asc' });
  const total = pending.data?.total ?? 0;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="widget-my-requests-title"
      data-testid="widget-my-requests"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" id="widget-my-requests-title" sx={{ mb: 1.5 }}>
          {t('widgets.myRequests.title')}
        </Typography>
        {pending.isLoading ? (
          <Skeleton variant="rounded" height={96} />
        ) : pending.isError ? (
          <Alert severity="error">{errorMessage(pending.error, t('errors.generic'))}</Alert>
        ) : total === 0 ? (
          <Typography color="text.secondary">{t('widgets.myRequests.empty')}</Typography>
        ) : (
          <Box component="ul" sx={widgetListSx}>
            {pending.data!.items.map((r) => (
              <Box component="li" key={r.id} sx={widgetRowSx} data-testid="widget-my-request">
                <WidgetRowText
                  primary={r.justification.name}
                  caption={
                    <>
                      {formatDate(r.date, language)} · {describeRequest(r, t, language)}
                    </>
                  }
                />
                <StatusChip status={r.status} />
              </Box>
            ))}
            {total > pending.data!.items.length && (
              <Typography component="li" variant="caption" color="text.secondary" sx={{ pt: 0.75 }}>
                {t('widgets.myRequests.more', { n: total - pending.data!.items.length })}
              </Typography>
            )}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <LinkButton to={paths.memberCalendar} data-testid="widget-my-requests-calendar">
          {t('widgets.myRequests.toCalendar')}
        </LinkButton>
      </CardActions>
    </Card>
  );
}
