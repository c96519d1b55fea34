import {
  ErrorCode,
  addDays,
  attMsg,
  contractOn,
  expectedMinutes,
  peopleMsg,
  resolveAutoApprove,
  weekdayMinutes,
  weekdayPauses,
  pauseOverlapMinutes,
  isoWeekday,
  minutesToClock,
  maxRequestAmount,
  openDayMinutes,
  pairPunches,
  requestMinutes,
  wtMsg,
  type AdminRequestInput,
  type IsoDate,
  type JustificationRequest,
  type ListRequestsQuery,
  type MemberRequestInput,
  type RequestDecisionInput,
  type RequestUpdateInput,
  type RequestWriteResult,
} from '@timbro/shared';
import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/client';
import { accrualEntries, contractAccruals, contracts, groupMembers, justificationRequests, justifications, userInfos, users } from '../../db/schema';
import { insertInScope, inScope, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { AppError, conflict, notFound, validation } from '../../lib/errors';
import { enqueueMail, type MailLogger } from '../../lib/mail';
import { italianDate, todayIn } from '../../lib/time';
import { pendingRequestsMail, requestDecisionMail } from '../../lib/mail-templates';
import type { ActorRef } from '../users/users.service';
import { loadContracts, loadHolidays, loadPunches, selectRequests, toRequest, type ContractWithSlots, type RequestWithJustification } from './attendance.repository';
import { assertMonthsOpen } from './month-lock';

/** Who is asking, in which workspace: what the request services need from the request context. */
export interface RequestContext {
  scope: WorkspaceScope;
  timeZone: string;
  actor: ActorRef;
  /** The person's own auto-approve setting and the workspace's (spec §5 rule). */
  autoApprove: boolean | null;
  workspaceAutoApprove: boolean;
  log?: MailLogger | null;
}

type JustificationRow = typeof justifications.$inferSelect;

interface Draft {
  userInfoId: string;
  date: IsoDate;
  category: 'regular' | 'amount';
  wholeDay: boolean;
  startsAtMinutes: number | null;
  endsAtMinutes: number | null;
  amount: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const unitLabel = (unit: 'hour' | 'day', n: number) => (unit === 'hour' ? (n === 1 ? 'ora' : 'ore') : n === 1 ? 'giorno' : 'giorni');
const fmt = (n: number) => n.toLocaleString('it-IT', { maximumFractionDigits: 2 });

/** "12/03/2026 (Ferie, intera giornata)" — how messages and e-mails name a request. */
export function requestLabel(r: { date: string; wholeDay: boolean; category: string; startsAtMinutes: number | null; endsAtMinutes: number | null; amount: number }, j: { name: string; unit: 'hour' | 'day' }) {
  const what = r.wholeDay ? 'intera giornata' : r.category === 'amount' || r.startsAtMinutes === null || r.endsAtMinutes === null ? `${fmt(r.amount)} ${unitLabel(j.unit, r.amount)}` : `${minutesToClock(r.startsAtMinutes)}–${minutesToClock(r.endsAtMinutes)}`;
  return `${italianDate(r.date)} (${j.name}, ${what})`;
}

export function presentRequest(r: RequestWithJustification): JustificationRequest {
  return {
    id: r.id,
    userInfoId: r.userInfoId,
    employee: r.employee,
    justification: r.justification,
    date: r.date,
    category: r.category,
    wholeDay: r.wholeDay,
    startsAtMinutes: r.startsAtMinutes,
    endsAtMinutes: r.endsAtMinutes,
    amount: r.amount,
    certificateCode: r.certificateCode,
    note: r.note,
    status: r.status,
    batchId: r.batchId,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    decisionNote: r.decisionNote,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Two requests of one person clash on the same day: a whole day clashes with anything; time ranges that intersect. */
export function requestsClash(a: Draft, b: Draft): boolean {
  if (a.userInfoId !== b.userInfoId || a.date !== b.date) return false;
  if (a.wholeDay || b.wholeDay) return true;
  if (a.category === 'amount' || b.category === 'amount') return false;
  if (a.startsAtMinutes === null || a.endsAtMinutes === null || b.startsAtMinutes === null || b.endsAtMinutes === null) return false;
  return a.startsAtMinutes < b.endsAtMinutes && b.startsAtMinutes < a.endsAtMinutes;
}

/**
 * Expected minutes of a person's day. A turn-based contract takes the day from published shifts; until the shift
 * module publishes them, the contract's weekly slots for that weekday stand in (ADR 0011).
 */
export function expectedFor(contractsOf: ContractWithSlots[], holidaySet: ReadonlySet<string>, date: IsoDate): number {
  const contract = contractOn(contractsOf, date);
  const shiftMinutes = contract?.type === 'turn_based' ? weekdayMinutes(contract.timeSlots, isoWeekday(date)) : null;
  return expectedMinutes({ date, contract, isHoliday: holidaySet.has(date), shiftMinutes });
}

async function loadJustification(q: Queryable, scope: WorkspaceScope, id: string, allowDisabledId?: string) {
  const [j] = await q.select().from(justifications).where(inScope(justifications, scope, eq(justifications.id, id)));
  if (!j) throw validation([{ path: 'justificationId', message: wtMsg.justificationNotFound }]);
  if (!j.enabled && j.id !== allowDisabledId) throw validation([{ path: 'justificationId', message: attMsg.justificationDisabled }]);
  return j;
}

/**
 * The people of requests must exist in the workspace (another workspace's person reads as not found). New requests
 * (`employeesOnly`) are only for enabled employees: not for an admin or accountant who is no employee, nor for a
 * disabled membership. Editing keeps working on an existing request of someone disabled since.
 */
async function requireMembers(q: Queryable, scope: WorkspaceScope, ids: string[], opts: { lock: boolean; employeesOnly: boolean }) {
  const base = q.select({ id: userInfos.id, isMember: userInfos.isMember, enabled: userInfos.enabled }).from(userInfos).where(inScope(userInfos, scope, inArray(userInfos.id, ids)));
  // Locking the people serialises concurrent requests of one person, so two overlapping ones cannot both pass.
  const rows = opts.lock ? await base.for('update') : await base;
  const errors: { path: string; message: string }[] = [];
  ids.forEach((id, i) => {
    const row = rows.find((r) => r.id === id);
    if (!row) errors.push({ path: `userInfoIds.${i}`, message: peopleMsg.userNotFound });
    else if (opts.employeesOnly && !(row.isMember && row.enabled)) errors.push({ path: `userInfoIds.${i}`, message: attMsg.notAnActiveEmployee });
  });
  if (errors.length > 0) throw validation(errors);
}

type Shape = { category: 'regular' | 'amount'; wholeDay: boolean; startsAtMinutes?: number | null; endsAtMinutes?: number | null; amount?: number | null };

/**
 * The rows a request becomes: one per person and day; in a period, days without expected time (rest days, holidays,
 * no contract) are skipped. The amount is in the justification's unit: a whole day is 1 day or that day's expected
 * hours, never a fixed 8; a time range is its hours, or its share of the day's expected time for day units.
 */
function expand(
  shape: Shape,
  j: JustificationRow,
  userInfoIds: string[],
  days: IsoDate[],
  multi: boolean,
  contractsBy: Map<string, ContractWithSlots[]>,
  holidaySet: ReadonlySet<string>,
): Draft[] {
  // A quantity is for one day: at most what a day holds (24 hours, or 1 day), whoever files it.
  if (shape.category === 'amount' && shape.amount! > maxRequestAmount(j.unit)) {
    throw validation([{ path: 'amount', message: j.unit === 'hour' ? attMsg.amountOverDayHours : attMsg.amountOverDayDays }]);
  }
  const drafts: Draft[] = [];
  for (const userInfoId of userInfoIds) {
    for (const date of days) {
      const expected = expectedFor(contractsBy.get(userInfoId) ?? [], holidaySet, date);
      if (multi && expected === 0) continue;
      const base = { userInfoId, date, category: shape.category, wholeDay: shape.category === 'regular' && shape.wholeDay };
      if (shape.category === 'amount') {
        drafts.push({ ...base, startsAtMinutes: null, endsAtMinutes: null, amount: round2(shape.amount!) });
      } else if (shape.wholeDay) {
        if (expected === 0) throw validation([{ path: 'date', message: attMsg.noExpectedTime }]);
        drafts.push({ ...base, startsAtMinutes: null, endsAtMinutes: null, amount: j.unit === 'day' ? 1 : round2(expected / 60) });
      } else {
        // A range that spans the day's pause does not count it (requestMinutes, the engine's rule).
        const contract = contractOn(contractsBy.get(userInfoId) ?? [], date);
        const pauses = contract ? weekdayPauses(contract.timeSlots, isoWeekday(date)) : [];
        const minutes = shape.endsAtMinutes! - shape.startsAtMinutes! - pauseOverlapMinutes(pauses, shape.startsAtMinutes!, shape.endsAtMinutes!);
        if (j.unit === 'day' && expected === 0) throw validation([{ path: 'date', message: attMsg.noExpectedTime }]);
        drafts.push({ ...base, startsAtMinutes: shape.startsAtMinutes!, endsAtMinutes: shape.endsAtMinutes!, amount: j.unit === 'hour' ? round2(minutes / 60) : round2(Math.min(1, minutes / expected)) });
      }
    }
  }
  if (drafts.length === 0) throw validation([{ path: multi ? 'startDate' : 'date', message: attMsg.noWorkingDays }]);
  return drafts;
}

function daysOf(input: { date?: string | null; startDate?: string | null; endDate?: string | null }): { days: IsoDate[]; multi: boolean } {
  if (input.startDate && input.endDate) {
    const days: IsoDate[] = [];
    for (let d = input.startDate; d <= input.endDate; d = addDays(d, 1)) days.push(d);
    return { days, multi: true };
  }
  return { days: [input.date!], multi: false };
}

/** `id not in (…)` for the requests being edited (they must not clash with or count against themselves). */
function notAmong(ids: string[]): SQL | undefined {
  return ids.length ? notInArray(justificationRequests.id, ids) : undefined;
}

/** Refuses a draft that overlaps another open or approved request of the same person (409, names the clash). */
async function checkOverlaps(q: Queryable, scope: WorkspaceScope, drafts: Draft[], exceptIds: string[] = []) {
  const people = [...new Set(drafts.map((d) => d.userInfoId))];
  const dates = drafts.map((d) => d.date).sort();
  const existing = await selectRequests(q).where(
    inScope(
      justificationRequests,
      scope,
      inArray(justificationRequests.userInfoId, people),
      gte(justificationRequests.date, dates[0]!),
      lte(justificationRequests.date, dates.at(-1)!),
      ne(justificationRequests.status, 'rejected'),
      notAmong(exceptIds),
    ),
  );
  const others = existing.map(toRequest);
  for (const d of drafts) {
    const clash = others.find((o) => requestsClash(d, o));
    if (clash) {
      const label = requestLabel(clash, clash.justification);
      const who = people.length > 1 ? `${clash.employee.firstName} ${clash.employee.lastName}, ` : '';
      const message = attMsg.requestOverlap(who + label);
      throw conflict(message, [{ path: 'date', message }]);
    }
  }
  // Drafts of one batch never clash with each other (same shape on different days), except across people: no.
}

/** The field a day-capacity error belongs to: the quantity, the end of the range, or the day of a whole-day request. */
const capacityField = (d: Draft) => (d.category === 'amount' ? 'amount' : d.wholeDay ? 'date' : 'endsAtMinutes');

/**
 * Open hours (issue 10 §4, openDayMinutes): an employee's increase-type request (trips, training, remote work) for a
 * day before today in the workspace's zone may add at most 24 h − the minutes worked that day − the minutes of the
 * other increase-type requests of that day that are not rejected. Over it is a 400 on the request's field, checked
 * before any status is decided, so auto-approval never approves it. Days from today on, and admins, are not bound
 * (beyond the 24 h of a quantity, see expand). Runs under the people's row locks, so two requests cannot both pass.
 */
async function checkOpenHours(q: Queryable, ctx: RequestContext, j: JustificationRow, drafts: Draft[], exceptIds: string[] = []) {
  if (j.impact !== 'increase') return;
  const today = todayIn(ctx.timeZone);
  const past = drafts.filter((d) => d.date < today);
  if (past.length === 0) return;
  const people = [...new Set(past.map((d) => d.userInfoId))];
  const dates = past.map((d) => d.date).sort();
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const [contractsBy, hol, punchesBy, others] = await Promise.all([
    loadContracts(q, ctx.scope, people, from, to),
    loadHolidays(q, ctx.scope, from, to),
    loadPunches(q, ctx.scope, people, from, to),
    selectRequests(q).where(
      inScope(
        justificationRequests,
        ctx.scope,
        inArray(justificationRequests.userInfoId, people),
        gte(justificationRequests.date, from),
        lte(justificationRequests.date, to),
        ne(justificationRequests.status, 'rejected'),
        eq(justifications.impact, 'increase'),
        notAmong(exceptIds),
      ),
    ),
  ]);
  const holidaySet = new Set(hol.map((h) => h.date));
  const otherRequests = others.map(toRequest);
  const now = new Date().toISOString();
  for (const userInfoId of people) {
    const contractsOf = contractsBy.get(userInfoId) ?? [];
    // The engine's pairing over the punches around the days (a night shift is worked on the day it started).
    const pairs = pairPunches((punchesBy.get(userInfoId) ?? []).map((p) => ({ id: p.id, at: p.at.toISOString(), direction: p.direction })), ctx.timeZone, now);
    for (const d of past.filter((x) => x.userInfoId === userInfoId)) {
      const expected = expectedFor(contractsOf, holidaySet, d.date);
      const contract = contractOn(contractsOf, d.date);
      const pauses = contract && expected > 0 ? weekdayPauses(contract.timeSlots, isoWeekday(d.date)) : [];
      const worked = pairs.filter((p) => p.date === d.date && !p.anomaly).reduce((sum, p) => sum + p.minutes, 0);
      const otherIncrease = otherRequests
        .filter((r) => r.userInfoId === userInfoId && r.date === d.date)
        .reduce((sum, r) => sum + requestMinutes({ ...r, impact: r.justification.impact, unit: r.justification.unit }, expected, pauses), 0);
      const open = openDayMinutes(worked, otherIncrease);
      const minutes = requestMinutes({ ...d, id: '', justificationId: j.id, impact: j.impact, unit: j.unit }, expected, pauses);
      if (minutes > open) throw validation([{ path: capacityField(d), message: attMsg.dayFull(italianDate(d.date), fmt(Math.floor(open) / 60)) }]);
    }
  }
}

/**
 * Non-blocking warnings: a request over the remaining balance of a justification the person accrues (spec §5 "a
 * request over quota shows a warning"). Available = ledger up to the date − other pending requests − this one.
 */
async function quotaWarnings(q: Queryable, scope: WorkspaceScope, j: JustificationRow, drafts: Draft[], exceptIds: string[] = []) {
  const people = [...new Set(drafts.map((d) => d.userInfoId))];
  const lastDate = drafts.map((d) => d.date).sort().at(-1)!;
  const [tracked, ledger, pending] = await Promise.all([
    q
      .selectDistinct({ userInfoId: contracts.userInfoId })
      .from(contractAccruals)
      .innerJoin(contracts, and(eq(contracts.id, contractAccruals.contractId), eq(contracts.workspaceId, contractAccruals.workspaceId)))
      .where(inScope(contractAccruals, scope, eq(contractAccruals.justificationId, j.id), inArray(contracts.userInfoId, people))),
    q
      .select({ userInfoId: accrualEntries.userInfoId, sum: sql<string>`sum(${accrualEntries.amount})`, kinds: sql<string[]>`array_agg(distinct ${accrualEntries.kind})` })
      .from(accrualEntries)
      .where(inScope(accrualEntries, scope, eq(accrualEntries.justificationId, j.id), inArray(accrualEntries.userInfoId, people), lte(accrualEntries.entryDate, lastDate)))
      .groupBy(accrualEntries.userInfoId),
    q
      .select({ userInfoId: justificationRequests.userInfoId, sum: sql<string>`sum(${justificationRequests.amount})` })
      .from(justificationRequests)
      .where(
        inScope(
          justificationRequests,
          scope,
          eq(justificationRequests.justificationId, j.id),
          inArray(justificationRequests.userInfoId, people),
          eq(justificationRequests.status, 'open'),
          notAmong(exceptIds),
        ),
      )
      .groupBy(justificationRequests.userInfoId),
  ]);
  const warnings: RequestWriteResult['warnings'] = [];
  for (const userInfoId of people) {
    const l = ledger.find((r) => r.userInfoId === userInfoId);
    const accrues = tracked.some((t) => t.userInfoId === userInfoId) || (l?.kinds ?? []).some((k) => k !== 'usage');
    if (!accrues) continue;
    const requested = drafts.filter((d) => d.userInfoId === userInfoId).reduce((s, d) => s + d.amount, 0);
    const available = round2(Number(l?.sum ?? 0) - Number(pending.find((p) => p.userInfoId === userInfoId)?.sum ?? 0));
    if (requested > available + 1e-9) warnings.push({ code: 'OVER_QUOTA', message: attMsg.overQuota(fmt(Math.max(0, available)), unitLabel(j.unit, available)) });
  }
  return warnings;
}

/** Usage entries of the ledger follow the approved requests: one per request, removed when it is no longer approved. */
export async function syncUsage(q: Queryable, scope: WorkspaceScope, actorUserId: string | null, rows: (typeof justificationRequests.$inferSelect)[]) {
  if (rows.length === 0) return;
  await q.delete(accrualEntries).where(inScope(accrualEntries, scope, eq(accrualEntries.kind, 'usage'), inArray(accrualEntries.requestId, rows.map((r) => r.id))));
  const approved = rows.filter((r) => r.status === 'approved');
  if (approved.length === 0) return;
  await insertInScope(
    q,
    scope,
    accrualEntries,
    approved.map((r) => ({ userInfoId: r.userInfoId, justificationId: r.justificationId, entryDate: r.date, amount: -r.amount, kind: 'usage' as const, requestId: r.id, rule: 'request', createdBy: actorUserId })),
  );
}

async function reload(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectRequests(q)
    .where(inScope(justificationRequests, scope, inArray(justificationRequests.id, ids)))
    .orderBy(asc(justificationRequests.date), asc(nameKey(userInfos.lastName)), asc(justificationRequests.id));
  return rows.map(toRequest);
}

async function adminsOf(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({ email: users.email, firstName: userInfos.firstName })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, eq(userInfos.isAdmin, true), eq(userInfos.enabled, true), eq(users.enabled, true)));
}

function summaryOf(items: RequestWithJustification[]) {
  const lines = items.slice(0, 10).map((r) => `• ${requestLabel(r, r.justification)}`);
  if (items.length > 10) lines.push(`… e altre ${items.length - 10}`);
  return lines.join('\n');
}

/**
 * Writes drafts in a transaction (overlap and open-hours checks under row locks, audit, ledger usage, mails). The
 * status is decided last, once every check passed: what an admin files is approved; an employee's request is approved
 * at once only when auto-approval applies (spec §5), so a refused request can never be auto-approved.
 */
async function writeDrafts(deps: AppDeps, ctx: RequestContext, j: JustificationRow, shape: { certificateCode: string | null; note: string | null }, drafts: Draft[], filedBy: 'employee' | 'admin') {
  const batchId = drafts.length > 1 ? randomUUID() : null;
  return deps.db.transaction(async (tx) => {
    await requireMembers(tx, ctx.scope, [...new Set(drafts.map((d) => d.userInfoId))], { lock: true, employeesOnly: true });
    await checkOverlaps(tx, ctx.scope, drafts);
    if (filedBy === 'employee') await checkOpenHours(tx, ctx, j, drafts);
    const warnings = await quotaWarnings(tx, ctx.scope, j, drafts);
    const status: 'open' | 'approved' = filedBy === 'admin' || resolveAutoApprove(ctx.autoApprove, ctx.workspaceAutoApprove) ? 'approved' : 'open';
    const now = new Date();
    const inserted = await insertInScope(
        tx,
        ctx.scope,
        justificationRequests,
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
      )
      .returning();
    await syncUsage(tx, ctx.scope, ctx.actor.userId, inserted);
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'request.create',
      entityType: 'justification-request',
      entityId: batchId ?? inserted[0]!.id,
      changes: { justificationId: j.id, status, rows: inserted.map((r) => ({ id: r.id, userInfoId: r.userInfoId, date: r.date, amount: r.amount })) },
      requestId: ctx.actor.requestId,
    });
    const items = await reload(tx, ctx.scope, inserted.map((r) => r.id));
    if (status === 'open') {
      const byPerson = new Map<string, RequestWithJustification[]>();
      for (const r of items) byPerson.set(r.userInfoId, [...(byPerson.get(r.userInfoId) ?? []), r]);
      const admins = await adminsOf(tx, ctx.scope);
      for (const list of byPerson.values()) {
        const employee = `${list[0]!.employee.firstName} ${list[0]!.employee.lastName}`;
        for (const a of admins) {
          await enqueueMail(tx, { to: a.email, ...pendingRequestsMail(a.firstName, employee, summaryOf(list), list.length, `${deps.config.publicUrl}/admin/justification-request`) }, ctx.log);
        }
      }
    }
    return { items: items.map(presentRequest), warnings };
  });
}

