import { Button, CircularProgress, type ButtonProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Props {
  /** The action runs: both buttons wait, the confirmation spins. */
  busy: boolean;
  onCancel(): void;
  /** "Annulla" unless told. */
  cancelLabel?: string;
  label: string;
  /** A submit button (of `form`, when the button is outside it), or a button with `onConfirm`. */
  type?: 'submit' | 'button';
  form?: string;
  onConfirm?(): void;
  color?: ButtonProps['color'];
  /** Not ready yet (nothing chosen): the confirmation waits. */
  disabled?: boolean;
  testId?: string;
}

/** A dialog's or a form's last two buttons: Annulla, then the confirmation, spinning while it runs. */
export function DialogButtons({
  busy,
  onCancel,
  cancelLabel,
  label,
  type = 'button',
  form,
  onConfirm,
  color,
  disabled = false,
  testId,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('common.cancel')}
      </Button>
      <Button
        type={type}
        form={form}
        variant="contained"
        color={color}
        onClick={onConfirm}
        disabled={disabled || busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        data-testid={testId}
      >
        {label}
      </Button>
    </>
  );
}
