import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import type { RequestWriteResult } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import type { RequestScope } from '../api/save-request';
import { StatusChip } from './request-chip';
import { describeRequest } from './request-text';

/** After saving: approved or awaiting approval, the rows written and the server's warnings (over quota). */
export function RequestResult({
  result,
  scope,
  editing,
  titleId,
  onClose,
}: {
  result: RequestWriteResult;
  scope: RequestScope;
  editing: boolean;
  titleId: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const approved = result.items.length > 0 && result.items.every((r) => r.status === 'approved');
  const shown = result.items.slice(0, 8);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="request-result">
      <DialogTitle id={titleId}>
        {editing ? t('requestDialog.result.updatedTitle') : t('requestDialog.result.title')}
      </DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            data-testid="request-result-status"
          >
            <StatusChip status={approved ? 'approved' : 'open'} />
            <Typography>
              {approved
                ? scope === 'admin'
                  ? t('requestDialog.result.approvedAdmin')
                  : t('requestDialog.result.approvedAuto')
                : t('requestDialog.result.pending')}
            </Typography>
          </Box>
          {result.items.length > 1 && (
            <Typography variant="body2">{t('requestDialog.result.count', { n: result.items.length })}</Typography>
          )}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {shown.map((r) => (
              <Typography component="li" variant="body2" key={r.id}>
                {formatDate(r.date, language)} · {r.justification.name} · {describeRequest(r, t, language)}
                {scope === 'admin' && ` · ${r.employee.firstName} ${r.employee.lastName}`}
              </Typography>
            ))}
            {result.items.length > shown.length && (
              <Typography component="li" variant="body2" color="text.secondary">
                {t('requestDialog.result.more', { n: result.items.length - shown.length })}
              </Typography>
            )}
          </Box>
          {result.warnings.length > 0 && (
            <Alert severity="warning" data-testid="request-warnings">
              <AlertTitle>{t('requestDialog.result.warningTitle')}</AlertTitle>
              {result.warnings.map((w, i) => (
                <Typography variant="body2" key={i} data-testid={`request-warning-${w.code}`}>
                  {w.message}
                </Typography>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="request-result-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