async function prepare(deps: AppDeps, scope: WorkspaceScope, input: MemberRequestInput | AdminRequestInput, userInfoIds: string[]) {
  const j = await loadJustification(deps.db, scope, input.justificationId!);
  const { days, multi } = daysOf(input);
  const [contractsBy, hol] = await Promise.all([loadContracts(deps.db, scope, userInfoIds, days[0]!, days.at(-1)!), loadHolidays(deps.db, scope, days[0]!, days.at(-1)!)]);
  const drafts = expand(input, j, userInfoIds, days, multi, contractsBy, new Set(hol.map((h) => h.date)));
  return { j, drafts };
}

/** POST /member/justification-request: an employee asks for themself; approved at once if auto-approval applies. */
export async function createOwnRequest(deps: AppDeps, ctx: RequestContext, input: MemberRequestInput): Promise<RequestWriteResult> {
  const userInfoId = ctx.actor.userInfoId;
  if (!userInfoId) throw new AppError(ErrorCode.FORBIDDEN, attMsg.noMembership);
  const { j, drafts } = await prepare(deps, ctx.scope, input, [userInfoId]);
  await assertMonthsOpen(deps, deps.db, ctx.scope, drafts.map((d) => d.date));
  return writeDrafts(deps, ctx, j, input, drafts, 'employee');
}

