import {
  addDays,
  isOpenSwap,
  shiftMsg,
  swapTransition,
  SWAP_WINDOW_DAYS,
  type AdminSwapQuery,
  type MemberSwapQuery,
  type ShiftRef,
  type ShiftWarning,
  type Swap,
  type SwapCandidates,
  type SwapDetail,
  type SwapEvent,
  type SwapRefusal,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { conflict, forbidden, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { notify } from '../notifications';
import { warningsFor } from './work-shifts.checks';
import { swapMail } from './work-shifts.mails';
import * as repo from './work-shifts.repository';
import {
  adminSwapLink,
  candidatesOf,
  describeShift,
  memberSwapLink,
  notifyCtx,
  personName,
  tellAutoRejected,
  toRef,
} from './work-shifts.shared';

type Names = Awaited<ReturnType<typeof repo.swapNames>>;

const unknown = (id: string) => ({ id, firstName: '', lastName: '' });

export function swapDto(s: repo.SwapRow, names: Names, live?: Map<string, ShiftRef>): Swap {
  return {
    id: s.id,
    status: s.status,
    targetStatus: s.targetStatus,
    note: s.note,
    requester: names.people.get(s.requesterId) ?? unknown(s.requesterId),
    target: names.people.get(s.targetUserInfoId) ?? unknown(s.targetUserInfoId),
    sourceShift: (s.sourceShiftId && live?.get(s.sourceShiftId)) || s.sourceSnapshot,
    targetShift: (s.targetShiftId && live?.get(s.targetShiftId)) || s.targetSnapshot,
    answerNote: s.answerNote,
    answeredAt: s.answeredAt?.toISOString() ?? null,
    decisionNote: s.decisionNote,
    decidedAt: s.decidedAt?.toISOString() ?? null,
    decidedBy: s.decidedBy ? (names.deciders.get(s.decidedBy) ?? null) : null,
    autoReason: s.autoReason,
    createdAt: s.createdAt.toISOString(),
  };
}

/** The shifts a page of swaps points at, as they are now (a swap keeps snapshots for deleted ones): one query. */
async function liveRefs(q: Queryable, scope: WorkspaceScope, rows: repo.SwapRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.sourceShiftId, r.targetShiftId]).filter((x): x is string => !!x))];
  if (ids.length === 0) return new Map<string, ShiftRef>();
  const shifts = await repo.shiftsById(q, scope, ids);
  return new Map(shifts.map((s) => [s.id, toRef(s)]));
}

async function dtos(q: Queryable, scope: WorkspaceScope, rows: repo.SwapRow[]) {
  const [names, live] = await Promise.all([repo.swapNames(q, scope, rows), liveRefs(q, scope, rows)]);
  return rows.map((r) => swapDto(r, names, live));
}

const refusal: Record<SwapRefusal, string> = {
  not_open: shiftMsg.swapNotOpen,
  not_waiting_colleague: shiftMsg.swapNotWaitingColleague,
  not_waiting_admin: shiftMsg.swapNotWaitingAdmin,
};

function transition(s: repo.SwapRow, event: SwapEvent) {
  const next = swapTransition({ status: s.status, targetStatus: s.targetStatus }, event);
  if (!next.ok) throw conflict(refusal[next.reason]);
  return next.state;
}

function me(ctx: RequestCtx) {
  const id = ctx.actor.userInfoId;
  if (!id) throw forbidden();
  return id;
}

/**
 * The rest-rule result of an exchange for both people (ADR 0022): the requester working the target shift instead of
 * the source, the colleague the source instead of the target. Four queries.
 */
export async function exchangeWarnings(
  q: Queryable,
  scope: WorkspaceScope,
  timeZone: string,
  s: repo.SwapRow,
): Promise<{ requester: ShiftWarning[]; target: ShiftWarning[] }> {
  if (!s.sourceShiftId || !s.targetShiftId) return { requester: [], target: [] };
  const shifts = await repo.loadShifts(q, scope, repo.shiftIn([s.sourceShiftId, s.targetShiftId]));
  const source = shifts.find((x) => x.id === s.sourceShiftId);
  const target = shifts.find((x) => x.id === s.targetShiftId);
  if (!source || !target) return { requester: [], target: [] };
  const result = await warningsFor(
    q,
    scope,
    timeZone,
    [...candidatesOf(target, [s.requesterId]), ...candidatesOf(source, [s.targetUserInfoId])],
    new Set(),
    new Set([`${source.id}:${s.requesterId}`, `${target.id}:${s.targetUserInfoId}`]),
  );
  const all = [...result.values()].flat();
  return {
    requester: all.filter((w) => w.userInfoId === s.requesterId),
    target: all.filter((w) => w.userInfoId === s.targetUserInfoId),
  };
}

// The member --------------------------------------------------------------------------------------------------------

