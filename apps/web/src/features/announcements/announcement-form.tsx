import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, FormControlLabel, Stack, Switch } from '@mui/material';
import type { AdminAnnouncement } from '@timbro/shared';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormShell, useFormScaffold } from '../../components/form/form-page';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { errorMessage } from '../../lib/error-message';
import type { AnnouncementPayload } from './api/save-announcement';
import { AttachmentsField } from './attachments-field';
import { AudienceField } from './audience-field';
import { ANNOUNCEMENT_LIMITS } from './limits';
import { LockedDelivery } from './locked-delivery';
import { RichTextEditor } from './rich-text-editor';
import {
  announcementFormSchema,
  announcementFormValues,
  applyAnnouncementServerErrors,
  SERVER_PATHS,
  toPayload,
  type AnnouncementFormValues,
} from './schemas';
import { SendAtField } from './send-at-field';
import { wallClockOf } from './zone';

const MAX_TOTAL = `${ANNOUNCEMENT_LIMITS.maxTotalMb} MB`;

interface Props {
  /** The announcement being edited; a new one without it. */
  announcement?: AdminAnnouncement;
  timeZone: string;
  submitLabel: string;
  onSubmit(payload: AnnouncementPayload): Promise<void>;
  onCancel(): void;
}

/**
 * The announcement's form: title and rich-text content, when it goes (now or at a time of the workspace's zone), to
 * whom, whether it asks for an acknowledgement, and its attachments. Once sent, the time, the recipients and the
 * acknowledgement are shown, not edited: the server changes only the text and the attachments, and tells nobody again.
 * The server's field errors land on their fields (its `file` and `keepAttachmentIds` on the attachments).
 */
export function AnnouncementForm({ announcement, timeZone, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const editing = !!announcement;
  const locked = announcement?.state === 'published';
  const defaults = useMemo(() => announcementFormValues(announcement, timeZone), [announcement, timeZone]);
  const now = useMemo(() => () => wallClockOf(new Date(), timeZone), [timeZone]);
  const schema = useMemo(
    () => announcementFormSchema(t, { now, storedSendAt: editing ? defaults.sendAt : null, locked }),
    [t, now, editing, defaults.sendAt, locked],
  );
  const form = useFormScaffold<AnnouncementFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    serverFields: Object.keys(SERVER_PATHS),
    onServerError: (err, { setError }) =>
      applyAnnouncementServerErrors(err, setError, t('announcements.attachments.totalTooLarge', { max: MAX_TOTAL }))
        ? null
        : errorMessage(err, t('errors.generic')),
  });
  const { control } = form;
  const submit = form.submitWith((values) => onSubmit(toPayload(values, editing, locked)));

  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={submitLabel}
      testId="announcement-form"
      failureTestId="announcement-form-error"
      submitLabel={submitLabel}
      onCancel={onCancel}
      banner={
        announcement?.state === 'processing' && (
          <Alert severity="warning" data-testid="announcement-processing-notice">
            {t('announcements.form.processingNotice')}
          </Alert>
        )
      }
    >
      <SectionCard title={t('announcements.form.sections.content')}>
        <Stack spacing={2.5}>
          <FormTextField
            control={control}
            name="title"
            label={t('announcements.fields.title')}
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: ANNOUNCEMENT_LIMITS.title, 'data-testid': 'announcement-title' } }}
          />
          <Controller
            control={control}
            name="content"
            render={({ field, fieldState }) => (
              <RichTextEditor
                label={t('announcements.fields.content')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                required
                error={fieldState.error?.message}
                helperText={t('announcements.fields.contentHint')}
                testId="announcement-content"
              />
            )}
          />
        </Stack>
      </SectionCard>
      {locked ? (
        <LockedDelivery announcement={announcement} timeZone={timeZone} />
      ) : (
        <>
          <SectionCard title={t('announcements.form.sections.delivery')}>
            <Controller
              control={control}
              name="sendAt"
              render={({ field, fieldState }) => (
                <SendAtField
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  now={now}
                  timeZone={timeZone}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SectionCard>
          <SectionCard
            title={t('announcements.form.sections.recipients')}
            description={t('announcements.form.recipientsHint')}
          >
            <Stack spacing={2}>
              <Controller
                control={control}
                name="audience"
                render={({ field, fieldState }) => (
                  <AudienceField
                    value={field.value}
                    onChange={field.onChange}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="requiresAck"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { ref: field.ref, 'data-testid': 'announcement-requires-ack' } as object }}
                      />
                    }
                    label={t('announcements.fields.requiresAck')}
                  />
                )}
              />
            </Stack>
          </SectionCard>
        </>
      )}
      <SectionCard title={t('announcements.form.sections.attachments')}>
        <Controller
          control={control}
          name="attachments"
          render={({ field, fieldState }) => (
            <AttachmentsField
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={fieldState.error?.message}
              disabled={form.formState.isSubmitting}
              testId="announcement-attachments"
            />
          )}
        />
      </SectionCard>
    </FormShell>
  );
}
