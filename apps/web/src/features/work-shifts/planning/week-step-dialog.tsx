import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  type DialogProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../../components/dialog-buttons';

interface Props {
  testId: string;
  maxWidth: DialogProps['maxWidth'];
  title: ReactNode;
  /** The action runs: the dialog stays open and both buttons wait. */
  busy: boolean;
  onClose(): void;
  /** The answer, once the action has run: shown instead of the form, with its own buttons. */
  done: { body: ReactNode; actions: ReactNode } | null;
  confirmLabel: string;
  confirmTestId: string;
  onConfirm(): void;
  /** The form. */
  children: ReactNode;
}

/**
 * The planning's two-step dialogs ("Pubblica", "Copia settimana"): a form with Annulla and the confirmation, then the
 * server's answer in its place with its own buttons.
 */
export function WeekStepDialog({
  testId,
  maxWidth,
  title,
  busy,
  onClose,
  done,
  confirmLabel,
  confirmTestId,
  onConfirm,
  children,
}: Props) {
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{done ? done.body : children}</DialogContent>
      <DialogActions>
        {done ? (
          done.actions
        ) : (
          <DialogButtons
            busy={busy}
            onCancel={onClose}
            label={confirmLabel}
            onConfirm={onConfirm}
            testId={confirmTestId}
          />
        )}
      </DialogActions>
    </Dialog>
  );
}

/** "Solo il gruppo …": the action limited to the group the planning is filtered by. */
export function OnlyGroupCheckbox({
  group,
  checked,
  onChange,
  sx,
  testId,
}: {
  group: { name: string };
  checked: boolean;
  onChange(checked: boolean): void;
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={sx}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />}
      label={t('workShifts.publish.onlyGroup', { group: group.name })}
    />
  );
}
