import {
  addDays,
  docMsg,
  DocumentFieldsSchema,
  peopleMsg,
  type AdminDocument,
  type DocumentSettings,
  type Document,
  type ListDocumentsQuery,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { forbidden, notFound, validation } from '../../lib/errors';
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
 * attachmentFirstOpenAt; every download, by anyone, is logged (files.recordOpen).
 */

type Fields = z.output<typeof DocumentFieldsSchema>;

/** How far ahead `status=expiring` looks. */
const EXPIRING_DAYS = 30;

/** Past its expiry: the day after `expiresAt`, in the workspace's time zone. */
const isExpired = (expiresAt: string | null, today: string) => expiresAt !== null && expiresAt < today;

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
  const ids = rows.map((r) => r.fileId);
  const fileRows = await files.findFiles(q, ctx.scope, ids);
  const opens = await files.openCounts(q, ctx.scope, ids);
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  const today = todayIn(ctx.timeZone);
  return rows.map((r) => ({
    ...present(r, byId.get(r.fileId)!, today),
    note: r.note,
    opens: opens.get(r.fileId) ?? 0,
  }));
}

/**
 * The multipart fields checked with the shared schema, and the file when it is required: every error at once (one per
 * field). A refusal removes the file that came with the form.
 */
async function parseForm(deps: AppDeps, form: files.ReceivedForm, fileRequired: boolean): Promise<Fields> {
  // A multipart form sends line breaks as CRLF (HTML spec): they are stored as LF, like a JSON body's.
  const input = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]));
  const parsed = DocumentFieldsSchema.safeParse(input);
  const errors = parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  if (fileRequired && !form.file) errors.push({ path: 'file', message: docMsg.attachmentRequired });
  if (parsed.success && errors.length === 0) return parsed.data;
  if (form.file) await files.discardUpload(deps, form.file);
  throw validation(errors.filter((e, n) => errors.findIndex((x) => x.path === e.path) === n));
}

async function employeeOr404(q: Queryable, ctx: RequestCtx, userInfoId: string) {
  const person = await repo.findEmployee(q, ctx.scope, userInfoId);
  if (!person) throw notFound(peopleMsg.userNotFound);
  return person;
}

async function documentOr404(q: Queryable, ctx: RequestCtx, id: string, forUpdate = false) {
  const row = await repo.findDocument(q, ctx.scope, id, forUpdate);
  if (!row) throw notFound(docMsg.documentNotFound);
  return row;
}

/** GET /admin/document and GET /admin/user/{id}/document: a page in SQL order; four statements. */
export async function listDocuments(
  deps: AppDeps,
  ctx: RequestCtx,
  query: ListDocumentsQuery,
  userInfoId?: string,
): Promise<{ items: AdminDocument[]; total: number; page: number; perPage: number }> {
  if (userInfoId) await employeeOr404(deps.db, ctx, userInfoId);
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
  const row = await documentOr404(deps.db, ctx, id);
  return (await presentMany(deps.db, ctx, [row]))[0]!;
}

/** POST /admin/user/{id}/document: the fields and the file in one form. */
export async function createDocument(deps: AppDeps, ctx: RequestCtx, userInfoId: string, request: FastifyRequest) {
  await employeeOr404(deps.db, ctx, userInfoId);
  const form = await files.receiveForm(deps, request, ctx.scope, 'document');
  const fields = await parseForm(deps, form, true);
  const upload = form.file!;
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      await files.recordUpload(tx, ctx.scope, upload, ctx.actor);
      const row = await repo.insertDocument(tx, ctx.scope, {
        userInfoId,
        ...fields,
        fileId: upload.id,
        createdBy: ctx.actor.userId,
      });
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
      await audit(tx, ctx, {
        action: 'document.create',
        entity: { type: 'document', id: row.id },
        changes: { ...fields, userInfoId, file: upload.sha256 },
      });
      return row.id;
    });
  } catch (err) {
    await files.discardUpload(deps, upload);
    throw err;
  }
  return getDocument(deps, ctx, id);
}