/** POST /admin/justification-request: an admin files for one or more employees; what an admin files is approved. */
export async function createForEmployees(deps: AppDeps, ctx: RequestContext, input: AdminRequestInput): Promise<RequestWriteResult> {
  const ids = [...new Set(input.userInfoIds)];
  await requireMembers(deps.db, ctx.scope, input.userInfoIds, { lock: false, employeesOnly: true });
  const { j, drafts } = await prepare(deps, ctx.scope, input, ids);
  return writeDrafts(deps, ctx, j, input, drafts, 'admin');
}

async function findOwnOrAny(q: Queryable, scope: WorkspaceScope, id: string, ownerUserInfoId: string | null, lock = false) {
  const base = q.select().from(justificationRequests).where(inScope(justificationRequests, scope, eq(justificationRequests.id, id)));
  const [row] = lock ? await base.for('update') : await base;
  // Another person's request reads as not found to an employee, exactly like another workspace's.
  if (!row || (ownerUserInfoId !== null && row.userInfoId !== ownerUserInfoId)) throw notFound(attMsg.requestNotFound);
  return row;
}

/** Edit one request: employees only while it is pending and its month open; admins any (usage follows). */
export async function updateRequest(deps: AppDeps, ctx: RequestContext, id: string, input: RequestUpdateInput, asEmployee: boolean): Promise<RequestWriteResult> {
  const owner = asEmployee ? (ctx.actor.userInfoId ?? '') : null;
  const before = await findOwnOrAny(deps.db, ctx.scope, id, owner);
  if (asEmployee && before.status !== 'open') throw conflict(attMsg.requestNotPending);
  const j = await loadJustification(deps.db, ctx.scope, input.justificationId!, before.justificationId);
  const date = input.date!;
  const [contractsBy, hol] = await Promise.all([loadContracts(deps.db, ctx.scope, [before.userInfoId], date, date), loadHolidays(deps.db, ctx.scope, date, date)]);
  const [draft] = expand(input, j, [before.userInfoId], [date], false, contractsBy, new Set(hol.map((h) => h.date)));
  if (asEmployee) await assertMonthsOpen(deps, deps.db, ctx.scope, [before.date, date]);
  return deps.db.transaction(async (tx) => {
    await requireMembers(tx, ctx.scope, [before.userInfoId], { lock: true, employeesOnly: false });
    const current = await findOwnOrAny(tx, ctx.scope, id, owner, true);
    if (asEmployee && current.status !== 'open') throw conflict(attMsg.requestNotPending);
    await checkOverlaps(tx, ctx.scope, [draft!], [id]);
    if (asEmployee) await checkOpenHours(tx, ctx, j, [draft!], [id]);
    const warnings = await quotaWarnings(tx, ctx.scope, j, [draft!], [id]);
    const [after] = await tx
      .update(justificationRequests)
      .set({ ...draft!, justificationId: j.id, certificateCode: input.certificateCode, note: input.note, updatedAt: new Date() })
      .where(inScope(justificationRequests, ctx.scope, eq(justificationRequests.id, id)))
      .returning();
    await syncUsage(tx, ctx.scope, ctx.actor.userId, [after!]);
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: 'request.update',
      entityType: 'justification-request',
      entityId: id,
      changes: { date: { from: current.date, to: after!.date }, justificationId: { from: current.justificationId, to: after!.justificationId }, amount: { from: current.amount, to: after!.amount } },
      requestId: ctx.actor.requestId,
    });
    return { items: (await reload(tx, ctx.scope, [id])).map(presentRequest), warnings };
  });
}

