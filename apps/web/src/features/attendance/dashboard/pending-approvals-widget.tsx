import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import {
  Alert,
  Box,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Skeleton,
  Tooltip,
  Typography,
} from '@mui/material';
import type { JustificationRequest } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useDashboardSlice } from '../../../lib/queries/dashboard';
import { useDecideRequests } from '../api/save-request';
import { DecisionDialog } from '../requests/decision-dialog';
import { describeRequest, employeeName } from '../requests/request-text';
import { visuallyHidden } from '../../../components/visually-hidden';
import { WidgetRowText, widgetListSx, widgetRowSx } from '../../../components/widget-card';
import { LinkButton } from '../../../components/link-button';

const SHOWN = 5;

/**
 * "Richieste da approvare": how many are pending and the first five (soonest first), approved or rejected inline. The
 * figures are GET /dashboard's `pendingRequests`, made by the request list's own query (its total is the list's).
 */
export function PendingApprovalsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const pending = useDashboardSlice('pendingRequests');
  const decide = useDecideRequests();
  const [rejecting, setRejecting] = useState<JustificationRequest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const total = pending.data?.total ?? 0;

  const run = async (r: JustificationRequest, approve: boolean, note?: string) => {
    setFailure(null);
    try {
      await decide.mutateAsync({ ids: [r.id], approve, note });
      enqueueSnackbar(approve ? t('approvals.done.approved', { n: 1 }) : t('approvals.done.rejected', { n: 1 }), {
        variant: 'success',
      });
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="widget-approvals-title"
      data-testid="widget-approvals"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography variant="h6" component="h2" id="widget-approvals-title" sx={{ flexGrow: 1 }}>
            {t('widgets.approvals.title')}
            {pending.data && (
              <Box component="span" sx={visuallyHidden}>
                {` (${t('widgets.approvals.count', { n: total })})`}
              </Box>
            )}
          </Typography>
          {pending.data && (
            <Chip
              size="small"
              label={total}
              color={total > 0 ? 'primary' : 'default'}
              aria-hidden
              data-testid="widget-approvals-count"
            />
          )}
        </Box>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }} onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        )}
        {pending.isLoading || (!pending.data && !pending.isError) ? (
          <Skeleton variant="rounded" height={120} data-testid="widget-approvals-loading" />
        ) : pending.isError ? (
          <Alert severity="error">{errorMessage(pending.error, t('errors.generic'))}</Alert>
        ) : total === 0 ? (
          <Typography color="text.secondary">{t('approvals.empty.title')}</Typography>
        ) : (
          <Box component="ul" sx={widgetListSx}>
            {pending.data!.items.map((r) => (
              <Box component="li" key={r.id} sx={widgetRowSx} data-testid="widget-approval-row">
                <WidgetRowText
                  primary={employeeName(r.employee)}
                  caption={
                    <>
                      {formatDate(r.date, language)} · {r.justification.name} · {describeRequest(r, t, language)}
                    </>
                  }
                />
                <Tooltip title={t('approvals.actions.approve')}>
                  <IconButton
                    color="success"
                    size="small"
                    disabled={decide.isPending}
                    onClick={() => void run(r, true)}
                    aria-label={t('approvals.actions.approveOne', {
                      name: employeeName(r.employee),
                      date: formatDate(r.date, language),
                    })}
                  >
                    <CheckCircleOutline />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('approvals.actions.reject')}>
                  <IconButton
                    color="error"
                    size="small"
                    disabled={decide.isPending}
                    onClick={() => setRejecting(r)}
                    aria-label={t('approvals.actions.rejectOne', {
                      name: employeeName(r.employee),
                      date: formatDate(r.date, language),
                    })}
                  >
                    <HighlightOff />
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <LinkButton to={paths.adminJustificationRequest} data-testid="widget-approvals-all">
          {total > SHOWN ? t('widgets.approvals.all', { n: total }) : t('widgets.approvals.open')}
        </LinkButton>
      </CardActions>
      <DecisionDialog
        open={!!rejecting}
        approve={false}
        count={1}
        summary={
          rejecting
            ? `${employeeName(rejecting.employee)} · ${formatDate(rejecting.date, language)} · ${rejecting.justification.name}`
            : undefined
        }
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(note) => {
          const r = rejecting!;
          setRejecting(null);
          void run(r, false, note);
        }}
      />
    </Card>
  );
}
