import {
  docMsg,
  PaycheckFieldsSchema,
  peopleMsg,
  type AdminPaycheck,
  type ListPaychecksQuery,
  type Paycheck,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { diff, audit } from '../../lib/audit';
import { forbidden, notFound, validation } from '../../lib/errors';
import type { MailLogger } from '../../lib/mail';
import { notify } from '../notifications';
import { paycheckPublishedNotice } from './paychecks.mails';
import type { WorkspaceScope } from '../../db/scope';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import * as repo from './paychecks.repository';

/**
 * Pay slips (spec §2, §3, §5): admins and the labour consultant publish them per employee (one PDF each), employees
 * read and download their own. Every download goes through the record's check; the employee's first sets
 * attachmentFirstOpenAt, and every open is logged (files.recordOpen).
 */

type Fields = z.output<typeof PaycheckFieldsSchema>;

function present(row: repo.PaycheckWithPerson, file: files.FileRow): Paycheck {
  return {
    id: row.id,
    userInfo: row.person,
    year: row.year,
    month: row.month,
    description: row.description,
    netAmount: row.netAmount,
    currencyCode: row.currencyCode,
    attachment: files.presentFile(file),
    attachmentFirstOpenAt: row.attachmentFirstOpenAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Rows with their files and (for admins) open counts: two queries whatever the number of rows. */
async function presentMany(q: Queryable, ctx: RequestCtx, rows: repo.PaycheckWithPerson[]) {
  const ids = rows.map((r) => r.fileId);
  const [fileRows, opens] = await Promise.all([
    files.findFiles(q, ctx.scope, ids),
    files.openCounts(q, ctx.scope, ids),
  ]);
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  return rows.map((r) => ({ ...present(r, byId.get(r.fileId)!), opens: opens.get(r.fileId) ?? 0 }));
}

/** The multipart fields checked with the shared schema; a refusal removes the file that came with them. */
async function parseFields(deps: AppDeps, form: files.ReceivedForm): Promise<Fields> {
  const parsed = PaycheckFieldsSchema.safeParse(form.fields);
  if (parsed.success) return parsed.data;
  if (form.file) await files.discardUpload(deps, form.file);
  const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw validation(errors.filter((e, n) => errors.findIndex((x) => x.path === e.path) === n));
}

async function employeeOr404(q: Queryable, ctx: RequestCtx, userInfoId: string) {
  const person = await repo.findEmployee(q, ctx.scope, userInfoId);
  if (!person) throw notFound(peopleMsg.userNotFound);
  return person;
}

/** GET /admin/paycheck and GET /admin/user/{id}/paycheck: a page in SQL order; four queries. */
export async function listPaychecks(
  deps: AppDeps,
  ctx: RequestCtx,
  query: ListPaychecksQuery,
  userInfoId?: string,
): Promise<{ items: AdminPaycheck[]; total: number; page: number; perPage: number }> {
  if (userInfoId) await employeeOr404(deps.db, ctx, userInfoId);
  const { rows, total } = await repo.listPaychecks(
    deps.db,
    ctx.scope,
    {
      userInfoId: userInfoId ?? query.user_info_id,
      year: query.year,
      month: query.month,
      opened: query.opened,
      search: query.search,
    },
    { sort: query.sort, order: query.order, limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return { items: await presentMany(deps.db, ctx, rows), total, page: query.page, perPage: query.per_page };
}

export async function getPaycheck(deps: AppDeps, ctx: RequestCtx, id: string): Promise<AdminPaycheck> {
  const row = await repo.findPaycheck(deps.db, ctx.scope, id);
  if (!row) throw notFound(docMsg.paycheckNotFound);
  return (await presentMany(deps.db, ctx, [row]))[0]!;
}

/** POST /admin/user/{id}/paycheck: the PDF and the fields in one form; the employee is told by e-mail. */
export async function createPaycheck(deps: AppDeps, ctx: RequestCtx, userInfoId: string, request: FastifyRequest) {
  await employeeOr404(deps.db, ctx, userInfoId);
  const form = await files.receiveForm(deps, request, ctx.scope, 'payslip');
  const fields = await parseFields(deps, form);
  const upload = files.requireFile(form);
  const id = await deps.db.transaction(async (tx) => {
    await files.recordUpload(tx, ctx.scope, upload, ctx.actor);
    const row = await repo.insertPaycheck(tx, ctx.scope, {
      userInfoId,
      year: fields.year,
      month: fields.month,
      description: fields.description,
      netAmount: fields.netAmount,
      currencyCode: fields.currencyCode,
      fileId: upload.id,
      createdBy: ctx.actor.userId,
    });
    await audit(tx, ctx, {
      action: 'paycheck.create',
      entity: { type: 'paycheck', id: row.id },
      changes: { ...fields, userInfoId, file: upload.sha256 },
    });
    await mailPublished(tx, deps, ctx.scope, [{ userInfoId, year: fields.year, month: fields.month }], ctx.log);
    return row.id;
  });
  return getPaycheck(deps, ctx, id);
}

/**
 * Tells each employee whose pay slip was published (in the caller's transaction, through the dispatcher): one event
 * per period, whatever the number of slips, so a bulk import of 500 pages costs a few statements.
 */
export async function mailPublished(
  q: Queryable,
  deps: Pick<AppDeps, 'config'>,
  scope: WorkspaceScope,
  slips: { userInfoId: string; year: number; month: number }[],
  log?: MailLogger,
) {
  const periods = new Map<string, { year: number; month: number; people: Set<string> }>();
  for (const s of slips) {
    const key = `${s.year}-${s.month}`;
    const p = periods.get(key) ?? { year: s.year, month: s.month, people: new Set<string>() };
    p.people.add(s.userInfoId);
    periods.set(key, p);
  }
  for (const p of periods.values()) {
    await notify(
      q,
      { scope, publicUrl: deps.config.publicUrl, log },
      {
        type: 'paycheck.published',
        to: { userInfoIds: [...p.people] },
        ...paycheckPublishedNotice(p.year, p.month),
        link: '/member/paycheck',
        params: { year: p.year, month: p.month },
      },
    );
  }
}

/** POST /admin/paycheck/{id}: the fields again, and optionally a new PDF (the old one's bytes go to the sweeper). */
export async function updatePaycheck(deps: AppDeps, ctx: RequestCtx, id: string, request: FastifyRequest) {
  if (!(await repo.findPaycheck(deps.db, ctx.scope, id))) throw notFound(docMsg.paycheckNotFound);
  const form = await files.receiveForm(deps, request, ctx.scope, 'payslip');
  const fields = await parseFields(deps, form);
  const upload = form.file;
  try {
    await deps.db.transaction(async (tx) => {
      const before = await repo.findPaycheck(tx, ctx.scope, id, true);
      if (!before) throw notFound(docMsg.paycheckNotFound);
      if (upload) await files.recordUpload(tx, ctx.scope, upload, ctx.actor);
      const after = await repo.updatePaycheck(tx, ctx.scope, id, {
        year: fields.year,
        month: fields.month,
        description: fields.description,
        netAmount: fields.netAmount,
        currencyCode: fields.currencyCode,
        ...(upload ? { fileId: upload.id, attachmentFirstOpenAt: null, reminderSentAt: null } : {}),
      });
      if (upload) await files.deleteFiles(tx, ctx.scope, [before.fileId]);
      await audit(tx, ctx, {
        action: 'paycheck.update',
        entity: { type: 'paycheck', id },
        changes: diff(before, after!),
      });
    });
  } catch (err) {
    if (upload) await files.discardUpload(deps, upload);
    throw err;
  }
  if (upload) await deps.triggerJob('file-sweep');
  return getPaycheck(deps, ctx, id);
}

export async function deletePaycheck(deps: AppDeps, ctx: RequestCtx, id: string) {
  await deps.db.transaction(async (tx) => {
    const row = await repo.deletePaycheck(tx, ctx.scope, id);
    if (!row) throw notFound(docMsg.paycheckNotFound);
    await files.deleteFiles(tx, ctx.scope, [row.fileId]);
    await audit(tx, ctx, {
      action: 'paycheck.delete',
      entity: { type: 'paycheck', id },
      changes: { year: row.year, month: row.month, userInfoId: row.userInfoId },
    });
  });
  await deps.triggerJob('file-sweep');
  return { message: docMsg.paycheckDeleted };
}

const downloadName = (p: repo.PaycheckWithPerson) =>
  `Cedolino ${p.year}-${String(p.month).padStart(2, '0')} ${p.person.lastName} ${p.person.firstName}.pdf`;

/** GET /admin/paycheck/{id}/attachment: the admin's or consultant's open is logged, never taken for the employee's. */
export async function adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  const row = await repo.findPaycheck(deps.db, ctx.scope, id);
  if (!row) throw notFound(docMsg.paycheckNotFound);
  const file = await files.findFile(deps.db, ctx.scope, row.fileId);
  if (!file) throw notFound(docMsg.paycheckNotFound);
  await files.recordOpen(deps.db, ctx.scope, file.id, ctx.actor);
  return files.sendStoredFile(deps, reply, ctx.scope, file, downloadName(row));
}

// The employee's side -----------------------------------------------------------------------------------------

function own(ctx: RequestCtx) {
  const userInfoId = ctx.actor.userInfoId;
  if (!userInfoId) throw forbidden();
  return userInfoId;
}

async function ownPaycheck(q: Queryable, ctx: RequestCtx, id: string) {
  const row = await repo.findPaycheck(q, ctx.scope, id);
  if (!row || row.userInfoId !== own(ctx)) throw notFound(docMsg.paycheckNotFound);
  return row;
}

export async function myPaychecks(
  deps: AppDeps,
  ctx: RequestCtx,
  query: { page: number; per_page: number; year?: number },
) {
  const { rows, total } = await repo.listPaychecks(
    deps.db,
    ctx.scope,
    { userInfoId: own(ctx), year: query.year },
    { sort: 'period', order: 'desc', limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const fileRows = await files.findFiles(
    deps.db,
    ctx.scope,
    rows.map((r) => r.fileId),
  );
  const byId = new Map(fileRows.map((f) => [f.id, f]));
  return { items: rows.map((r) => present(r, byId.get(r.fileId)!)), total, page: query.page, perPage: query.per_page };
}

export async function myPaycheck(deps: AppDeps, ctx: RequestCtx, id: string): Promise<Paycheck> {
  const row = await ownPaycheck(deps.db, ctx, id);
  const file = await files.findFile(deps.db, ctx.scope, row.fileId);
  return present(row, file!);
}

/** GET /member/paycheck/{id}/attachment: the first download sets attachmentFirstOpenAt; every one is logged. */
export async function myDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  const { row, file } = await deps.db.transaction(async (tx) => {
    const row = await ownPaycheck(tx, ctx, id);
    const file = await files.findFile(tx, ctx.scope, row.fileId);
    if (!file) throw notFound(docMsg.paycheckNotFound);
    await repo.markFirstOpen(tx, ctx.scope, id, new Date());
    await files.recordOpen(tx, ctx.scope, file.id, ctx.actor);
    return { row, file };
  });
  return files.sendStoredFile(deps, reply, ctx.scope, file, downloadName(row));
}
