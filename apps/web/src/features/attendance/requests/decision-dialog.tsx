import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_LIMITS } from './request-form';
import { DialogButtons } from '../../../components/dialog-buttons';

interface Props {
  open: boolean;
  approve: boolean;
  /** How many requests the decision applies to. */
  count: number;
  /** A line naming the request(s), e.g. "Mario Rossi · 12 novembre · Ferie". */
  summary?: string;
  busy: boolean;
  error?: string | null;
  onConfirm(note: string): void;
  onClose(): void;
}

/** Approve or reject one or more pending requests, with an optional note the employee receives by e-mail. */
export function DecisionDialog({ open, approve, count, summary, busy, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const [note, setNote] = useState('');
  const close = () => {
    if (busy) return;
    setNote('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth data-testid="decision-dialog">
      <DialogTitle id={titleId}>
        {approve
          ? t('approvals.decision.approveTitle', { n: count })
          : t('approvals.decision.rejectTitle', { n: count })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {summary ??
            (approve
              ? t('approvals.decision.approveBody', { n: count })
              : t('approvals.decision.rejectBody', { n: count }))}
        </DialogContentText>
        <TextField
          label={t('approvals.decision.note')}
          helperText={t('approvals.decision.noteHint')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.note, 'data-testid': 'decision-note' } }}
        />
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <DialogButtons
          busy={busy}
          onCancel={close}
          label={approve ? t('approvals.actions.approve') : t('approvals.actions.reject')}
          onConfirm={() => onConfirm(note)}
          color={approve ? 'primary' : 'error'}
          testId="decision-confirm"
        />
      </DialogActions>
    </Dialog>
  );
}