/** Move a request one day back or forward (same checks as an edit). */
export async function moveRequest(deps: AppDeps, ctx: RequestContext, id: string, days: 1 | -1, asEmployee: boolean) {
  const owner = asEmployee ? (ctx.actor.userInfoId ?? '') : null;
  const before = await findOwnOrAny(deps.db, ctx.scope, id, owner);
  const target = addDays(before.date, days);
  return updateRequest(
    deps,
    ctx,
    id,
    { date: target, justificationId: before.justificationId, category: before.category, wholeDay: before.wholeDay, startsAtMinutes: before.startsAtMinutes, endsAtMinutes: before.endsAtMinutes, amount: before.category === 'amount' ? before.amount : null, certificateCode: before.certificateCode, note: before.note },
    asEmployee,
  );
}

/** Withdraw (employee, pending only) or delete (admin, any status: its usage leaves the ledger). */
export async function deleteRequest(deps: AppDeps, ctx: RequestContext, id: string, asEmployee: boolean) {
  const owner = asEmployee ? (ctx.actor.userInfoId ?? '') : null;
  await deps.db.transaction(async (tx) => {
    const row = await findOwnOrAny(tx, ctx.scope, id, owner, true);
    if (asEmployee && row.status !== 'open') throw conflict(attMsg.requestNotPending);
    if (asEmployee) await assertMonthsOpen(deps, tx, ctx.scope, [row.date]);
    await tx.delete(accrualEntries).where(inScope(accrualEntries, ctx.scope, eq(accrualEntries.kind, 'usage'), eq(accrualEntries.requestId, id)));
    await tx.delete(justificationRequests).where(inScope(justificationRequests, ctx.scope, eq(justificationRequests.id, id)));
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: asEmployee ? 'request.withdraw' : 'request.delete',
      entityType: 'justification-request',
      entityId: id,
      changes: { userInfoId: row.userInfoId, justificationId: row.justificationId, date: row.date, amount: row.amount, status: row.status },
      requestId: ctx.actor.requestId,
    });
  });
}

