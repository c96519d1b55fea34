import { zodResolver } from '@hookform/resolvers/zod';
import { DialogContentText, Stack } from '@mui/material';
import type { AdminDocument } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form/form-date-field';
import { FormDialog } from '../../components/form/form-dialog';
import { FormTextField } from '../../components/form/form-text-field';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { FileField } from '../../components/upload/file-field';
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
  const { enqueueSnackbar } = useSnackbar();
  const editing = !!document;
  const create = useCreateDocument(userInfoId);
  const update = useUpdateDocument();
  const schema = useMemo(() => documentFormSchema(t, !editing), [t, editing]);
  const form = useDialogForm<DocumentFormValues>({
    resolver: zodResolver(schema),
    defaultValues: documentFormValues(document),
    serverFields: DOCUMENT_FORM_FIELDS,
    busy: create.isPending || update.isPending,
    onClose,
  });

  const submit = form.submitWith(async (values) => {
    if (document) await update.mutateAsync({ id: document.id, ...values });
    else await create.mutateAsync(values);
    enqueueSnackbar(
      t(editing ? 'documents.saved.updated' : 'documents.saved.created', { label: values.label.trim() }),
      { variant: 'success' },
    );
  });

  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      title={editing ? t('documents.form.editTitle') : t('documents.form.newTitle', { name })}
      testId="document-dialog"
      failureTestId="document-dialog-error"
      contentSx={{ pt: 0 }}
      intro={
        <DialogContentText sx={{ mb: 2 }}>
          {editing ? t('documents.form.editHint', { name }) : t('documents.form.newHint', { name })}
        </DialogContentText>
      }
      submitLabel={editing ? t('common.save') : t('documents.form.upload')}
      submitTestId="document-submit"
    >
      <Stack spacing={2.5}>
        <FormTextField
          control={form.control}
          name="label"
          label={t('documents.fields.label')}
          required
          fullWidth
          autoFocus
          helperText={t('documents.fields.labelHint')}
          slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.label, 'data-testid': 'document-label' } }}
        />
        <FormTextField
          control={form.control}
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
          control={form.control}
          name="expiresAt"
          label={t('documents.fields.expiresAt')}
          helperText={t('documents.fields.expiresAtHint')}
        />
        <Controller
          control={form.control}
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
              disabled={form.busy}
              testId="document-file"
            />
          )}
        />
        <FormTextField
          control={form.control}
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
    </FormDialog>
  );
}
