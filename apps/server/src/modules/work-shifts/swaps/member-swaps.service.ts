import {
  addDays,
  isOpenSwap,
  shiftMsg,
  SWAP_WINDOW_DAYS,
  type MemberSwapQuery,
  type SwapCandidates,
  type SwapDetail,
} from '@timbro/shared';
import type { AppDeps } from '../../../deps';
import { audit } from '../../../lib/audit';
import { conflict, forbidden, notFound, validation } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';
import { notify } from '../../notifications';
import { swapAnsweredNotice, swapRequestedNotice, swapToDecideNotice } from '../work-shifts.mails';

import { adminSwapLink, describeShift, memberSwapLink, notifyCtx, personName, toRef } from '../work-shifts.shared';
import { dtos, exchangeWarnings, me, myFutureShift, transition } from './swaps.shared';
import * as shiftsRepo from '../shifts/shifts.repository';
import * as swapsRepo from './swaps.repository';

/** GET /member/work-shift/{id}/swap-candidates: colleagues' published future shifts within the window. */
export async function candidates(deps: AppDeps, ctx: RequestCtx, id: string): Promise<SwapCandidates> {
  const mine = me(ctx);
  const source = await myFutureShift(deps, ctx, deps.db, id);
  const rows = await swapsRepo.candidateShifts(
    deps.db,
    ctx.scope,
    mine,
    source.id,
    new Date(),
    addDays(source.date, -SWAP_WINDOW_DAYS),
    addDays(source.date, SWAP_WINDOW_DAYS),
  );
  return { items: rows.map((r) => ({ shift: toRef(r.shift), person: r.person })) };
}

/** POST /member/shift-swap: ask a colleague to exchange one of my future published shifts with one of theirs. */
export async function requestSwap(
  deps: AppDeps,
  ctx: RequestCtx,
  input: { sourceShiftId: string; targetShiftId: string; targetUserInfoId: string; note: string | null },
) {
  const mine = me(ctx);
  if (input.targetUserInfoId === mine)
    throw validation([{ path: 'targetUserInfoId', message: shiftMsg.swapSamePerson }]);
  const nctx = notifyCtx(deps, ctx);
  const id = await deps.db.transaction(async (tx) => {
    const [source] = await shiftsRepo.loadShifts(tx, ctx.scope, shiftsRepo.shiftIs(input.sourceShiftId), {
      lock: true,
    });
    if (!source || !source.publishedAt || !source.assignees.some((p) => p.id === mine))
      throw validation([{ path: 'sourceShiftId', message: shiftMsg.swapOwnShiftOnly }]);
    if (source.startsAt.getTime() <= Date.now())
      throw validation([{ path: 'sourceShiftId', message: shiftMsg.swapPast }]);
    const [target] = await shiftsRepo.loadShifts(tx, ctx.scope, shiftsRepo.shiftIs(input.targetShiftId), {
      lock: true,
    });
    if (
      !target ||
      !target.publishedAt ||
      target.id === source.id ||
      !target.assignees.some((p) => p.id === input.targetUserInfoId) ||
      target.assignees.some((p) => p.id === mine) ||
      source.assignees.some((p) => p.id === input.targetUserInfoId)
    )
      throw validation([{ path: 'targetShiftId', message: shiftMsg.swapTargetInvalid }]);
    if (target.startsAt.getTime() <= Date.now())
      throw validation([{ path: 'targetShiftId', message: shiftMsg.swapPast }]);
    const days = Math.abs(Date.parse(target.date) - Date.parse(source.date)) / 86_400_000;
    if (days > SWAP_WINDOW_DAYS) throw validation([{ path: 'targetShiftId', message: shiftMsg.swapTooFar }]);
    if (await swapsRepo.openSwapOf(tx, ctx.scope, source.id, mine)) throw conflict(shiftMsg.swapAlreadyOpen);
    const row = await swapsRepo.insertSwap(tx, ctx.scope, {
      sourceShiftId: source.id,
      targetShiftId: target.id,
      requesterId: mine,
      targetUserInfoId: input.targetUserInfoId,
      sourceVersion: source.version,
      targetVersion: target.version,
      sourceSnapshot: toRef(source),
      targetSnapshot: toRef(target),
      note: input.note,
    });
    const requester = source.assignees.find((p) => p.id === mine)!;
    await notify(tx, nctx, {
      type: 'swap.requested',
      to: { userInfoIds: [input.targetUserInfoId] },
      ...swapRequestedNotice(personName(requester), describeShift(source), describeShift(target)),
      link: memberSwapLink(row.id),
      // What the web needs to write the texts in the reader's language (ADR 0021).
      params: { requester: personName(requester), source: describeShift(source), target: describeShift(target) },
      dedupeKey: `swap.requested:${row.id}`,
    });
    await audit(tx, ctx, {
      action: 'shift_swap.request',
      entity: { type: 'shift_swap', id: row.id },
      changes: { sourceShiftId: source.id, targetShiftId: target.id, targetUserInfoId: input.targetUserInfoId },
    });
    return row.id;
  });
  return { message: shiftMsg.swapRequested, swap: await mySwap(deps, ctx, id) };
}

