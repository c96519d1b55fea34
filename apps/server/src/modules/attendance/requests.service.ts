import {
  ErrorCode,
  addDays,
  attMsg,
  resolveAutoApprove,
  type AdminRequestInput,
  type JustificationRequest,
  type ListRequestsQuery,
  type MemberRequestInput,
  type RequestUpdateInput,
  type RequestWriteResult,
} from '@timbro/shared';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { removeUsage, syncUsage } from '../accruals';
import { loadContracts, loadHolidays, type JustificationRow } from './attendance.repository';
import { assertMonthsOpen, noteMonthChanges } from './month-lock';
import { checkOpenHours, checkOverlaps, loadJustification, quotaWarnings, requireMembers } from './requests.checks';
import { mailPendingToAdmins } from './requests.mails';
import * as repo from './requests.repository';
import { daysOf, expand, presentRequest, type Draft } from './requests.rules';

/**
 * Filing and editing absence requests. The rules without a database are in requests.rules, the checks in
 * requests.checks, the e-mails in requests.mails, decisions in request-decisions.service; the ledger usage that
 * follows approved requests belongs to the accruals module (syncUsage).
 */
export { presentRequest } from './requests.rules';

/**
 * Writes drafts in a transaction (overlap and open-hours checks under row locks, audit, ledger usage, mails). The
 * status is decided last, once every check passed: what an admin files is approved; an employee's request is approved
 * at once only when auto-approval applies (spec §5), so a refused request can never be auto-approved.
 */
/** The days these requests touch, for the month closing's "changed since version n" (in the write's transaction). */
export function noteRequestChanges(
  deps: AppDeps,
  tx: Queryable,
  ctx: RequestCtx,
  rows: { id: string; userInfoId: string; date: string }[],
  action: string,
) {
  return noteMonthChanges(
    deps,
    tx,
    ctx.scope,
    rows.map((r) => ({
      date: r.date,
      userInfoId: r.userInfoId,
      entityType: 'justification-request',
      entityId: r.id,
      action,
      actorUserId: ctx.actor.userId,
    })),
  );
}

async function writeDrafts(
  deps: AppDeps,
  ctx: RequestCtx,
  j: JustificationRow,
  shape: { certificateCode: string | null; note: string | null },
  drafts: Draft[],
  filedBy: 'employee' | 'admin',
) {
  const batchId = drafts.length > 1 ? randomUUID() : null;
  return deps.db.transaction(async (tx) => {
    await requireMembers(tx, ctx.scope, [...new Set(drafts.map((d) => d.userInfoId))], {
      lock: true,
      employeesOnly: true,
    });
    // The lock is checked in the write's transaction, so a month closed meanwhile is refused too.
    if (filedBy === 'employee')
      await assertMonthsOpen(
        deps,
        tx,
        ctx.scope,
        drafts.map((d) => d.date),
      );
    await checkOverlaps(tx, ctx.scope, drafts);
    if (filedBy === 'employee') await checkOpenHours(tx, ctx, j, drafts);
    const warnings = await quotaWarnings(tx, ctx.scope, j, drafts);
    const autoApproved =
      ctx.membership !== null && resolveAutoApprove(ctx.membership.autoApprove, ctx.membership.workspaceAutoApprove);
    const status: 'open' | 'approved' = filedBy === 'admin' || autoApproved ? 'approved' : 'open';
    const now = new Date();
    const inserted = await repo.insertRequests(
      tx,
      ctx.scope,
      drafts.map((d) => ({
        ...d,
        justificationId: j.id,
        certificateCode: shape.certificateCode,
        note: shape.note,
        status,
        batchId,
        createdBy: ctx.actor.userId,
        decidedBy: status === 'approved' ? ctx.actor.userId : null,
        decidedAt: status === 'approved' ? now : null,
      })),
    );
    await syncUsage(tx, ctx.scope, ctx.actor.userId, inserted);
    await audit(tx, ctx, {
      action: 'request.create',
      entity: { type: 'justification-request', id: batchId ?? inserted[0]!.id },
      changes: {
        justificationId: j.id,
        status,
        rows: inserted.map((r) => ({ id: r.id, userInfoId: r.userInfoId, date: r.date, amount: r.amount })),
      },
    });
    await noteRequestChanges(deps, tx, ctx, inserted, 'request.create');
    const items = await repo.requestsByIds(
      tx,
      ctx.scope,
      inserted.map((r) => r.id),
    );
    if (status === 'open') await mailPendingToAdmins(tx, deps, ctx, items);
    return { items: items.map(presentRequest), warnings };
  });
}

