import { z } from 'zod';
import { msg } from '../messages';
import { IdSchema, paginationFields, QueryBoolean, requiredString } from './common';
import { StoredFileSchema } from './files';
import { pageOf } from './people';

/**
 * Announcements (comunicazioni, spec §3–§5; ADR 0020). The spec leaves the attachment limit open: at most
 * ANNOUNCEMENT_MAX_FILES files of UPLOAD_RULES.attachment each, together at most ANNOUNCEMENT_MAX_TOTAL_MB.
 */
export const ANNOUNCEMENT_MAX_FILES = 10;
export const ANNOUNCEMENT_MAX_TOTAL_MB = 25;
/** The sanitised HTML of the content, at most this many characters. */
export const ANNOUNCEMENT_CONTENT_MAX = 50_000;
/** After a "remind those who have not read", the button waits this long. */
export const ANNOUNCEMENT_REMIND_COOLDOWN_HOURS = 24;
/** An announcement can be scheduled at most this far ahead. */
export const ANNOUNCEMENT_MAX_DAYS_AHEAD = 366;

export const annMsg = {
  announcementNotFound: 'Comunicazione non trovata',
  announcementDeleted: 'Comunicazione eliminata',
  titleRequired: 'Il titolo è obbligatorio',
  contentRequired: 'Il contenuto è obbligatorio',
  contentTooLong: `Il contenuto è troppo lungo (al massimo ${ANNOUNCEMENT_CONTENT_MAX.toLocaleString('it-IT')} caratteri)`,
  recipientsRequired: 'Scegli almeno un destinatario',
  sendAtInvalid: 'Indica data e ora di invio (AAAA-MM-GG HH:mm)',
  sendAtTooFar: `L'invio può essere programmato al massimo entro ${ANNOUNCEMENT_MAX_DAYS_AHEAD} giorni`,
  tooManyFiles: `Allega al massimo ${ANNOUNCEMENT_MAX_FILES} file`,
  totalTooLarge: `Gli allegati insieme superano ${ANNOUNCEMENT_MAX_TOTAL_MB} MB`,
  attachmentNotFound: 'Allegato non trovato',
  unknownGroup: 'Uno dei gruppi scelti non esiste più',
  unknownPerson: 'Una delle persone scelte non esiste più',
  alreadyProcessed: 'La comunicazione è già stata inviata: la modifica cambia il testo ma non la invia di nuovo',
  cannotDeleteProcessed: 'Una comunicazione già inviata non si può eliminare',
  remindTooSoon: `Il promemoria è già stato inviato: puoi inviarne un altro dopo ${ANNOUNCEMENT_REMIND_COOLDOWN_HOURS} ore`,
  remindNotYet: 'La comunicazione non è ancora stata inviata',
  remindNobody: 'Tutti i destinatari hanno già letto la comunicazione',
  remindSent: (n: number) => (n === 1 ? 'Promemoria inviato a 1 persona' : `Promemoria inviato a ${n} persone`),
  acknowledged: 'Presa visione confermata',
  ackNotRequired: 'Questa comunicazione non chiede una presa visione',
  saved: 'Comunicazione salvata',
} as const;

const uuidList = z.array(IdSchema, { error: msg.invalidValue }).max(5000, { error: msg.invalidValue });

/** Who an announcement is for: everyone, or groups and people (resolved when it is processed). */
export const AudienceSchema = z
  .object({
    everyone: z.boolean({ error: msg.invalidValue }).default(false),
    groupIds: uuidList.default([]),
    userInfoIds: uuidList.default([]),
  })
  .refine((a) => a.everyone || a.groupIds.length > 0 || a.userInfoIds.length > 0, {
    error: annMsg.recipientsRequired,
  });
export type AudienceInput = z.input<typeof AudienceSchema>;

/** "2026-12-01 09:00" or an ISO instant; local times are in the workspace's zone. */
export const SEND_AT_RE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The announcement's form (multipart fields are strings: `audience` is JSON, `requiresAck` "true"/"false";
 * the new files are `file` parts; `keepAttachmentIds` lists the attachments an edit keeps).
 */
