import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inWorkspace, updatedAt, workspaceId } from './columns';
import { byUser } from './platform';
import { files, userInfos, workspaceFk, workspaces } from './tenancy';

/**
 * A pay slip (cedolino) of one employee for one month (spec §3). Its PDF is a stored file of the same workspace
 * (composite key); several slips may share a month (a thirteenth-month slip, a correction), told apart by the
 * description. `attachmentFirstOpenAt` is set by the employee's first download; every open is in `file_opens`.
 */
export const paychecks = pgTable(
  'paychecks',
  {
    id: id(),
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    description: text('description'),
    netAmount: numeric('net_amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currencyCode: text('currency_code').notNull().default('EUR'),
    fileId: uuid('file_id').notNull(),
    attachmentFirstOpenAt: timestamp('attachment_first_open_at', { withTimezone: true }),
    /** The one reminder of an unopened slip (7 days after publication) has gone. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    createdBy: byUser('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('paychecks_ws_id_key').on(t.workspaceId, t.id),
    index('paychecks_ws_user_period_idx').on(t.workspaceId, t.userInfoId, t.year, t.month),
    index('paychecks_ws_period_idx').on(t.workspaceId, t.year, t.month),
    inWorkspace('paychecks_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    inWorkspace('paychecks_file_fk', [t.workspaceId, t.fileId], files),
    check('paychecks_month_check', sql`${t.month} between 1 and 12`),
    check('paychecks_amount_check', sql`${t.netAmount} >= 0`),
  ],
);

/**
 * One bulk pay-slip PDF on its way to the employees (ADR 0019): uploaded (`waiting`), read page by page by the
 * `payslip-import` job (`analysing`, progress in pages_done/pages_total), reviewed by a person (`ready`), then split
 * and published all at once (`publishing` → `published`), or `failed` (an unreadable file). The analysis of every page and,
 * once published, the choices that were published are kept as JSON: the audit of who got which page.
 */
export const paycheckImports = pgTable(
  'paycheck_imports',
  {
    id: id(),
    workspaceId: workspaceId(),
    fileId: uuid('file_id').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    status: text('status', { enum: ['waiting', 'analysing', 'ready', 'publishing', 'published', 'failed'] })
      .notNull()
      .default('waiting'),
    pagesDone: integer('pages_done').notNull().default(0),
    pagesTotal: integer('pages_total').notNull().default(0),
    /** The analysis of every page (classify.ts PageAnalysis[]), once read. */
    pages: jsonb('pages'),
    /** What was asked to be published: the chosen employee of every page and the fields of every slip. */
    choices: jsonb('choices'),
    publishedCount: integer('published_count'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdBy: byUser('created_by'),
    publishedBy: byUser('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('paycheck_imports_ws_id_key').on(t.workspaceId, t.id),
    index('paycheck_imports_ws_created_idx').on(t.workspaceId, t.createdAt),
    index('paycheck_imports_ws_sha_idx').on(t.workspaceId, t.sha256),
    index('paycheck_imports_runnable_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('waiting', 'analysing', 'publishing')`),
    inWorkspace('paycheck_imports_file_fk', [t.workspaceId, t.fileId], files),
    workspaceFk('paycheck_imports_workspace_fk', t.workspaceId).onDelete('cascade'),
    check('paycheck_imports_month_check', sql`${t.month} between 1 and 12`),
  ],
);

/**
 * A document of one employee (spec §3): label, description, file, expiry, an internal note. After `expiresAt` the
 * employee no longer sees it; admins still do (spec §4).
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    workspaceId: workspaceId(),
    userInfoId: uuid('user_info_id').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    fileId: uuid('file_id').notNull(),
    expiresAt: date('expires_at', { mode: 'string' }),
    note: text('note'),
    attachmentFirstOpenAt: timestamp('attachment_first_open_at', { withTimezone: true }),
    createdBy: byUser('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('documents_ws_id_key').on(t.workspaceId, t.id),
    index('documents_ws_user_idx').on(t.workspaceId, t.userInfoId),
    index('documents_ws_expires_idx').on(t.workspaceId, t.expiresAt),
    inWorkspace('documents_user_info_fk', [t.workspaceId, t.userInfoId], userInfos).onDelete('cascade'),
    inWorkspace('documents_file_fk', [t.workspaceId, t.fileId], files),
  ],
);

/** A workspace's document settings: how many days before a document's expiry its reminders go (ADR 0019). */
export const documentSettings = pgTable('document_settings', {
  workspaceId: workspaceId()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** Days before expiresAt (0 = the day itself); distinct, 0–365. */
  reminderDays: integer('reminder_days')
    .array()
    .notNull()
    .default(sql`'{30,7,0}'::integer[]`),
  updatedAt: updatedAt(),
});

/**
 * The expiry reminders of each document, one row per offset, derived whenever the document's expiry or the offsets
 * change (only offsets still to come). The `document-reminders` job sends the rows that fell due and marks them sent
 * in the same transaction: each goes exactly once, and a day the job did not run is caught up at its next run.
 */
export const documentReminders = pgTable(
  'document_reminders',
  {
    workspaceId: workspaceId(),
    documentId: uuid('document_id').notNull(),
    offsetDays: integer('offset_days').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.offsetDays] }),
    inWorkspace('document_reminders_document_fk', [t.workspaceId, t.documentId], documents).onDelete('cascade'),
    index('document_reminders_due_idx')
      .on(t.dueOn)
      .where(sql`${t.sentAt} is null`),
  ],
);