/** A published shift of mine, not started yet (what a swap may offer). */
async function myFutureShift(deps: AppDeps, ctx: RequestCtx, q: Queryable, id: string, lock = false) {
  const [row] = await repo.loadShifts(q, ctx.scope, repo.shiftIs(id), { lock });
  if (!row || !row.publishedAt || !row.assignees.some((p) => p.id === ctx.actor.userInfoId))
    throw notFound(shiftMsg.shiftNotFound);
  if (row.startsAt.getTime() <= Date.now()) throw conflict(shiftMsg.swapPast);
  return row;
}

/** GET /member/work-shift/{id}/swap-candidates: colleagues' published future shifts within the window. */
export async function candidates(deps: AppDeps, ctx: RequestCtx, id: string): Promise<SwapCandidates> {
  const mine = me(ctx);
  const source = await myFutureShift(deps, ctx, deps.db, id);
  const rows = await repo.candidateShifts(
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
    const [source] = await repo.loadShifts(tx, ctx.scope, repo.shiftIs(input.sourceShiftId), { lock: true });
    if (!source || !source.publishedAt || !source.assignees.some((p) => p.id === mine))
      throw validation([{ path: 'sourceShiftId', message: shiftMsg.swapOwnShiftOnly }]);
    if (source.startsAt.getTime() <= Date.now())
      throw validation([{ path: 'sourceShiftId', message: shiftMsg.swapPast }]);
    const [target] = await repo.loadShifts(tx, ctx.scope, repo.shiftIs(input.targetShiftId), { lock: true });
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
    if (await repo.openSwapOf(tx, ctx.scope, source.id, mine)) throw conflict(shiftMsg.swapAlreadyOpen);
    const row = await repo.insertSwap(tx, ctx.scope, {
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
    const title = `${personName(requester)} ti chiede di scambiare un turno`;
    const body = `Il suo turno del ${describeShift(source)} con il tuo del ${describeShift(target)}`;
    await notify(tx, nctx, {
      type: 'swap.requested',
      to: { userInfoIds: [input.targetUserInfoId] },
      title,
      body,
      link: memberSwapLink(row.id),
      // What the web needs to write the texts in the reader's language (ADR 0021).
      params: { requester: personName(requester), source: describeShift(source), target: describeShift(target) },
      dedupeKey: `swap.requested:${row.id}`,
      mail: (r) => swapMail('swap-requested', title, r.firstName, `${body}. Rispondi su Timbro.`, r.link),
    });
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'shift_swap.request',
      entityType: 'shift_swap',
      entityId: row.id,
      changes: { sourceShiftId: source.id, targetShiftId: target.id, targetUserInfoId: input.targetUserInfoId },
      requestId: ctx.actor.requestId,
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
      ? repo.swapsAskedBy(mine)
      : query.box === 'to_answer'
        ? repo.swapsAwaiting(mine)
        : repo.swapsInvolving(mine);
  const { rows, total } = await repo.swapPage(deps.db, ctx.scope, where, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await dtos(deps.db, ctx.scope, rows), total, page: query.page, perPage: query.per_page };
}

/** GET /member/shift-swap/{id}: a swap I am part of, with the rest-rule result for me while it is open. */
export async function mySwap(deps: AppDeps, ctx: RequestCtx, id: string): Promise<SwapDetail> {
  const mine = me(ctx);
  const row = await repo.swapById(deps.db, ctx.scope, id);
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
    const row = await repo.swapById(tx, ctx.scope, id, true);
    if (!row || (row.requesterId !== mine && row.targetUserInfoId !== mine)) throw notFound(shiftMsg.swapNotFound);
    if (row.targetUserInfoId !== mine) throw forbidden(shiftMsg.swapNotForYou);
    const next = transition(row, { type: accept ? 'accept' : 'decline', by: 'target' });
    const now = new Date();
    await repo.updateSwap(tx, ctx.scope, id, { ...next, answerNote: note, answeredAt: now });
    const names = await repo.existingPeople(tx, ctx.scope, [row.requesterId, row.targetUserInfoId]);
    const name = (pid: string) => personName(names.find((p) => p.id === pid) ?? { firstName: '', lastName: '' });
    const title = accept
      ? `${name(mine)} ha accettato lo scambio del turno del ${describeShift(row.sourceSnapshot)}`
      : `${name(mine)} ha rifiutato lo scambio del turno del ${describeShift(row.sourceSnapshot)}`;
    await notify(tx, nctx, {
      type: 'swap.answered',
      to: { userInfoIds: [row.requesterId] },
      title,
      body: accept ? 'Ora decide un amministratore' : (note ?? ''),
      link: memberSwapLink(id),
      params: { accepted: accept, colleague: name(mine), shift: describeShift(row.sourceSnapshot) },
      dedupeKey: `swap.answered:${id}`,
      mail: (r) => swapMail('swap-answered', title, r.firstName, `${title}.`, r.link),
    });
    if (accept) {
      const adminTitle = `Cambio turno da approvare: ${name(row.requesterId)} e ${name(mine)}`;
      await notify(tx, nctx, {
        type: 'swap.answered',
        to: { admins: true },
        except: [row.requesterId, mine],
        title: adminTitle,
        body: `${describeShift(row.sourceSnapshot)} ↔ ${describeShift(row.targetSnapshot)}`,
        link: adminSwapLink(id),
        params: { requester: name(row.requesterId), colleague: name(mine) },
        dedupeKey: `swap.to_decide:${id}`,
        mail: (r) => swapMail('swap-to-decide', adminTitle, r.firstName, `${adminTitle}.`, r.link),
      });
    }
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: accept ? 'shift_swap.accept' : 'shift_swap.decline',
      entityType: 'shift_swap',
      entityId: id,
      changes: { note },
      requestId: ctx.actor.requestId,
    });
  });
  return { message: accept ? shiftMsg.swapAccepted : shiftMsg.swapDeclined, swap: await mySwap(deps, ctx, id) };
}