/** POST /admin/document/{id}: the fields again, and optionally a new file (the old one's bytes go to the sweeper). */
export async function updateDocument(deps: AppDeps, ctx: RequestCtx, id: string, request: FastifyRequest) {
  await documentOr404(deps.db, ctx, id);
  const form = await files.receiveForm(deps, request, ctx.scope, 'document');
  const fields = await parseForm(deps, form, false);
  const upload = form.file;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await documentOr404(tx, ctx, id, true);
      if (upload) await files.recordUpload(tx, ctx.scope, upload, ctx.actor);
      // A new file has not been opened by the employee yet: its first open starts again.
      const after = await repo.updateDocument(tx, ctx.scope, id, {
        ...fields,
        ...(upload ? { fileId: upload.id, attachmentFirstOpenAt: null } : {}),
      });
      if (upload) await files.deleteFiles(tx, ctx.scope, [before.fileId]);
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
      await audit(tx, ctx, {
        action: 'document.update',
        entity: { type: 'document', id },
        changes: diff(before, after!),
      });
    });
  } catch (err) {
    if (upload) await files.discardUpload(deps, upload);
    throw err;
  }
  if (upload) await deps.triggerJob('file-sweep');
  return getDocument(deps, ctx, id);
}

/** DELETE /admin/document/{id}: the record and its file (the bytes go to the sweeper), in one transaction. */
export async function deleteDocument(deps: AppDeps, ctx: RequestCtx, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.deleteDocument(tx, ctx.scope, id);
    if (!row) throw notFound(docMsg.documentNotFound);
    await files.deleteFiles(tx, ctx.scope, [row.fileId]);
    await audit(tx, ctx, {
      action: 'document.delete',
      entity: { type: 'document', id },
      changes: { label: row.label, userInfoId: row.userInfoId, expiresAt: row.expiresAt },
    });
  });
  await deps.triggerJob('file-sweep');
}

/** GET /admin/document/{id}/attachment: the admin's open is logged, never taken for the employee's first open. */
export async function adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  const row = await documentOr404(deps.db, ctx, id);
  const file = await files.findFile(deps.db, ctx.scope, row.fileId);
  if (!file) throw notFound(docMsg.documentNotFound);
  await files.recordOpen(deps.db, ctx.scope, file.id, ctx.actor);
  return files.sendStoredFile(deps, reply, ctx.scope, file);
}

// The employee's side -----------------------------------------------------------------------------------------

function own(ctx: RequestCtx) {
  const userInfoId = ctx.actor.userInfoId;
  if (!userInfoId) throw forbidden();
  return userInfoId;
}

/** One of the employee's own documents, not past its expiry; anything else (another's, expired) is not found. */
async function ownDocument(q: Queryable, ctx: RequestCtx, id: string) {
  const row = await repo.findDocument(q, ctx.scope, id);
  if (!row || row.userInfoId !== own(ctx) || isExpired(row.expiresAt, todayIn(ctx.timeZone)))
    throw notFound(docMsg.documentNotFound);
  return row;
}

/** GET /member/document: the employee's documents not past their expiry, newest first; three statements. */
export async function myDocuments(deps: AppDeps, ctx: RequestCtx, query: { page: number; per_page: number }) {
  const today = todayIn(ctx.timeZone);
  const { rows, total } = await repo.listDocuments(
    deps.db,
    ctx.scope,
    { userInfoId: own(ctx), status: 'valid', today, soon: addDays(today, EXPIRING_DAYS) },
    { sort: 'createdAt', order: 'desc', limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const fileRows = await files.findFiles(
    deps.db,
    ctx.scope,
    rows.map((r) => r.fileId),
  );
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  return {
    items: rows.map((r) => present(r, byId.get(r.fileId)!, today)),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}

export async function myDocument(deps: AppDeps, ctx: RequestCtx, id: string): Promise<Document> {
  const row = await ownDocument(deps.db, ctx, id);
  const file = await files.findFile(deps.db, ctx.scope, row.fileId);
  if (!file) throw notFound(docMsg.documentNotFound);
  return present(row, file, todayIn(ctx.timeZone));
}

/** GET /member/document/{id}/attachment: the first download sets attachmentFirstOpenAt; every one is logged. */
export async function myDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  const file = await deps.db.transaction(async (tx) => {
    const row = await ownDocument(tx, ctx, id);
    const file = await files.findFile(tx, ctx.scope, row.fileId);
    if (!file) throw notFound(docMsg.documentNotFound);
    await repo.markFirstOpen(tx, ctx.scope, id, new Date());
    await files.recordOpen(tx, ctx.scope, file.id, ctx.actor);
    return file;
  });
  return files.sendStoredFile(deps, reply, ctx.scope, file);
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
