import {
  ErrorCode,
  MAX_PAIR_MINUTES,
  attMsg,
  localToUtc,
  minutesToClock,
  peopleMsg,
  toLocal,
  type AdminPunchInput,
  type IsoDate,
  type ClockState,
  type Punch,
  type PunchDirection,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { assertMonthsOpen, noteMonthChanges } from './month-lock';
import { recheckDayCredits } from './requests.checks';
import { AppError, conflict, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import type { PunchRow } from './attendance.repository';
import * as repo from './punches.repository';

export function presentPunch(p: PunchRow): Punch {
  const local = toLocal(p.at.toISOString(), p.timeZone);
  return {
    id: p.id,
    userInfoId: p.userInfoId,
    at: p.at.toISOString(),
    localDate: p.localDate,
    localTime: minutesToClock(local.minutes),
    direction: p.direction,
    source: p.source,
    reason: p.reason,
  };
}

/**
 * Tells the month closing that punches changed these people's days (`entityId` the punch, or `clock`/`import`;
 * `action` as in the audit log), in the caller's transaction.
 */
export async function notePunchDays(
  deps: Pick<AppDeps, 'monthLock'>,
  tx: Queryable,
  ctx: RequestCtx,
  days: { userInfoId: string; date: IsoDate }[],
  entityId: string,
  action: string,
) {
  await noteMonthChanges(
    deps,
    tx,
    ctx.scope,
    days.map(({ userInfoId, date }) => ({
      date,
      userInfoId,
      entityType: 'punch',
      entityId,
      action,
      actorUserId: ctx.actor.userId,
    })),
  );
}

/** The employee must exist here; `lock` serialises the punches of one person (a double click writes one entry). */
async function requireUserInfo(q: Queryable, scope: WorkspaceScope, userInfoId: string, lock = false) {
  if (!(await repo.userInfoExists(q, scope, userInfoId, lock))) throw notFound(peopleMsg.userNotFound);
}

/** Clocked in = the latest punch is an entry less than MAX_PAIR_MINUTES old (older ones are a forgotten exit). */
function openEntry(last: PunchRow | null, now: Date): PunchRow | null {
  if (!last || last.direction !== 'in') return null;
  return now.getTime() - last.at.getTime() <= MAX_PAIR_MINUTES * 60_000 ? last : null;
}

export async function clockState(
  q: Queryable,
  scope: WorkspaceScope,
  timeZone: string,
  userInfoId: string,
  now = new Date(),
): Promise<ClockState> {
  const localDate = toLocal(now.toISOString(), timeZone).date;
  const [last, today] = await Promise.all([
    repo.lastPunch(q, scope, userInfoId),
    repo.punchesOn(q, scope, userInfoId, localDate),
  ]);
  const open = openEntry(last, now);
  return {
    state: open ? 'in' : 'out',
    since: open ? open.at.toISOString() : null,
    serverTime: now.toISOString(),
    localDate,
    todayPunches: today.map(presentPunch),
  };
}

/**
 * POST /member/clock: an entry or an exit at the SERVER's time, never the browser's. An entry while already in, or an
 * exit with no open entry, is refused with a clear message (a double click cannot write two entries).
 */
export async function clock(deps: AppDeps, ctx: RequestCtx, direction: PunchDirection) {
  const { scope, timeZone, actor } = ctx;
  const userInfoId = actor.userInfoId;
  if (!userInfoId) throw new AppError(ErrorCode.FORBIDDEN, attMsg.noMembership);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await requireUserInfo(tx, scope, userInfoId, true);
    // A month closed before its end (the consultant's early close) takes no more clock-ins from the employee.
    await assertMonthsOpen(deps, tx, scope, [toLocal(now.toISOString(), timeZone).date]);
    const open = openEntry(await repo.lastPunch(tx, scope, userInfoId), now);
    if (direction === 'in' && open)
      throw conflict(attMsg.alreadyIn(minutesToClock(toLocal(open.at.toISOString(), open.timeZone).minutes)));
    if (direction === 'out' && !open) throw conflict(attMsg.notIn);
    await repo.insertPunches(tx, scope, [
      {
        userInfoId,
        at: now,
        timeZone,
        localDate: toLocal(now.toISOString(), timeZone).date,
        direction,
        source: 'web',
        recordedBy: actor.userId,
      },
    ]);
    const date = toLocal(now.toISOString(), timeZone).date;
    await recheckDayCredits(tx, ctx, [{ userInfoId, date }]);
    await notePunchDays(deps, tx, ctx, [{ userInfoId, date }], 'clock', `punch.clock.${direction}`);
  });
  return clockState(deps.db, scope, timeZone, userInfoId, now);
}

