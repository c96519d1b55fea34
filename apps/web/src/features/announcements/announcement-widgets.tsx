import { Alert, Box, Button, Card, CardActions, CardContent, Link, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useAnnouncements } from './api/get-announcements';
import { useMyAnnouncements } from './api/get-my-announcements';
import { ReachSummary, StateChip } from './announcement-state';
import { announcementPath, myAnnouncementPath } from './links';
import { AckChip, UnreadDot } from './my-marks';

const LATEST = 5;

function WidgetCard({
  testId,
  title,
  children,
  actions,
}: {
  testId: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" id={`${testId}-title`} sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>{actions}</CardActions>
    </Card>
  );
}

const itemSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  py: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;

/** "Ultime comunicazioni": the member's latest five, unread first (a dot, in bold), each opening its page. */
export function LatestAnnouncementsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const query = useMyAnnouncements({ page: 1, perPage: LATEST });
  const unread = query.data?.unread ?? 0;
  return (
    <WidgetCard
      testId="widget-my-announcements"
      title={t('announcements.widget.title')}
      actions={
        <Button component={RouterLink} to={paths.memberAnnouncement} data-testid="widget-my-announcements-all">
          {t('announcements.widget.all')}
        </Button>
      }
    >
      {query.isLoading ? (
        <Skeleton variant="rounded" height={96} />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error, t('errors.generic'))}</Alert>
      ) : !query.data || query.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('announcements.widget.empty')}</Typography>
      ) : (
        <>
          {unread > 0 && (
            <Typography variant="body2" color="primary" sx={{ mb: 0.5, fontWeight: 500 }}>
              {t('announcements.my.unread', { n: unread })}
            </Typography>
          )}
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {query.data.items.map((a) => (
              <Box component="li" key={a.id} sx={itemSx} data-testid="widget-my-announcement">
                <Box sx={{ width: 10, flexShrink: 0 }}>{a.openedAt === null && <UnreadDot />}</Box>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={myAnnouncementPath(a.id)}
                    underline="hover"
                    variant="body2"
                    noWrap
                    sx={{ display: 'block', fontWeight: a.openedAt === null ? 700 : 500 }}
                  >
                    {a.title}
                  </Link>
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {formatDate(a.publishedAt, language)}
                  </Typography>
                </Box>
                <AckChip announcement={a} />
              </Box>
            ))}
          </Box>
        </>
      )}
    </WidgetCard>
  );
}

/** "Comunicazioni inviate": the admin's latest five by send time, with their state and how many have read them. */
export function SentAnnouncementsWidget() {
  const { t } = useTranslation();
  const canWrite = useCan('announcement:write');
  const query = useAnnouncements({ page: 1, perPage: LATEST, sort: 'sendAt', order: 'desc' });
  return (
    <WidgetCard
      testId="widget-sent-announcements"
      title={t('announcements.widget.sentTitle')}
      actions={
        <>
          <Button component={RouterLink} to={paths.adminAnnouncement} data-testid="widget-sent-announcements-all">
            {t('announcements.widget.allSent')}
          </Button>
          {canWrite && (
            <Button component={RouterLink} to={paths.adminAnnouncementNew}>
              {t('announcements.actions.new')}
            </Button>
          )}
        </>
      }
    >
      {query.isLoading ? (
        <Skeleton variant="rounded" height={96} />
      ) : query.isError ? (
        <Alert severity="error">{errorMessage(query.error, t('errors.generic'))}</Alert>
      ) : !query.data || query.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('announcements.widget.sentEmpty')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {query.data.items.map((a) => (
            <Box component="li" key={a.id} sx={itemSx} data-testid="widget-sent-announcement">
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={announcementPath(a.id)}
                  underline="hover"
                  variant="body2"
                  noWrap
                  sx={{ display: 'block', fontWeight: 500 }}
                >
                  {a.title}
                </Link>
                <Box sx={{ mt: 0.5 }}>
                  <StateChip state={a.state} />
                </Box>
              </Box>
              <Box sx={{ width: 150, flexShrink: 0 }}>
                <ReachSummary announcement={a} />
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </WidgetCard>
  );
}