async function prepare(
  deps: AppDeps,
  scope: WorkspaceScope,
  input: MemberRequestInput | AdminRequestInput,
  userInfoIds: string[],
) {
  const j = await loadJustification(deps.db, scope, input.justificationId!);
  const { days, multi } = daysOf(input);
  const [contractsBy, hol] = await Promise.all([
    loadContracts(deps.db, scope, userInfoIds, days[0]!, days.at(-1)!),
    loadHolidays(deps.db, scope, days[0]!, days.at(-1)!),
  ]);
  const drafts = expand(input, j, userInfoIds, days, multi, contractsBy, new Set(hol.map((h) => h.date)));
  return { j, drafts };
}

/** POST /member/justification-request: an employee asks for themself; approved at once if auto-approval applies. */
export async function createOwnRequest(
  deps: AppDeps,
  ctx: RequestCtx,
  input: MemberRequestInput,
): Promise<RequestWriteResult> {
  const userInfoId = ctx.actor.userInfoId;
  if (!userInfoId) throw new AppError(ErrorCode.FORBIDDEN, attMsg.noMembership);
  const { j, drafts } = await prepare(deps, ctx.scope, input, [userInfoId]);
  return writeDrafts(deps, ctx, j, input, drafts, 'employee');
}

/** POST /admin/justification-request: an admin files for one or more employees; what an admin files is approved. */
export async function createForEmployees(
  deps: AppDeps,
  ctx: RequestCtx,
  input: AdminRequestInput,
): Promise<RequestWriteResult> {
  const ids = [...new Set(input.userInfoIds)];
  await requireMembers(deps.db, ctx.scope, input.userInfoIds, { lock: false, employeesOnly: true });
  const { j, drafts } = await prepare(deps, ctx.scope, input, ids);
  return writeDrafts(deps, ctx, j, input, drafts, 'admin');
}

/** A request by id; another person's request reads as not found to an employee, exactly like another workspace's. */
export async function findOwnOrAny(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  ownerUserInfoId: string | null,
  lock = false,
) {
  const row = await repo.findRequest(q, scope, id, lock);
  if (!row || (ownerUserInfoId !== null && row.userInfoId !== ownerUserInfoId)) throw notFound(attMsg.requestNotFound);
  return row;
}