export async function listPunches(deps: AppDeps, ctx: RequestCtx, userInfoId: string, from: string, to: string) {
  await requireUserInfo(deps.db, ctx.scope, userInfoId);
  const rows = await repo.punchesBetween(deps.db, ctx.scope, userInfoId, from, to);
  return rows.map(presentPunch);
}

function instantOf(input: AdminPunchInput, timeZone: string) {
  const [d, t] = input.at.split(/[ T]/) as [string, string];
  const [h, m] = t.split(':').map(Number) as [number, number];
  const at = new Date(localToUtc(d, h * 60 + m, timeZone));
  if (at.getTime() > Date.now() + 60_000) throw validation([{ path: 'at', message: attMsg.punchInFuture }]);
  return { at, localDate: toLocal(at.toISOString(), timeZone).date };
}

/** What a punch an admin writes (adds or corrects) says: the instant in the workspace's zone, by whom and why. */
function adminPunch(input: AdminPunchInput, ctx: RequestCtx) {
  const { at, localDate } = instantOf(input, ctx.timeZone);
  return {
    at,
    timeZone: ctx.timeZone,
    localDate,
    direction: input.direction,
    source: 'admin' as const,
    recordedBy: ctx.actor.userId,
    reason: input.reason,
  };
}

/** An admin adds a punch for an employee (forgotten exit, badge failure), with a reason kept in the audit log. */
export async function addPunch(deps: AppDeps, ctx: RequestCtx, userInfoId: string, input: AdminPunchInput) {
  const { scope } = ctx;
  const punch = adminPunch(input, ctx);
  const { at, localDate } = punch;
  const row = await deps.db.transaction(async (tx) => {
    await requireUserInfo(tx, scope, userInfoId, true);
    const [created] = await repo.insertPunches(tx, scope, [{ userInfoId, ...punch }]);
    await audit(tx, ctx, {
      action: 'punch.create',
      entity: { type: 'punch', id: created!.id },
      changes: { userInfoId, at: at.toISOString(), direction: input.direction, reason: input.reason },
    });
    await recheckDayCredits(tx, ctx, [{ userInfoId, date: localDate }]);
    await notePunchDays(deps, tx, ctx, [{ userInfoId, date: localDate }], created!.id, 'punch.create');
    return created!;
  });
  return presentPunch(row);
}

/** An admin corrects a punch: the old and new instant and the reason go to the audit log. */
export async function updatePunch(deps: AppDeps, ctx: RequestCtx, id: string, input: AdminPunchInput) {
  const { scope } = ctx;
  const punch = adminPunch(input, ctx);
  const { at, localDate } = punch;
  const row = await deps.db.transaction(async (tx) => {
    const before = await repo.lockPunch(tx, scope, id);
    if (!before) throw notFound(attMsg.punchNotFound);
    const after = await repo.updatePunchRow(tx, scope, id, { ...punch, updatedAt: new Date() });
    await audit(tx, ctx, {
      action: 'punch.update',
      entity: { type: 'punch', id },
      changes: {
        userInfoId: before.userInfoId,
        at: { from: before.at.toISOString(), to: at.toISOString() },
        direction: { from: before.direction, to: input.direction },
        source: before.source,
        reason: input.reason,
      },
    });
    await recheckDayCredits(tx, ctx, [{ userInfoId: before.userInfoId, date: localDate }]);
    const days = [...new Set([before.localDate, localDate])].map((date) => ({ userInfoId: before.userInfoId, date }));
    await notePunchDays(deps, tx, ctx, days, id, 'punch.update');
    return after;
  });
  return presentPunch(row);
}

/** An admin removes a wrong punch; the removed punch and the reason stay in the audit log. */
export async function deletePunch(deps: AppDeps, ctx: RequestCtx, id: string, reason: string) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await repo.lockPunch(tx, scope, id);
    if (!before) throw notFound(attMsg.punchNotFound);
    await repo.deletePunchRow(tx, scope, id);
    await audit(tx, ctx, {
      action: 'punch.delete',
      entity: { type: 'punch', id },
      changes: {
        userInfoId: before.userInfoId,
        at: before.at.toISOString(),
        direction: before.direction,
        source: before.source,
        reason,
      },
    });
    await notePunchDays(deps, tx, ctx, [{ userInfoId: before.userInfoId, date: before.localDate }], id, 'punch.delete');
  });
}
