import { Alert, Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CodeDrafts } from './code-drafts';
import type { CodeKind } from './codes';

/**
 * A code typed in the grid: always an input (the column is the page's purpose), read left to right in every language,
 * red with the message when wrong, marked when changed and not saved yet.
 */
export function CodeCell({
  id,
  saved,
  name,
  kind,
  drafts,
}: {
  id: string;
  saved: string | null;
  name: string;
  kind: CodeKind;
  drafts: CodeDrafts;
}) {
  const { t } = useTranslation();
  const error = drafts.errorOf(id);
  const edited = drafts.isEdited(id);
  return (
    <TextField
      size="small"
      fullWidth
      value={drafts.valueOf(id, saved)}
      onChange={(e) => drafts.edit(id, saved, e.target.value)}
      // The grid's keyboard navigation (arrows, space, typing to edit) stays out of the field.
      onKeyDown={(e) => e.stopPropagation()}
      error={!!error}
      helperText={error ?? undefined}
      placeholder={t('payroll.codes.none')}
      slotProps={{
        htmlInput: {
          'aria-label': t('payroll.codes.codeFor', { name }),
          dir: 'ltr',
          maxLength: 20,
          autoComplete: 'off',
          spellCheck: false,
          inputMode: kind === 'item' ? 'text' : 'numeric',
          'data-testid': `payroll-code-${id}`,
          'data-edited': edited ? 'true' : undefined,
        },
      }}
      sx={[
        { '& .MuiInputBase-input': { fontFamily: 'monospace', fontWeight: edited ? 700 : 400, textAlign: 'left' } },
        edited && !error && { '& .MuiOutlinedInput-root': { bgcolor: 'action.selected' } },
      ]}
    />
  );
}

/** Above a codes grid: the unsaved changes, "Annulla modifiche" and "Salva"; the refusal of a save. */
export function SaveBar({
  drafts,
  saving,
  failure,
  onSave,
  testId,
}: {
  drafts: CodeDrafts;
  saving: boolean;
  failure: string | null;
  onSave(): void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mb: 2 }}>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid={`${testId}-error`}>
          {failure}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
        data-testid={testId}
      >
        <Typography variant="body2" color={drafts.count > 0 ? 'text.primary' : 'text.secondary'} sx={{ flexGrow: 1 }}>
          {drafts.count > 0 ? t('payroll.codes.unsaved', { n: drafts.count }) : t('payroll.codes.noChanges')}
          {drafts.invalid && (
            <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
              {t('payroll.codes.fixFirst')}
            </Typography>
          )}
        </Typography>
        <Button onClick={drafts.clear} disabled={saving || drafts.count === 0}>
          {t('payroll.codes.discard')}
        </Button>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={saving || drafts.count === 0 || drafts.invalid}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={`${testId}-save`}
        >
          {t('payroll.codes.save')}
        </Button>
      </Paper>
    </Box>
  );
}
