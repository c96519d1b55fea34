import { isOpenSwap, shiftMsg, type AdminSwapQuery, type ShiftWarning, type SwapDetail } from '@timbro/shared';
import type { AppDeps } from '../../../deps';
import { audit } from '../../../lib/audit';
import { conflict, notFound, validation } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';
import { notify } from '../../notifications';
import { warningsFor, candidatesOfShifts } from '../work-shifts.checks';
import { swapDecidedNotice } from '../work-shifts.mails';

import { describeShift, memberSwapLink, notifyCtx, tellAutoRejected } from '../work-shifts.shared';
import { dtos, exchangeWarnings, transition } from './swaps.shared';
import * as shiftsRepo from '../shifts/shifts.repository';
import * as swapsRepo from './swaps.repository';

// The admin ---------------------------------------------------------------------------------------------------------

/** GET /admin/shift-swap: by status (default: awaiting a decision), newest first. */
export async function adminSwaps(
  deps: AppDeps,
  ctx: RequestCtx,
  query: AdminSwapQuery & { page: number; per_page: number },
) {
  const where =
    query.status === 'open'
      ? swapsRepo.isOpenStatus()
      : query.status
        ? swapsRepo.swapsWithStatus(query.status)
        : swapsRepo.swapsWithStatus('waiting_admin');
  const { rows, total } = await swapsRepo.swapPage(deps.db, ctx.scope, where, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await dtos(deps.db, ctx.scope, rows), total, page: query.page, perPage: query.per_page };
}

/** GET /admin/shift-swap/{id}: with the rest-rule result for both people while it is open. */
export async function adminSwap(deps: AppDeps, ctx: RequestCtx, id: string): Promise<SwapDetail> {
  const row = await swapsRepo.swapById(deps.db, ctx.scope, id);
  if (!row) throw notFound(shiftMsg.swapNotFound);
  const [dto] = await dtos(deps.db, ctx.scope, [row]);
  const w = isOpenSwap(row.status) ? await exchangeWarnings(deps.db, ctx.scope, ctx.timeZone, row) : null;
  return { ...dto!, warnings: { requester: w?.requester ?? null, target: w?.target ?? null } };
}

/**
 * POST /admin/shift-swap/{id}/approve|reject. Approval locks the swap and both shifts, checks that neither changed
 * since the request, exchanges the two people's assignments, marks both shifts swapped (a new version each), rejects
 * automatically the other open swaps on them, and tells both people — one transaction. With rest-rule warnings for
 * either person, approval needs a note (the override is recorded on the swap and in the audit trail).
 */
export async function decide(deps: AppDeps, ctx: RequestCtx, id: string, approve: boolean, note: string | null) {
  const nctx = notifyCtx(deps, ctx);
  await deps.db.transaction(async (tx) => {
    const row = await swapsRepo.swapById(tx, ctx.scope, id, true);
    if (!row) throw notFound(shiftMsg.swapNotFound);
    const next = transition(row, { type: approve ? 'approve' : 'reject', by: 'admin' });
    const now = new Date();
    let warnings: { requester: ShiftWarning[]; target: ShiftWarning[] } = { requester: [], target: [] };
    if (approve) {
      // Both shifts locked in a fixed order (by id): two approvals touching the same shifts cannot deadlock.
      const ids = [row.sourceShiftId!, row.targetShiftId!].sort();
      for (const sid of ids) await shiftsRepo.loadShifts(tx, ctx.scope, shiftsRepo.shiftIs(sid), { lock: true });
      const shifts = await shiftsRepo.loadShifts(tx, ctx.scope, shiftsRepo.shiftIn(ids));
      const source = shifts.find((s) => s.id === row.sourceShiftId);
      const target = shifts.find((s) => s.id === row.targetShiftId);
      if (
        !source ||
        !target ||
        source.version !== row.sourceVersion ||
        target.version !== row.targetVersion ||
        !source.assignees.some((p) => p.id === row.requesterId) ||
        !target.assignees.some((p) => p.id === row.targetUserInfoId)
      )
        throw conflict(shiftMsg.swapNotOpen);
      warnings = await exchangeWarnings(tx, ctx.scope, ctx.timeZone, row);
      if ((warnings.requester.length > 0 || warnings.target.length > 0) && !note)
        throw validation([{ path: 'note', message: shiftMsg.overrideNoteRequired }]);
      await swapsRepo.moveAssignee(tx, ctx.scope, row.requesterId, source.id, target.id);
      await swapsRepo.moveAssignee(tx, ctx.scope, row.targetUserInfoId, target.id, source.id);
      const after = await shiftsRepo.loadShifts(tx, ctx.scope, shiftsRepo.shiftIn(ids));
      const stored = await warningsFor(tx, ctx.scope, ctx.timeZone, candidatesOfShifts(after), new Set(ids));
      for (const s of after)
        await shiftsRepo.updateShift(tx, ctx.scope, s.id, {
          swapped: true,
          version: s.version + 1,
          warnings: stored.get(s.id) ?? [],
          overrideNote: note && (warnings.requester.length || warnings.target.length) ? note : s.overrideNote,
          overrideBy: note && (warnings.requester.length || warnings.target.length) ? ctx.actor.userId : s.overrideBy,
          updatedBy: ctx.actor.userId,
        });
      const others = await swapsRepo.autoRejectSwaps(tx, ctx.scope, ids, 'assignment_changed', id);
      await tellAutoRejected(tx, nctx, others);
    }
    await swapsRepo.updateSwap(tx, ctx.scope, id, {
      ...next,
      decisionNote: note,
      decidedAt: now,
      decidedBy: ctx.actor.userId,
    });
    await notify(tx, nctx, {
      type: 'swap.decided',
      to: { userInfoIds: [row.requesterId, row.targetUserInfoId] },
      ...swapDecidedNotice(approve, describeShift(row.sourceSnapshot), describeShift(row.targetSnapshot), note),
      link: memberSwapLink(id),
      params: {
        status: next.status,
        source: describeShift(row.sourceSnapshot),
        target: describeShift(row.targetSnapshot),
      },
      dedupeKey: `swap.decided:${id}`,
    });
    await audit(tx, ctx, {
      action: approve ? 'shift_swap.approve' : 'shift_swap.reject',
      entity: { type: 'shift_swap', id: id },
      changes: { note, warnings: [...warnings.requester, ...warnings.target].map((w) => w.rule) },
    });
  });
  return { message: approve ? shiftMsg.swapApproved : shiftMsg.swapRejected, swap: await adminSwap(deps, ctx, id) };
}