/** GET /member/shift-swap: mine (asked by me), those awaiting my reply, or both. */
export async function mySwaps(
  deps: AppDeps,
  ctx: RequestCtx,
  query: MemberSwapQuery & { page: number; per_page: number },
) {
  const mine = me(ctx);
  const where =
    query.box === 'mine'
      ? swapsRepo.swapsAskedBy(mine)
      : query.box === 'to_answer'
        ? swapsRepo.swapsAwaiting(mine)
        : swapsRepo.swapsInvolving(mine);
  const { rows, total } = await swapsRepo.swapPage(deps.db, ctx.scope, where, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await dtos(deps.db, ctx.scope, rows), total, page: query.page, perPage: query.per_page };
}

/** GET /member/shift-swap/{id}: a swap I am part of, with the rest-rule result for me while it is open. */
export async function mySwap(deps: AppDeps, ctx: RequestCtx, id: string): Promise<SwapDetail> {
  const mine = me(ctx);
  const row = await swapsRepo.swapById(deps.db, ctx.scope, id);
  if (!row || (row.requesterId !== mine && row.targetUserInfoId !== mine)) throw notFound(shiftMsg.swapNotFound);
  const [dto] = await dtos(deps.db, ctx.scope, [row]);
  const w = isOpenSwap(row.status) ? await exchangeWarnings(deps.db, ctx.scope, ctx.timeZone, row) : null;
  return {
    ...dto!,
    warnings: {
      requester: w && row.requesterId === mine ? w.requester : null,
      target: w && row.targetUserInfoId === mine ? w.target : null,
    },
  };
}

/** POST /member/shift-swap/{id}/accept|decline: the colleague's reply. Accepting hands it to the admins. */
export async function answer(deps: AppDeps, ctx: RequestCtx, id: string, accept: boolean, note: string | null) {
  const mine = me(ctx);
  const nctx = notifyCtx(deps, ctx);
  await deps.db.transaction(async (tx) => {
    const row = await swapsRepo.swapById(tx, ctx.scope, id, true);
    if (!row || (row.requesterId !== mine && row.targetUserInfoId !== mine)) throw notFound(shiftMsg.swapNotFound);
    if (row.targetUserInfoId !== mine) throw forbidden(shiftMsg.swapNotForYou);
    const next = transition(row, { type: accept ? 'accept' : 'decline', by: 'target' });
    const now = new Date();
    await swapsRepo.updateSwap(tx, ctx.scope, id, { ...next, answerNote: note, answeredAt: now });
    const names = await shiftsRepo.existingPeople(tx, ctx.scope, [row.requesterId, row.targetUserInfoId]);
    const name = (pid: string) => personName(names.find((p) => p.id === pid) ?? { firstName: '', lastName: '' });
    await notify(tx, nctx, {
      type: 'swap.answered',
      to: { userInfoIds: [row.requesterId] },
      ...swapAnsweredNotice(name(mine), describeShift(row.sourceSnapshot), accept, note),
      link: memberSwapLink(id),
      params: { accepted: accept, colleague: name(mine), shift: describeShift(row.sourceSnapshot) },
      dedupeKey: `swap.answered:${id}`,
    });
    if (accept) {
      await notify(tx, nctx, {
        type: 'swap.answered',
        to: { admins: true },
        except: [row.requesterId, mine],
        ...swapToDecideNotice(
          name(row.requesterId),
          name(mine),
          describeShift(row.sourceSnapshot),
          describeShift(row.targetSnapshot),
        ),
        link: adminSwapLink(id),
        params: { requester: name(row.requesterId), colleague: name(mine) },
        dedupeKey: `swap.to_decide:${id}`,
      });
    }
    await audit(tx, ctx, {
      action: accept ? 'shift_swap.accept' : 'shift_swap.decline',
      entity: { type: 'shift_swap', id: id },
      changes: { note },
    });
  });
  return { message: accept ? shiftMsg.swapAccepted : shiftMsg.swapDeclined, swap: await mySwap(deps, ctx, id) };
}
