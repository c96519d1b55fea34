import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type ButtonProps,
  type DialogProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { DialogForm } from './use-dialog-form';
import { DialogButtons } from '../dialog-buttons';

interface FormDialogProps {
  form: Pick<DialogForm<FieldValues>, 'titleId' | 'open' | 'failure' | 'busy' | 'close' | 'guardDialog'>;
  onSubmit(e?: React.BaseSyntheticEvent): Promise<void>;
  title: ReactNode;
  /** The dialog's test id. */
  testId: string;
  /** The refusal's test id, where tests look for it. */
  failureTestId?: string;
  submitLabel: string;
  submitTestId: string;
  submitColor?: ButtonProps['color'];
  maxWidth?: DialogProps['maxWidth'];
  /** Above the refusal: the dialog's explanation. */
  intro?: ReactNode;
  contentSx?: SxProps<Theme>;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog form's frame (with `useDialogForm`): the title, the form named by it, the explanation, the refusal above
 * the fields, then Annulla and the submit button (spinning while the save runs).
 */
export function FormDialog({
  form,
  onSubmit,
  title,
  testId,
  failureTestId,
  submitLabel,
  submitTestId,
  submitColor,
  maxWidth = 'sm',
  intro,
  contentSx,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open={form.open}
      onClose={form.close}
      aria-labelledby={form.titleId}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
    >
      <DialogTitle id={form.titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} aria-labelledby={form.titleId}>
        <DialogContent sx={contentSx}>
          {intro}
          {form.failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid={failureTestId}>
              {form.failure}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <DialogButtons
            busy={form.busy}
            onCancel={form.close}
            label={submitLabel}
            type="submit"
            color={submitColor}
            testId={submitTestId}
          />
        </DialogActions>
      </Box>
      {form.guardDialog}
    </Dialog>
  );
}
