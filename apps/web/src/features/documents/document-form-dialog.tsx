import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
} from '@mui/material';
import type { AdminDocument } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form/form-date-field';
import { FormTextField } from '../../components/form/form-text-field';
import { FileField } from '../../components/upload/file-field';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useCreateDocument, useUpdateDocument } from './api/save-document';
import {
  DOCUMENT_FORM_FIELDS,
  DOCUMENT_LIMITS,
  documentFormSchema,
  documentFormValues,
  type DocumentFormValues,
} from './schemas';

interface Props {
  /** The employee the document is for (UserInfo id) and their name. */
  userInfoId: string;
  name: string;
  /** The document being edited; a new one without it. */
  document?: AdminDocument | null;
  onClose(): void;
}

/**
 * "Nuovo documento" / "Modifica documento": label, description, expiry, internal note and the file (required for a new
 * one; editing, the stored file is shown and a new one replaces it). The server's field errors land on their fields,
 * the file's too; a success closes the dialog with a snackbar. Mounted while open, so each opening starts afresh.
 */
export function DocumentFormDialog({ userInfoId, name, document, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const editing = !!document;
  const create = useCreateDocument(userInfoId);
  const update = useUpdateDocument();
  const busy = create.isPending || update.isPending;
  const schema = useMemo(() => documentFormSchema(t, !editing), [t, editing]);
  const { control, handleSubmit, setError, formState } = useForm<DocumentFormValues>({
    resolver: zodResolver(schema),
    defaultValues: documentFormValues(document),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => !busy && onClose();

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (document) await update.mutateAsync({ id: document.id, ...values });
      else await create.mutateAsync(values);
      enqueueSnackbar(
        t(editing ? 'documents.saved.updated' : 'documents.saved.created', { label: values.label.trim() }),
        { variant: 'success' },
      );
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError, DOCUMENT_FORM_FIELDS)) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="document-dialog">
      <DialogTitle id={titleId}>
        {editing ? t('documents.form.editTitle') : t('documents.form.newTitle', { name })}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={titleId}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText sx={{ mb: 2 }}>
            {editing ? t('documents.form.editHint', { name }) : t('documents.form.newHint', { name })}
          </DialogContentText>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="document-dialog-error">
              {failure}
            </Alert>
          )}
          <Stack spacing={2.5}>
            <FormTextField
              control={control}
              name="label"
              label={t('documents.fields.label')}
              required
              fullWidth
              autoFocus
              helperText={t('documents.fields.labelHint')}
              slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.label, 'data-testid': 'document-label' } }}
            />
            <FormTextField
              control={control}
              name="description"
              label={t('documents.fields.description')}
              fullWidth
              multiline
              minRows={2}
              maxRows={6}
              slotProps={{
                htmlInput: { maxLength: DOCUMENT_LIMITS.description, 'data-testid': 'document-description' },
              }}
            />
            <FormDateField
              control={control}
              name="expiresAt"
              label={t('documents.fields.expiresAt')}
              helperText={t('documents.fields.expiresAtHint')}
            />
            <Controller
              control={control}
              name="file"
              render={({ field, fieldState }) => (
                <FileField
                  kind="document"
                  label={editing ? t('documents.fields.replaceFile') : t('documents.fields.file')}
                  file={field.value}
                  onChange={(f) => field.onChange(f)}
                  current={document ? { name: document.attachment.name, size: document.attachment.size } : null}
                  error={fieldState.error?.message}
                  required={!editing}
                  disabled={busy}
                  testId="document-file"
                />
              )}
            />
            <FormTextField
              control={control}
              name="note"
              label={t('documents.fields.note')}
              fullWidth
              multiline
              minRows={2}
              maxRows={6}
              helperText={t('documents.fields.noteHint')}
              slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.note, 'data-testid': 'document-note' } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || formState.isSubmitting}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="document-submit"
          >
            {editing ? t('common.save') : t('documents.form.upload')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