export const AnnouncementFieldsSchema = z.object({
  title: requiredString(annMsg.titleRequired, 200),
  content: z
    .string({ error: annMsg.contentRequired })
    .max(ANNOUNCEMENT_CONTENT_MAX * 2, { error: annMsg.contentTooLong, abort: true }),
  sendAt: z
    .string({ error: annMsg.sendAtInvalid })
    .trim()
    .regex(SEND_AT_RE, { error: annMsg.sendAtInvalid })
    .nullish()
    .transform((v) => v ?? null),
  audience: z
    .string({ error: annMsg.recipientsRequired })
    .max(300_000, { error: msg.invalidValue, abort: true })
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: annMsg.recipientsRequired });
        return z.NEVER;
      }
    })
    .pipe(AudienceSchema),
  requiresAck: QueryBoolean.default(false),
  keepAttachmentIds: z
    .string({ error: msg.invalidValue })
    .max(2000, { error: msg.invalidValue })
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(IdSchema, { error: msg.invalidValue }).max(ANNOUNCEMENT_MAX_FILES, { error: annMsg.tooManyFiles })),
});
export type AnnouncementFields = z.infer<typeof AnnouncementFieldsSchema>;

export const ANNOUNCEMENT_STATES = ['scheduled', 'processing', 'published'] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

const NamedRefSchema = z.object({ id: z.string(), name: z.string() });

export const ReachSchema = z.object({
  recipients: z.number(),
  emailed: z.number(),
  opened: z.number(),
  acknowledged: z.number(),
});
export type Reach = z.infer<typeof ReachSchema>;

export const AdminAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  sendAt: z.string(),
  processedAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  state: z.enum(ANNOUNCEMENT_STATES),
  requiresAck: z.boolean(),
  audience: z.object({
    everyone: z.boolean(),
    groups: z.array(NamedRefSchema),
    people: z.array(NamedRefSchema),
  }),
  attachments: z.array(StoredFileSchema),
  reach: ReachSchema.nullable(),
  remindedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncementSchema>;
export const AdminAnnouncementPageSchema = pageOf(AdminAnnouncementSchema);
export type AdminAnnouncementPage = z.infer<typeof AdminAnnouncementPageSchema>;

export const ListAnnouncementsQuerySchema = z.object({
  ...paginationFields(25),
  search: z
    .string({ error: msg.invalidValue })
    .trim()
    .max(100, { error: msg.tooLong(100) })
    .optional(),
  state: z.enum(ANNOUNCEMENT_STATES, { error: msg.invalidValue }).optional(),
  sort: z.enum(['sendAt', 'title', 'createdAt'], { error: msg.invalidValue }).default('sendAt'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('desc'),
});
export type ListAnnouncementsQuery = z.input<typeof ListAnnouncementsQuerySchema>;

/** One recipient's line on the reach page. */
export const ReachRowSchema = z.object({
  userInfoId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  notifiedAt: z.string(),
  emailed: z.boolean(),
  openedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
});
export const ReachPageSchema = pageOf(ReachRowSchema).extend({ reach: ReachSchema });
export type ReachPage = z.infer<typeof ReachPageSchema>;
export const ReachQuerySchema = z.object({
  ...paginationFields(50),
  status: z
    .enum(['all', 'unread', 'read', 'unacknowledged', 'acknowledged'], { error: msg.invalidValue })
    .default('all'),
});
export type ReachQuery = z.input<typeof ReachQuerySchema>;

export const RemindResponseSchema = z.object({ message: z.string(), reminded: z.number() });

/** The employee's view of one of their announcements. */
export const MyAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
  requiresAck: z.boolean(),
  attachments: z.array(StoredFileSchema),
  openedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});
export type MyAnnouncement = z.infer<typeof MyAnnouncementSchema>;
export const MyAnnouncementPageSchema = pageOf(MyAnnouncementSchema).extend({ unread: z.number() });
export type MyAnnouncementPage = z.infer<typeof MyAnnouncementPageSchema>;
export const MyAnnouncementsQuerySchema = z.object({ ...paginationFields(20) });

export const AttachmentParamsSchema = z.object({ id: IdSchema, fileId: IdSchema });