/** Approve or reject pending requests, one or many, with an optional note; each employee gets one e-mail. */
export async function decide(deps: AppDeps, ctx: RequestContext, input: RequestDecisionInput, approve: boolean) {
  const ids = [...new Set(input.ids)];
  return deps.db.transaction(async (tx) => {
    const found = await tx.select().from(justificationRequests).where(inScope(justificationRequests, ctx.scope, inArray(justificationRequests.id, ids))).for('update');
    if (found.length !== ids.length) throw notFound(attMsg.requestNotFound);
    const pending = found.filter((r) => r.status === 'open');
    if (pending.length === 0) throw conflict(attMsg.requestNotPending);
    const now = new Date();
    const updated = await tx
      .update(justificationRequests)
      .set({ status: approve ? 'approved' : 'rejected', decidedBy: ctx.actor.userId, decidedAt: now, decisionNote: input.note, updatedAt: now })
      .where(inScope(justificationRequests, ctx.scope, inArray(justificationRequests.id, pending.map((r) => r.id))))
      .returning();
    await syncUsage(tx, ctx.scope, ctx.actor.userId, updated);
    await recordAudit(tx, ctx.scope, {
      actorUserId: ctx.actor.userId,
      action: approve ? 'request.approve' : 'request.reject',
      entityType: 'justification-request',
      entityId: updated.length === 1 ? updated[0]!.id : `bulk:${updated.length}`,
      changes: { ids: updated.map((r) => r.id), note: input.note },
      requestId: ctx.actor.requestId,
    });
    const items = await reload(tx, ctx.scope, updated.map((r) => r.id));
    const people = await tx
      .select({ id: userInfos.id, email: users.email, firstName: userInfos.firstName })
      .from(userInfos)
      .innerJoin(users, eq(users.id, userInfos.userId))
      .where(inScope(userInfos, ctx.scope, inArray(userInfos.id, [...new Set(items.map((r) => r.userInfoId))])));
    for (const p of people) {
      const own = items.filter((r) => r.userInfoId === p.id);
      await enqueueMail(tx, { to: p.email, ...requestDecisionMail(p.firstName, approve, summaryOf(own), input.note, `${deps.config.publicUrl}/member/calendar`) }, ctx.log);
    }
    return { updated: updated.length, items: items.map(presentRequest) };
  });
}

