import { Alert, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { DialogButtons } from './dialog-buttons';

interface Props {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** The button that closes the dialog without acting ("Annulla" unless told). */
  cancelLabel?: string;
  /** The confirm button's colour: red for destructive actions. */
  tone?: 'error' | 'primary';
  busy?: boolean;
  /** The server's refusal, shown inside the dialog. */
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

/** A confirmation before a destructive or important action; Esc and "Annulla" close it unless it is busy. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  tone = 'primary',
  busy = false,
  error,
  onConfirm,
  onClose,
  testId,
}: Props) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      data-testid={testId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} component="div">
          {body}
        </DialogContentText>
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid={testId ? `${testId}-error` : undefined}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <DialogButtons
          busy={busy}
          onCancel={onClose}
          cancelLabel={cancelLabel}
          label={confirmLabel}
          onConfirm={onConfirm}
          color={tone}
          testId={testId ? `${testId}-confirm` : undefined}
        />
      </DialogActions>
    </Dialog>
  );
}
