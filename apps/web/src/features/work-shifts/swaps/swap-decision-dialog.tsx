import {
  Alert,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import type { SwapDetail } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import { useSwapAction, type SwapAction } from '../api/swap-actions';
import { SWAP_NOTE_MAX } from './swap-request-form';
import { personName } from './swap-shift';
import { SwapWarnings } from './swap-warnings';
import { DialogButtons } from '../../../components/dialog-buttons';

interface Props {
  swap: SwapDetail;
  /** The action asked (null: closed). */
  action: SwapAction | null;
  onClose(): void;
}

/**
 * Answer a swap (the colleague: "Accetta" with their own rest-rule result shown first, or "Rifiuta") or decide it (the
 * admin: the rest-rule result of BOTH people, then "Approva" or "Rifiuta"), each with a note. When the exchange breaks
 * a rest rule, approving needs a note (the server answers 400 on `note` otherwise: its text lands on the field).
 */
export function SwapDecisionDialog({ swap, action, onClose }: Props) {
  // A fresh form each time the dialog opens (its note and errors are not kept).
  return action ? <DecisionForm key={action} swap={swap} action={action} onClose={onClose} /> : null;
}

function DecisionForm({ swap, action, onClose }: { swap: SwapDetail; action: SwapAction; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const mutation = useSwapAction(swap.id);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = mutation.isPending;
  const admin = action === 'approve' || action === 'reject';
  const warningCount = (swap.warnings.requester?.length ?? 0) + (swap.warnings.target?.length ?? 0);
  const noteRequired = action === 'approve' && warningCount > 0;
  const negative = action === 'decline' || action === 'reject';

  const close = () => !busy && onClose();
  const confirm = async () => {
    setRefusal(null);
    setNoteError(null);
    if (noteRequired && note.trim() === '') {
      setNoteError(t('shiftSwaps.decision.noteRequired'));
      return;
    }
    try {
      const { message } = await mutation.mutateAsync({ action, note: note.trim() || null });
      enqueueSnackbar(message, { variant: 'success' });
      onClose();
    } catch (err) {
      const onNote = fieldErrors(err).note;
      if (onNote) setNoteError(onNote);
      else setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      maxWidth={admin ? 'sm' : 'xs'}
      fullWidth
      data-testid="swap-decision-dialog"
      data-action={action}
    >
      <DialogTitle id={titleId}>{t(`shiftSwaps.decision.${action}Title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t(`shiftSwaps.decision.${action}Body`, {
            requester: personName(swap.requester),
            target: personName(swap.target),
          })}
        </DialogContentText>
        {action !== 'decline' && (
          <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="swap-decision-warnings">
            {admin ? (
              <>
                <SwapWarnings
                  title={t('shiftSwaps.warnings.for', { name: personName(swap.requester) })}
                  warnings={swap.warnings.requester ?? []}
                  testId="swap-warnings-requester"
                />
                <SwapWarnings
                  title={t('shiftSwaps.warnings.for', { name: personName(swap.target) })}
                  warnings={swap.warnings.target ?? []}
                  testId="swap-warnings-target"
                />
              </>
            ) : (
              <SwapWarnings
                title={t('shiftSwaps.warnings.forYou')}
                warnings={swap.warnings.target}
                testId="swap-warnings-mine"
              />
            )}
          </Stack>
        )}
        <TextField
          label={t(noteRequired ? 'shiftSwaps.decision.noteRequiredLabel' : 'shiftSwaps.decision.note')}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            if (noteError) setNoteError(null);
          }}
          required={noteRequired}
          error={!!noteError}
          helperText={
            noteError ??
            (noteRequired
              ? t('shiftSwaps.decision.noteRequiredHint')
              : admin
                ? t('shiftSwaps.decision.noteHintAdmin')
                : t('shiftSwaps.decision.noteHint', { requester: personName(swap.requester) }))
          }
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: SWAP_NOTE_MAX, 'data-testid': 'swap-decision-note' } }}
        />
        {refusal && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="swap-decision-error">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <DialogButtons
          busy={busy}
          onCancel={close}
          label={t(`shiftSwaps.actions.${action}`)}
          onConfirm={() => void confirm()}
          color={negative ? 'error' : 'primary'}
          testId="swap-decision-confirm"
        />
      </DialogActions>
    </Dialog>
  );
}
