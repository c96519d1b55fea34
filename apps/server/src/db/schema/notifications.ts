import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { byUser, mailOutbox } from './platform';
import { cascadingWorkspaceId, files, userInfos, workspaceFk } from './tenancy';

const EMAIL_MODES = ['instant', 'digest', 'off'] as const;

/** One category's channels, chosen by a person or set as the workspace's default: the screens, and how mail goes. */
const channelChoice = () => ({
  category: text('category').notNull(),
  web: boolean('web').notNull(),
  app: boolean('app').notNull(),
  email: text('email', { enum: EMAIL_MODES }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * One event told to one person of a workspace (ADR 0020): written by the dispatcher (`notify`) in the business
 * transaction. `web` and `app` say on which screens it shows (the notification centre; the mobile app's fetch);
 * `email` how it leaves by mail (instant: a message in the outbox at once, `mail_id`; digest: collected by the daily
 * digest, `emailed_at` once in one; null: no mail). `dedupe_key` makes a fan-out safe to repeat after a crash.
 * The text is the type plus its parameters: the web renders it in the reader's language, the mail in Italian.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    type: text('type').notNull(),
    category: text('category').notNull(),
    /** The Italian title and body (the mobile app and the e-mail use them as they are). */
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The record's page in the web app, relative (e.g. /member/announcement/…). */
    link: text('link'),
    params: jsonb('params').notNull().default({}),
    web: boolean('web').notNull(),
    app: boolean('app').notNull(),
    email: text('email', { enum: ['instant', 'digest'] }),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_ws_id_key').on(t.workspaceId, t.id),
    uniqueIndex('notifications_dedupe_key').on(t.workspaceId, t.userInfoId, t.dedupeKey),
    index('notifications_ws_user_created_idx').on(t.workspaceId, t.userInfoId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.workspaceId, t.userInfoId)
      .where(sql`${t.readAt} is null and ${t.web}`),
    index('notifications_digest_idx')
      .on(t.createdAt)
      .where(sql`${t.email} = 'digest' and ${t.emailedAt} is null`),
    inWorkspace('notifications_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    check('notifications_email_check', sql`${t.email} is null or ${t.email} in ('instant', 'digest')`),
  ],
);

/** A person's choice for one category in one workspace (absent: the workspace default, then everything on). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    ...channelChoice(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userInfoId, t.category] }),
    inWorkspace('notification_settings_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    check('notification_settings_email_check', sql`${t.email} in ('instant', 'digest', 'off')`),
  ],
);

/** The workspace's default for one category, where a person set nothing (set by an admin). */
export const notificationDefaults = pgTable(
  'notification_defaults',
  {
    workspaceId: cascadingWorkspaceId(),
    ...channelChoice(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.category] }),
    check('notification_defaults_email_check', sql`${t.email} in ('instant', 'digest', 'off')`),
  ],
);

/**
 * An announcement (comunicazione, spec §3–§5): to be processed until `send_at`, then processed (recipients resolved
 * from the audience, one notification each) and published. Editing after processing changes the text only. The
 * `announcement-process` job claims it (`processing_at` is the claim's heartbeat, taken over when stale).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    workspaceId: workspaceId(),
    title: text('title').notNull(),
    /** Sanitised HTML (the server keeps only the allowed tags; ADR 0020). */
    content: text('content').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    /** Who it is for: everyone, or groups and people (resolved at processing). */
    everyone: boolean('everyone').notNull().default(false),
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    userInfoIds: uuid('user_info_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    requiresAck: boolean('requires_ack').notNull().default(false),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    recipientCount: integer('recipient_count'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdBy: byUser('created_by'),
    updatedBy: byUser('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('announcements_ws_id_key').on(t.workspaceId, t.id),
    index('announcements_ws_send_idx').on(t.workspaceId, t.sendAt),
    index('announcements_due_idx')
      .on(t.sendAt)
      .where(sql`${t.processedAt} is null`),
    workspaceFk('announcements_workspace_fk', t.workspaceId).onDelete('cascade'),
  ],
);

/** The attachments of an announcement: stored files of the same workspace, in order. */
export const announcementAttachments = pgTable(
  'announcement_attachments',
  {
    workspaceId: workspaceId(),
    announcementId: uuid('announcement_id').notNull(),
    fileId: uuid('file_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.fileId] }),
    inWorkspace('announcement_attachments_announcement_fk', [t.workspaceId, t.announcementId], announcements).onDelete(
      'cascade',
    ),
    inWorkspace('announcement_attachments_file_fk', [t.workspaceId, t.fileId], files),
    index('announcement_attachments_file_idx').on(t.workspaceId, t.fileId),
  ],
);

/**
 * One person an announcement reached, resolved at processing (exactly once: the primary key). The reach funnel:
 * notified → e-mailed → opened → acknowledged; `reminded_at` is the one reminder of the "remind" button.
 */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    workspaceId: workspaceId(),
    announcementId: uuid('announcement_id').notNull(),
    userInfoId: uuid('user_info_id').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whether a mail was meant (instant or digest): the reach page tells "not read, e-mail off" apart. */
    emailed: boolean('emailed').notNull().default(false),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userInfoId] }),
    index('announcement_recipients_ws_user_idx').on(t.workspaceId, t.userInfoId),
    inWorkspace('announcement_recipients_announcement_fk', [t.workspaceId, t.announcementId], announcements).onDelete(
      'cascade',
    ),
    inWorkspace('announcement_recipients_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
  ],
);
