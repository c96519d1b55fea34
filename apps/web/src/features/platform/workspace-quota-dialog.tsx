import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { formatSize } from '../../lib/format-size';
import type { PlatformWorkspace } from './api/get-platform-workspaces';
import { useSetWorkspaceQuota } from './api/set-workspace-quota';
import { DialogButtons } from '../../components/dialog-buttons';

/** A company's name kept in its own direction inside a sentence (a Latin name in Arabic). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** The bounds the server checks (WorkspaceQuotaInputSchema), checked here first. */
const MB = { min: 10, max: 1_048_576 };
const FILES = { min: 10, max: 10_000_000 };

/**
 * The operator sets a company's file storage quota (issue 30 item 8): megabytes and files, with what the company uses
 * now. Saving a quota below the usage is allowed (the company then uploads nothing until it frees space), and said.
 */
export function WorkspaceQuotaDialog({
  workspace,
  onClose,
  onSaved,
}: {
  workspace: PlatformWorkspace | null;
  onClose(): void;
  onSaved(workspace: PlatformWorkspace): void;
}) {
  // A fresh form for each company opened (its quota as it is now).
  return workspace ? <QuotaForm key={workspace.id} workspace={workspace} onClose={onClose} onSaved={onSaved} /> : null;
}

function QuotaForm({
  workspace,
  onClose,
  onSaved,
}: {
  workspace: PlatformWorkspace;
  onClose(): void;
  onSaved(workspace: PlatformWorkspace): void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const save = useSetWorkspaceQuota();
  const [mb, setMb] = useState(String(workspace.storage.quotaMb));
  const [files, setFiles] = useState(String(workspace.storage.quotaFiles));
  const [errors, setErrors] = useState<{ quotaMb?: string; quotaFiles?: string; form?: string }>({});
  const s = workspace.storage;
  const number = new Intl.NumberFormat(i18n.language);

  const submit = async () => {
    const quotaMb = Number(mb);
    const quotaFiles = Number(files);
    const local = {
      quotaMb:
        Number.isInteger(quotaMb) && quotaMb >= MB.min && quotaMb <= MB.max ? undefined : t('platform.quota.mbInvalid'),
      quotaFiles:
        Number.isInteger(quotaFiles) && quotaFiles >= FILES.min && quotaFiles <= FILES.max
          ? undefined
          : t('platform.quota.filesInvalid'),
    };
    setErrors(local);
    if (local.quotaMb || local.quotaFiles) return;
    try {
      const saved = await save.mutateAsync({ id: workspace.id, quota: { quotaMb, quotaFiles } });
      onSaved(saved);
    } catch (err) {
      const f = fieldErrors(err);
      setErrors({ quotaMb: f.quotaMb, quotaFiles: f.quotaFiles, form: errorMessage(err, t('errors.generic')) });
    }
  };
  const below = Number(mb) * 1024 * 1024 < s.usedBytes || Number(files) < s.usedFiles;

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid="workspace-quota-dialog"
    >
      <DialogTitle id={titleId}>{t('platform.quota.title', { name: isolate(workspace.name) })}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          component="form"
          noValidate
          id={`${titleId}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          sx={{ pt: 1 }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('platform.quota.used', {
              used: formatSize(s.usedBytes, i18n.language),
              files: number.format(s.usedFiles),
            })}
          </Typography>
          <TextField
            label={t('platform.quota.mb')}
            value={mb}
            onChange={(e) => setMb(e.target.value)}
            error={!!errors.quotaMb}
            helperText={errors.quotaMb ?? t('platform.quota.mbHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'quota-mb' } }}
          />
          <TextField
            label={t('platform.quota.files')}
            value={files}
            onChange={(e) => setFiles(e.target.value)}
            error={!!errors.quotaFiles}
            helperText={errors.quotaFiles}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'quota-files' } }}
          />
          {below && <Alert severity="warning">{t('platform.quota.below')}</Alert>}
          {errors.form && !errors.quotaMb && !errors.quotaFiles && <Alert severity="error">{errors.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <DialogButtons
          busy={save.isPending}
          onCancel={onClose}
          label={t('platform.quota.save')}
          type="submit"
          form={`${titleId}-form`}
          testId="quota-save"
        />
      </DialogActions>
    </Dialog>
  );
}
