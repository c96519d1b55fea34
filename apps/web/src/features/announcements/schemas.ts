import type { AdminAnnouncement, StoredFile } from '@timbro/shared';
import type { TFunction } from 'i18next';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod/mini';
import { ApiError } from '../../lib/api-client';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import type { AnnouncementPayload } from './api/save-announcement';
import { ANNOUNCEMENT_LIMITS, MAX_TOTAL_BYTES } from './limits';
import { cleanHtml, isBlankHtml } from './rich-text';
import { wallClockOf, wallToDayjs } from './zone';

export interface NamedRef {
  id: string;
  name: string;
}
/** Everyone, or groups and people (resolved by the server when the announcement is sent). */
export interface AudienceValue {
  everyone: boolean;
  groups: NamedRef[];
  people: NamedRef[];
}
/** The stored attachments kept (editing) and the new files. */
export interface AttachmentsValue {
  keep: StoredFile[];
  files: File[];
}

const WALL = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

interface SchemaOptions {
  /** The workspace's wall clock now ("YYYY-MM-DD HH:mm"): a scheduled time must come after it. */
  now(): string;
  /** Editing: the stored send time as a wall clock; it may stay as it is even when it has passed. */
  storedSendAt: string | null;
  /** Already sent: the time, the recipients and the acknowledgement no longer change (they are not checked). */
  locked: boolean;
}

export const attachmentsTotal = (a: AttachmentsValue) =>
  a.keep.reduce((n, f) => n + f.size, 0) + a.files.reduce((n, f) => n + f.size, 0);

/**
 * The announcement form, mirroring the server (AnnouncementFieldsSchema and the upload limits): a title, a content
 * with some text, a send time that is now (null) or later, at least one recipient, and at most ten attachments of
 * 25 MB together.
 */
export const announcementFormSchema = (t: TFunction, { now, storedSendAt, locked }: SchemaOptions) =>
  z.object({
    title: z.string().check(
      z.refine((v) => v.trim() !== '', { error: t('announcements.validation.titleRequired'), abort: true }),
      z.refine((v) => v.trim().length <= ANNOUNCEMENT_LIMITS.title, {
        error: t('announcements.validation.tooLong', { max: ANNOUNCEMENT_LIMITS.title }),
      }),
    ),
    content: z.string().check(
      z.refine((v) => !isBlankHtml(v), { error: t('announcements.validation.contentRequired'), abort: true }),
      z.refine((v) => v.length <= ANNOUNCEMENT_LIMITS.content, {
        error: t('announcements.validation.contentTooLong'),
      }),
    ),
    sendAt: z.nullable(z.string()).check(
      z.refine((v) => locked || v === null || WALL.test(v), {
        error: t('announcements.validation.sendAtRequired'),
        abort: true,
      }),
      z.refine((v) => locked || v === null || v === storedSendAt || v > now(), {
        error: t('announcements.validation.sendAtPast'),
        abort: true,
      }),
      z.refine(
        (v) =>
          locked ||
          v === null ||
          wallToDayjs(v).diff(wallToDayjs(now()), 'day', true) <= ANNOUNCEMENT_LIMITS.maxDaysAhead,
        { error: t('announcements.validation.sendAtTooFar', { days: ANNOUNCEMENT_LIMITS.maxDaysAhead }) },
      ),
    ),
    audience: z
      .object({
        everyone: z.boolean(),
        groups: z.array(z.object({ id: z.string(), name: z.string() })),
        people: z.array(z.object({ id: z.string(), name: z.string() })),
      })
      .check(
        z.refine((a) => locked || a.everyone || a.groups.length > 0 || a.people.length > 0, {
          error: t('announcements.validation.recipientsRequired'),
        }),
      ),
    requiresAck: z.boolean(),
    attachments: z
      .object({
        keep: z.array(z.custom<StoredFile>()),
        files: z.array(z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File)),
      })
      .check(
        z.refine((a) => a.keep.length + a.files.length <= ANNOUNCEMENT_LIMITS.maxFiles, {
          error: t('announcements.attachments.tooMany', { max: ANNOUNCEMENT_LIMITS.maxFiles }),
        }),
        z.refine((a) => attachmentsTotal(a) <= MAX_TOTAL_BYTES, {
          error: t('announcements.attachments.totalTooLarge', { max: `${ANNOUNCEMENT_LIMITS.maxTotalMb} MB` }),
        }),
      ),
  });

export type AnnouncementFormValues = z.infer<ReturnType<typeof announcementFormSchema>>;

/** The form's fields the server's field errors may name (its paths `file` and `keepAttachmentIds` → attachments). */
export const ANNOUNCEMENT_FORM_FIELDS = ['title', 'content', 'sendAt', 'audience', 'attachments'] as const;
export const SERVER_PATHS: Record<string, (typeof ANNOUNCEMENT_FORM_FIELDS)[number]> = {
  title: 'title',
  content: 'content',
  sendAt: 'sendAt',
  audience: 'audience',
  requiresAck: 'audience',
  file: 'attachments',
  keepAttachmentIds: 'attachments',
};

/**
 * Puts the server's refusal on the form: its field errors on their fields (the first one focused), and a 413 (the
 * upload too large for the server) on the attachments. Whether it did: otherwise the caller shows it above the form.
 */
export function applyAnnouncementServerErrors(
  err: unknown,
  setError: UseFormSetError<AnnouncementFormValues>,
  tooLarge: string,
): boolean {
  let applied = false;
  for (const [path, message] of Object.entries(fieldErrors(err))) {
    const field = SERVER_PATHS[path.split('.')[0]!];
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  if (!applied && err instanceof ApiError && err.status === 413) {
    setError('attachments', { type: 'server', message: errorMessage(err, tooLarge) }, { shouldFocus: true });
    applied = true;
  }
  return applied;
}

/** A new announcement: sent now, to nobody yet, without attachments; or the stored one, its time in the workspace's zone. */
export function announcementFormValues(
  announcement: AdminAnnouncement | null | undefined,
  timeZone: string | undefined,
): AnnouncementFormValues {
  if (!announcement)
    return {
      title: '',
      content: '',
      sendAt: null,
      audience: { everyone: false, groups: [], people: [] },
      requiresAck: false,
      attachments: { keep: [], files: [] },
    };
  return {
    title: announcement.title,
    content: cleanHtml(announcement.content),
    sendAt: wallClockOf(announcement.sendAt, timeZone),
    audience: {
      everyone: announcement.audience.everyone,
      groups: announcement.audience.groups,
      people: announcement.audience.people,
    },
    requiresAck: announcement.requiresAck,
    attachments: { keep: announcement.attachments, files: [] },
  };
}

/**
 * The values as the API takes them. Everyone means no groups or people. Once sent, the server ignores the time, the
 * recipients and the acknowledgement but still reads them: the stored ones go back (everyone when the groups and
 * people chosen then no longer exist, so the form is not refused for a choice that cannot change).
 */
export function toPayload(values: AnnouncementFormValues, editing: boolean, locked: boolean): AnnouncementPayload {
  const { everyone, groups, people } = values.audience;
  const none = !everyone && groups.length === 0 && people.length === 0;
  return {
    title: values.title.trim(),
    content: values.content,
    sendAt: values.sendAt,
    audience:
      everyone || (locked && none)
        ? { everyone: true, groupIds: [], userInfoIds: [] }
        : { everyone: false, groupIds: groups.map((g) => g.id), userInfoIds: people.map((p) => p.id) },
    requiresAck: values.requiresAck,
    keepAttachmentIds: editing ? values.attachments.keep.map((f) => f.id) : undefined,
    files: values.attachments.files,
  };
}
