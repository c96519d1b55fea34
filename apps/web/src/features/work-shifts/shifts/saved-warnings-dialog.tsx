import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ShiftWarning } from '@timbro/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { WarningList } from '../warning-list';

/**
 * After a save whose shifts raise rest-rule warnings: they are saved as drafts anyway; the warnings are listed before
 * the admin moves on (publishing them will take a note).
 */
export function SavedWarningsDialog({
  warnings,
  continueLabel,
  onContinue,
}: {
  warnings: readonly ShiftWarning[];
  continueLabel: string;
  onContinue(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onContinue} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="saved-warnings">
      <DialogTitle id={titleId}>{t('workShifts.savedWarnings.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>
          {t('workShifts.savedWarnings.body', { n: warnings.length })}
        </DialogContentText>
        <WarningList warnings={warnings} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onContinue} data-testid="saved-warnings-continue">
          {continueLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