/** Edit one request: employees only while it is pending and its month open; admins any (usage follows). */
export async function updateRequest(
  deps: AppDeps,
  ctx: RequestCtx,
  id: string,
  input: RequestUpdateInput,
  asEmployee: boolean,
): Promise<RequestWriteResult> {
  const owner = asEmployee ? (ctx.actor.userInfoId ?? '') : null;
  const before = await findOwnOrAny(deps.db, ctx.scope, id, owner);
  if (asEmployee && before.status !== 'open') throw conflict(attMsg.requestNotPending);
  const j = await loadJustification(deps.db, ctx.scope, input.justificationId!, before.justificationId);
  const date = input.date!;
  const [contractsBy, hol] = await Promise.all([
    loadContracts(deps.db, ctx.scope, [before.userInfoId], date, date),
    loadHolidays(deps.db, ctx.scope, date, date),
  ]);
  const [draft] = expand(input, j, [before.userInfoId], [date], false, contractsBy, new Set(hol.map((h) => h.date)));
  return deps.db.transaction(async (tx) => {
    await requireMembers(tx, ctx.scope, [before.userInfoId], { lock: true, employeesOnly: false });
    const current = await findOwnOrAny(tx, ctx.scope, id, owner, true);
    if (asEmployee && current.status !== 'open') throw conflict(attMsg.requestNotPending);
    if (asEmployee) await assertMonthsOpen(deps, tx, ctx.scope, [current.date, date]);
    await checkOverlaps(tx, ctx.scope, [draft!], [id]);
    if (asEmployee) await checkOpenHours(tx, ctx, j, [draft!], [id]);
    const warnings = await quotaWarnings(tx, ctx.scope, j, [draft!], [id]);
    const after = await repo.updateRequestRow(tx, ctx.scope, id, {
      ...draft!,
      justificationId: j.id,
      certificateCode: input.certificateCode,
      note: input.note,
      updatedAt: new Date(),
    });
    await syncUsage(tx, ctx.scope, ctx.actor.userId, [after]);
    await audit(tx, ctx, {
      action: 'request.update',
      entity: { type: 'justification-request', id },
      changes: {
        date: { from: current.date, to: after.date },
        justificationId: { from: current.justificationId, to: after.justificationId },
        amount: { from: current.amount, to: after.amount },
      },
    });
    await noteRequestChanges(deps, tx, ctx, current.date === after.date ? [after] : [current, after], 'request.update');
    return { items: (await repo.requestsByIds(tx, ctx.scope, [id])).map(presentRequest), warnings };
  });
}

/** Move a request one day back or forward (same checks as an edit). */
export async function moveRequest(deps: AppDeps, ctx: RequestCtx, id: string, days: 1 | -1, asEmployee: boolean) {
  const owner = asEmployee ? (ctx.actor.userInfoId ?? '') : null;
  const before = await findOwnOrAny(deps.db, ctx.scope, id, owner);
  const target = addDays(before.date, days);
  return updateRequest(
    deps,
    ctx,
    id,
    {
      date: target,
      justificationId: before.justificationId,
      category: before.category,
      wholeDay: before.wholeDay,
      startsAtMinutes: before.startsAtMinutes,
      endsAtMinutes: before.endsAtMinutes,
      amount: before.category === 'amount' ? before.amount : null,
      certificateCode: before.certificateCode,
      note: before.note,
    },
    asEmployee,
  );
}

/** Withdraw (employee, pending only) or delete (admin, any status: its usage leaves the ledger). */
export async function deleteRequest(deps: AppDeps, ctx: RequestCtx, id: string, asEmployee: boolean) {
  const owner = asEmployee ? (ctx.actor.userInfoId ?? '') : null;
  await deps.db.transaction(async (tx) => {
    const row = await findOwnOrAny(tx, ctx.scope, id, owner, true);
    if (asEmployee && row.status !== 'open') throw conflict(attMsg.requestNotPending);
    if (asEmployee) await assertMonthsOpen(deps, tx, ctx.scope, [row.date]);
    await removeUsage(tx, ctx.scope, id);
    await repo.deleteRequestRow(tx, ctx.scope, id);
    await audit(tx, ctx, {
      action: asEmployee ? 'request.withdraw' : 'request.delete',
      entity: { type: 'justification-request', id },
      changes: {
        userInfoId: row.userInfoId,
        justificationId: row.justificationId,
        date: row.date,
        amount: row.amount,
        status: row.status,
      },
    });
    await noteRequestChanges(deps, tx, ctx, [row], asEmployee ? 'request.withdraw' : 'request.delete');
  });
}

/** Paginated request list: an employee's own (owner set) or the workspace's, with filters. */
export async function listRequests(
  deps: AppDeps,
  ctx: RequestCtx,
  query: ListRequestsQuery,
  ownerUserInfoId: string | null,
): Promise<{ items: JustificationRequest[]; total: number; page: number; perPage: number }> {
  const { rows, total } = await repo.pageOfRequests(deps.db, ctx.scope, query, ownerUserInfoId);
  return { items: rows.map(presentRequest), total, page: query.page, perPage: query.per_page };
}