/** Paginated request list: an employee's own (owner set) or the workspace's, with filters. */
export async function listRequests(deps: AppDeps, scope: WorkspaceScope, query: ListRequestsQuery, ownerUserInfoId: string | null) {
  const search = query.search ? likePattern(query.search) : null;
  const where: SQL = inScope(
    justificationRequests,
    scope,
    ownerUserInfoId !== null ? eq(justificationRequests.userInfoId, ownerUserInfoId) : query.user_info_id ? eq(justificationRequests.userInfoId, query.user_info_id) : undefined,
    query.status ? eq(justificationRequests.status, query.status) : undefined,
    query.from ? gte(justificationRequests.date, query.from) : undefined,
    query.to ? lte(justificationRequests.date, query.to) : undefined,
    query.justification_id ? eq(justificationRequests.justificationId, query.justification_id) : undefined,
    query.group_id && ownerUserInfoId === null
      ? sql`exists (select 1 from ${groupMembers} gm where gm.workspace_id = ${justificationRequests.workspaceId} and gm.user_info_id = ${justificationRequests.userInfoId} and gm.group_id = ${query.group_id})`
      : undefined,
    search ? or(ilike(userInfos.firstName, search), ilike(userInfos.lastName, search), ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, search), ilike(justifications.name, search), ilike(justifications.code, search)) : undefined,
  );
  const sortBy = query.sort === 'lastName' ? nameKey(userInfos.lastName) : query.sort === 'createdAt' ? justificationRequests.createdAt : justificationRequests.date;
  const rows = await selectRequests(deps.db)
    .where(where)
    .orderBy(sortTerm(sortBy, query.order), query.order === 'desc' ? desc(justificationRequests.startsAtMinutes) : asc(justificationRequests.startsAtMinutes), asc(nameKey(userInfos.lastName)), asc(justificationRequests.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(justificationRequests)
    .innerJoin(justifications, and(eq(justifications.id, justificationRequests.justificationId), eq(justifications.workspaceId, justificationRequests.workspaceId)))
    .innerJoin(userInfos, and(eq(userInfos.id, justificationRequests.userInfoId), eq(userInfos.workspaceId, justificationRequests.workspaceId)))
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where);
  return { items: rows.map(toRequest).map(presentRequest), total: count?.n ?? 0, page: query.page, perPage: query.per_page };
}
