import {
  addDays,
  docMsg,
  DocumentFieldsSchema,
  type AdminDocument,
  type DocumentSettings,
  type Document,
  type ListDocumentsQuery,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { todayIn } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import * as repo from './documents.repository';
import * as reminders from './reminders.repository';
import { notify } from '../notifications';
import { documentPublishedNotice } from './documents.mails';

/**
 * Employee documents (spec §3, §4): admins file them per employee (one file each: PDF, PNG or JPEG), with a label,
 * a description, an optional expiry and an internal note. The employee reads and downloads their own until the expiry
 * date (included); after it the document is hidden from them, never from admins. The employee's first download sets
 * attachmentFirstOpenAt; every download, by anyone, is logged (files.recordOpen). The steps shared with pay slips are
 * the files module's employee file records.
 */

/** How far ahead `status=expiring` looks. */
const EXPIRING_DAYS = 30;

/** Past its expiry: the day after `expiresAt`, in the workspace's time zone. */
const isExpired = (expiresAt: string | null, today: string) => expiresAt !== null && expiresAt < today;

const records = files.employeeFileRecords({
  repo: repo.records,
  entity: 'document',
  upload: 'document',
  notFound: docMsg.documentNotFound,
  parse: (deps, form, creating) =>
    files.parseFileForm(deps, form, DocumentFieldsSchema, {
      lineBreaks: true,
      fileMissing: creating ? docMsg.attachmentRequired : undefined,
    }),
  columns: (fields) => fields,
  deleted: (row) => ({ label: row.label, userInfoId: row.userInfoId, expiresAt: row.expiresAt }),
  visibleToOwner: (row, ctx) => !isExpired(row.expiresAt, todayIn(ctx.timeZone)),
});

function present(row: repo.DocumentWithPerson, file: files.FileRow, today: string): Document {
  return {
    id: row.id,
    userInfo: row.person,
    label: row.label,
    description: row.description,
    expiresAt: row.expiresAt,
    expired: isExpired(row.expiresAt, today),
    attachment: files.presentFile(file),
    attachmentFirstOpenAt: row.attachmentFirstOpenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows with their files and open counts, for admins: two statements whatever the number of rows. */
async function presentMany(q: Queryable, ctx: RequestCtx, rows: repo.DocumentWithPerson[]): Promise<AdminDocument[]> {
  const today = todayIn(ctx.timeZone);
  return (await records.withFiles(q, ctx, rows, true)).map(({ row, file, opens }) => ({
    ...present(row, file, today),
    note: row.note,
    opens,
  }));
}

/** GET /admin/document and GET /admin/user/{id}/document: a page in SQL order; four statements. */
export async function listDocuments(
  deps: AppDeps,
  ctx: RequestCtx,
  query: ListDocumentsQuery,
  userInfoId?: string,
): Promise<{ items: AdminDocument[]; total: number; page: number; perPage: number }> {
  if (userInfoId) await records.employeeOr404(deps.db, ctx, userInfoId);
  const today = todayIn(ctx.timeZone);
  const { rows, total } = await repo.listDocuments(
    deps.db,
    ctx.scope,
    {
      userInfoId: userInfoId ?? query.user_info_id,
      status: query.status,
      search: query.search,
      today,
      soon: addDays(today, EXPIRING_DAYS),
    },
    { sort: query.sort, order: query.order, limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { items: await presentMany(deps.db, ctx, rows), total, page: query.page, perPage: query.per_page };
}

export async function getDocument(deps: AppDeps, ctx: RequestCtx, id: string): Promise<AdminDocument> {
  const row = await records.get(deps.db, ctx, id);
  return (await presentMany(deps.db, ctx, [row]))[0]!;
}

/** POST /admin/user/{id}/document: the fields and the file in one form; the employee is told. */
export async function createDocument(deps: AppDeps, ctx: RequestCtx, userInfoId: string, request: FastifyRequest) {
  const id = await records.create(deps, ctx, userInfoId, request, async (tx, row, fields) => {
    await reminders.syncReminders(
      tx,
      ctx.scope,
      [row.id],
      await reminders.reminderDays(tx, ctx.scope),
      todayIn(ctx.timeZone),
      'reset',
    );
    await notify(
      tx,
      { scope: ctx.scope, publicUrl: deps.config.publicUrl, log: ctx.log },
      {
        type: 'document.published',
        to: { userInfoIds: [userInfoId] },
        except: ctx.actor.userInfoId ? [ctx.actor.userInfoId] : [],
        ...documentPublishedNotice(fields.label),
        link: '/member/document',
        params: { label: fields.label },
      },
    );
  });
  return getDocument(deps, ctx, id);
}

/** POST /admin/document/{id}: the fields again, and optionally a new file (the old one's bytes go to the sweeper). */
export async function updateDocument(deps: AppDeps, ctx: RequestCtx, id: string, request: FastifyRequest) {
  await records.update(deps, ctx, id, request, async (tx, before, fields) => {
    // A new expiry (a renewed document) is reminded again from scratch.
    if (before.expiresAt !== fields.expiresAt)
      await reminders.syncReminders(
        tx,
        ctx.scope,
        [id],
        await reminders.reminderDays(tx, ctx.scope),
        todayIn(ctx.timeZone),
        'reset',
      );
  });
  return getDocument(deps, ctx, id);
}

/** DELETE /admin/document/{id}: the record and its file (the bytes go to the sweeper), in one transaction. */
export async function deleteDocument(deps: AppDeps, ctx: RequestCtx, id: string) {
  await records.remove(deps, ctx, id);
}

/** GET /admin/document/{id}/attachment: the admin's open is logged, never taken for the employee's first open. */
export async function adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  return records.adminDownload(deps, ctx, id, reply);
}

// The employee's side -----------------------------------------------------------------------------------------

/** GET /member/document: the employee's documents not past their expiry, newest first; three statements. */
export async function myDocuments(deps: AppDeps, ctx: RequestCtx, query: { page: number; per_page: number }) {
  const today = todayIn(ctx.timeZone);
  const { rows, total } = await repo.listDocuments(
    deps.db,
    ctx.scope,
    { userInfoId: records.own(ctx), status: 'valid', today, soon: addDays(today, EXPIRING_DAYS) },
    { sort: 'createdAt', order: 'desc', limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    items: (await records.withFiles(deps.db, ctx, rows)).map(({ row, file }) => present(row, file, today)),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}

/** GET /member/document/{id}: one of the employee's own documents, not past its expiry. */
export async function myDocument(deps: AppDeps, ctx: RequestCtx, id: string): Promise<Document> {
  const { row, file } = await records.mine(deps.db, ctx, id);
  return present(row, file, todayIn(ctx.timeZone));
}

/** GET /member/document/{id}/attachment: the first download sets attachmentFirstOpenAt; every one is logged. */
export async function myDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  return records.myDownload(deps, ctx, id, reply);
}

/** GET /admin/document/settings: the reminder offsets (30, 7 and 0 days before the expiry unless changed). */
export async function getSettings(deps: AppDeps, ctx: RequestCtx): Promise<DocumentSettings> {
  return { reminderDays: await reminders.reminderDays(deps.db, ctx.scope) };
}

/** POST /admin/document/settings: new offsets; the reminders not yet sent are derived again, what was sent stays sent. */
export async function saveSettings(deps: AppDeps, ctx: RequestCtx, input: DocumentSettings): Promise<DocumentSettings> {
  await deps.db.transaction(async (tx) => {
    const before = await reminders.reminderDays(tx, ctx.scope);
    await reminders.saveReminderDays(tx, ctx.scope, input.reminderDays);
    await reminders.syncReminders(tx, ctx.scope, null, input.reminderDays, todayIn(ctx.timeZone), 'offsets');
    await audit(tx, ctx, {
      action: 'document.settings',
      entity: { type: 'workspace', id: ctx.scope.workspaceId },
      changes: { reminderDays: [before, input.reminderDays] },
    });
  });
  return getSettings(deps, ctx);
}
