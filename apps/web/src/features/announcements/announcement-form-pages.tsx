import type { AdminAnnouncement } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormPage, Loaded, useSaved } from '../../components/form/form-page';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { useAnnouncement } from './api/get-announcement';
import { useCurrentInfo } from '../../components/current-info';
import { useCreateAnnouncement, useUpdateAnnouncement, type AnnouncementPayload } from './api/save-announcement';
import { AnnouncementForm } from './announcement-form';
import { announcementPath } from './links';
import { wallToDayjs } from './zone';

const FORM_WIDTH = 880;

/** The snackbar after a save: sent now, scheduled for a time, or updated. */
function useSavedText() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (saved: AdminAnnouncement, payload: AnnouncementPayload, editing: boolean) =>
    editing
      ? t('announcements.saved.updated', { title: saved.title })
      : payload.sendAt
        ? t('announcements.saved.scheduled', {
            title: saved.title,
            date: formatDateTime(wallToDayjs(payload.sendAt), language),
          })
        : t('announcements.saved.sending', { title: saved.title });
}

/** /admin/announcement/new: written, addressed and sent now or scheduled; then its page. */
export function AnnouncementNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useSaved();
  const savedText = useSavedText();
  const create = useCreateAnnouncement();
  const info = useCurrentInfo();
  const back = { to: paths.adminAnnouncement, label: t('announcements.list.title') };
  return (
    <Loaded queries={[info]} back={back} width={FORM_WIDTH}>
      {([current]) => (
        <FormPage
          width={FORM_WIDTH}
          back={back}
          title={t('announcements.form.newTitle')}
          subtitle={t('announcements.form.newSubtitle')}
        >
          <AnnouncementForm
            timeZone={current.timeZone}
            submitLabel={t('announcements.form.create')}
            onCancel={() => void navigate(paths.adminAnnouncement)}
            onSubmit={async (payload) => {
              const announcement = await create.mutateAsync(payload);
              saved(savedText(announcement, payload, false), announcementPath(announcement.id));
            }}
          />
        </FormPage>
      )}
    </Loaded>
  );
}

/**
 * /admin/announcement/:id/edit: before it is sent everything changes (a new time reschedules it); once sent, the
 * text and the attachments only, and nobody is notified again.
 */
export function AnnouncementEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const saved = useSaved();
  const savedText = useSavedText();
  const query = useAnnouncement(id);
  const info = useCurrentInfo();
  const update = useUpdateAnnouncement(id);
  const back = { to: announcementPath(id), label: t('announcements.detail.back') };
  return (
    <Loaded queries={[query, info]} back={back} width={FORM_WIDTH}>
      {([announcement, current]) => (
        <FormPage
          width={FORM_WIDTH}
          back={back}
          title={t('announcements.form.editTitle')}
          subtitle={announcement.title}
        >
          <AnnouncementForm
            key={announcement.id}
            announcement={announcement}
            timeZone={current.timeZone}
            submitLabel={t('common.save')}
            onCancel={() => void navigate(announcementPath(id))}
            onSubmit={async (payload) => {
              const result = await update.mutateAsync(payload);
              saved(savedText(result, payload, true), announcementPath(id));
            }}
          />
        </FormPage>
      )}
    </Loaded>
  );
}