// The admin ---------------------------------------------------------------------------------------------------------

/** GET /admin/shift-swap: by status (default: awaiting a decision), newest first. */
export async function adminSwaps(
  deps: AppDeps,
  ctx: RequestCtx,
  query: AdminSwapQuery & { page: number; per_page: number },
) {
  const where =
    query.status === 'open'
      ? repo.isOpenStatus()
      : query.status
        ? repo.swapsWithStatus(query.status)
        : repo.swapsWithStatus('waiting_admin');
  const { rows, total } = await repo.swapPage(deps.db, ctx.scope, where, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await dtos(deps.db, ctx.scope, rows), total, page: query.page, perPage: query.per_page };
}

/** GET /admin/shift-swap/{id}: with the rest-rule result for both people while it is open. */
export async function adminSwap(deps: AppDeps, ctx: RequestCtx, id: string): Promise<SwapDetail> {
  const row = await repo.swapById(deps.db, ctx.scope, id);
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
    const row = await repo.swapById(tx, ctx.scope, id, true);
    if (!row) throw notFound(shiftMsg.swapNotFound);
    const next = transition(row, { type: approve ? 'approve' : 'reject', by: 'admin' });
    const now = new Date();
    let warnings: { requester: ShiftWarning[]; target: ShiftWarning[] } = { requester: [], target: [] };
    if (approve) {
      // Both shifts locked in a fixed order (by id): two approvals touching the same shifts cannot deadlock.
      const ids = [row.sourceShiftId!, row.targetShiftId!].sort();
      for (const sid of ids) await repo.loadShifts(tx, ctx.scope, repo.shiftIs(sid), { lock: true });
      const shifts = await repo.loadShifts(tx, ctx.scope, repo.shiftIn(ids));
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
      await repo.moveAssignee(tx, ctx.scope, row.requesterId, source.id, target.id);
      await repo.moveAssignee(tx, ctx.scope, row.targetUserInfoId, target.id, source.id);
      const after = await repo.loadShifts(tx, ctx.scope, repo.shiftIn(ids));
      const stored = await warningsFor(
        tx,
        ctx.scope,
        ctx.timeZone,
        after.flatMap((s) =>
          candidatesOf(
            s,
            s.assignees.map((p) => p.id),
          ),
        ),
        new Set(ids),
      );
      for (const s of after)
        await repo.updateShift(tx, ctx.scope, s.id, {
          swapped: true,
          version: s.version + 1,
          warnings: stored.get(s.id) ?? [],
          overrideNote: note && (warnings.requester.length || warnings.target.length) ? note : s.overrideNote,
          overrideBy: note && (warnings.requester.length || warnings.target.length) ? ctx.actor.userId : s.overrideBy,
          updatedBy: ctx.actor.userId,
        });
      const others = await repo.autoRejectSwaps(tx, ctx.scope, ids, 'assignment_changed', id);
      await tellAutoRejected(tx, nctx, others);
    }
    await repo.updateSwap(tx, ctx.scope, id, {
      ...next,
      decisionNote: note,
      decidedAt: now,
      decidedBy: ctx.actor.userId,
    });
    const title = approve
      ? `Cambio turno approvato: ${describeShift(row.sourceSnapshot)} ↔ ${describeShift(row.targetSnapshot)}`
      : `Cambio turno rifiutato: ${describeShift(row.sourceSnapshot)} ↔ ${describeShift(row.targetSnapshot)}`;
    await notify(tx, nctx, {
      type: 'swap.decided',
      to: { userInfoIds: [row.requesterId, row.targetUserInfoId] },
      title,
      body: note ?? '',
      link: memberSwapLink(id),
      params: {
        status: next.status,
        source: describeShift(row.sourceSnapshot),
        target: describeShift(row.targetSnapshot),
      },
      dedupeKey: `swap.decided:${id}`,
      mail: (r) => swapMail('swap-decided', title, r.firstName, `${title}.${note ? `\nNota: ${note}` : ''}`, r.link),
    });
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: approve ? 'shift_swap.approve' : 'shift_swap.reject',
      entityType: 'shift_swap',
      entityId: id,
      changes: { note, warnings: [...warnings.requester, ...warnings.target].map((w) => w.rule) },
      requestId: ctx.actor.requestId,
    });
  });
  return { message: approve ? shiftMsg.swapApproved : shiftMsg.swapRejected, swap: await adminSwap(deps, ctx, id) };
}
