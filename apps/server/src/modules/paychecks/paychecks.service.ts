import {
  docMsg,
  PaycheckFieldsSchema,
  type AdminPaycheck,
  type ListPaychecksQuery,
  type Paycheck,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
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
 * attachmentFirstOpenAt, and every open is logged (files.recordOpen). The steps shared with documents are the files
 * module's employee file records.
 */

const downloadName = (p: repo.PaycheckWithPerson) =>
  `Cedolino ${p.year}-${String(p.month).padStart(2, '0')} ${p.person.lastName} ${p.person.firstName}.pdf`;

const records = files.employeeFileRecords({
  repo: repo.records,
  entity: 'paycheck',
  upload: 'payslip',
  notFound: docMsg.paycheckNotFound,
  parse: (deps, form) => files.parseFileForm(deps, form, PaycheckFieldsSchema),
  columns: (fields) => ({
    year: fields.year,
    month: fields.month,
    description: fields.description,
    netAmount: fields.netAmount,
    currencyCode: fields.currencyCode,
  }),
  // A new PDF has not been opened yet: its one reminder may go again.
  newFile: { reminderSentAt: null },
  deleted: (row) => ({ year: row.year, month: row.month, userInfoId: row.userInfoId }),
  downloadName,
});

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

/** Rows with their files and open counts, for admins: two queries whatever the number of rows. */
async function presentMany(q: Queryable, ctx: RequestCtx, rows: repo.PaycheckWithPerson[]): Promise<AdminPaycheck[]> {
  return (await records.withFiles(q, ctx, rows, true)).map(({ row, file, opens }) => ({
    ...present(row, file),
    opens,
  }));
}

/** GET /admin/paycheck and GET /admin/user/{id}/paycheck: a page in SQL order; four queries. */
export async function listPaychecks(
  deps: AppDeps,
  ctx: RequestCtx,
  query: ListPaychecksQuery,
  userInfoId?: string,
): Promise<{ items: AdminPaycheck[]; total: number; page: number; perPage: number }> {
  if (userInfoId) await records.employeeOr404(deps.db, ctx, userInfoId);
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
  const row = await records.get(deps.db, ctx, id);
  return (await presentMany(deps.db, ctx, [row]))[0]!;
}

/** POST /admin/user/{id}/paycheck: the PDF and the fields in one form; the employee is told by e-mail. */
export async function createPaycheck(deps: AppDeps, ctx: RequestCtx, userInfoId: string, request: FastifyRequest) {
  const id = await records.create(deps, ctx, userInfoId, request, (tx, row) =>
    mailPublished(tx, deps, ctx.scope, [{ userInfoId, year: row.year, month: row.month }], ctx.log),
  );
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
  await records.update(deps, ctx, id, request);
  return getPaycheck(deps, ctx, id);
}

export async function deletePaycheck(deps: AppDeps, ctx: RequestCtx, id: string) {
  await records.remove(deps, ctx, id);
  return { message: docMsg.paycheckDeleted };
}

/** GET /admin/paycheck/{id}/attachment: the admin's or consultant's open is logged, never taken for the employee's. */
export async function adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  return records.adminDownload(deps, ctx, id, reply);
}

// The employee's side -----------------------------------------------------------------------------------------

export async function myPaychecks(
  deps: AppDeps,
  ctx: RequestCtx,
  query: { page: number; per_page: number; year?: number },
) {
  const { rows, total } = await repo.listPaychecks(
    deps.db,
    ctx.scope,
    { userInfoId: records.own(ctx), year: query.year },
    { sort: 'period', order: 'desc', limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    items: (await records.withFiles(deps.db, ctx, rows)).map(({ row, file }) => present(row, file)),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}

export async function myPaycheck(deps: AppDeps, ctx: RequestCtx, id: string): Promise<Paycheck> {
  const { row, file } = await records.mine(deps.db, ctx, id);
  return present(row, file);
}

/** GET /member/paycheck/{id}/attachment: the first download sets attachmentFirstOpenAt; every one is logged. */
export async function myDownload(deps: AppDeps, ctx: RequestCtx, id: string, reply: FastifyReply) {
  return records.myDownload(deps, ctx, id, reply);
}
