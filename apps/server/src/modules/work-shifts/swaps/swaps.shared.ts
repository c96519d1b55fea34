import {
  shiftMsg,
  swapTransition,
  type ShiftRef,
  type ShiftWarning,
  type Swap,
  type SwapEvent,
  type SwapRefusal,
} from '@timbro/shared';
import type { Queryable } from '../../../db/client';
import type { WorkspaceScope } from '../../../db/scope';
import type { AppDeps } from '../../../deps';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';
import { warningsFor, candidatesOf } from '../work-shifts.checks';

import { toRef } from '../work-shifts.shared';
import * as shiftsRepo from '../shifts/shifts.repository';
import * as swapsRepo from './swaps.repository';

export type Names = Awaited<ReturnType<typeof swapsRepo.swapNames>>;

export const unknown = (id: string) => ({ id, firstName: '', lastName: '' });

export function swapDto(s: swapsRepo.SwapRow, names: Names, live?: Map<string, ShiftRef>): Swap {
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
export async function liveRefs(q: Queryable, scope: WorkspaceScope, rows: swapsRepo.SwapRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.sourceShiftId, r.targetShiftId]).filter((x): x is string => !!x))];
  if (ids.length === 0) return new Map<string, ShiftRef>();
  const shifts = await shiftsRepo.shiftsById(q, scope, ids);
  return new Map(shifts.map((s) => [s.id, toRef(s)]));
}

export async function dtos(q: Queryable, scope: WorkspaceScope, rows: swapsRepo.SwapRow[]) {
  const [names, live] = await Promise.all([swapsRepo.swapNames(q, scope, rows), liveRefs(q, scope, rows)]);
  return rows.map((r) => swapDto(r, names, live));
}

export const refusal: Record<SwapRefusal, string> = {
  not_open: shiftMsg.swapNotOpen,
  not_waiting_colleague: shiftMsg.swapNotWaitingColleague,
  not_waiting_admin: shiftMsg.swapNotWaitingAdmin,
};

export function transition(s: swapsRepo.SwapRow, event: SwapEvent) {
  const next = swapTransition({ status: s.status, targetStatus: s.targetStatus }, event);
  if (!next.ok) throw conflict(refusal[next.reason]);
  return next.state;
}

export function me(ctx: RequestCtx) {
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
  s: swapsRepo.SwapRow,
): Promise<{ requester: ShiftWarning[]; target: ShiftWarning[] }> {
  if (!s.sourceShiftId || !s.targetShiftId) return { requester: [], target: [] };
  const shifts = await shiftsRepo.loadShifts(q, scope, shiftsRepo.shiftIn([s.sourceShiftId, s.targetShiftId]));
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
export async function myFutureShift(deps: AppDeps, ctx: RequestCtx, q: Queryable, id: string, lock = false) {
  const [row] = await shiftsRepo.loadShifts(q, ctx.scope, shiftsRepo.shiftIs(id), { lock });
  if (!row || !row.publishedAt || !row.assignees.some((p) => p.id === ctx.actor.userInfoId))
    throw notFound(shiftMsg.shiftNotFound);
  if (row.startsAt.getTime() <= Date.now()) throw conflict(shiftMsg.swapPast);
  return row;
}
