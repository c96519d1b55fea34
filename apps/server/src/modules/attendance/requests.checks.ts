import {
  attMsg,
  contractOn,
  DAY_MINUTES,
  isoWeekday,
  openDayMinutes,
  pairPunches,
  peopleMsg,
  requestMinutes,
  weekdayPauses,
  wtMsg,
  type RequestWriteResult,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import { conflict, validation } from '../../lib/errors';
import { italianDate } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import { audit } from '../../lib/audit';
import { quotaInputs, syncUsage } from '../accruals';
import { loadContracts, loadEnginePunches, loadHolidays, type JustificationRow } from './attendance.repository';
import * as repo from './requests.repository';
import {
  capacityField,
  expectedFor,
  fmt,
  requestLabel,
  requestsClash,
  round2,
  unitLabel,
  type Draft,
} from './requests.rules';

/** The checks a request passes before it is written; those that must hold under the people's row locks say so. */

/** The justification of a request: it must exist here and be enabled (an edit may keep a since-disabled one). */
export async function loadJustification(q: Queryable, scope: WorkspaceScope, id: string, allowDisabledId?: string) {
  const j = await repo.findJustification(q, scope, id);
  if (!j) throw validation([{ path: 'justificationId', message: wtMsg.justificationNotFound }]);
  if (!j.enabled && j.id !== allowDisabledId)
    throw validation([{ path: 'justificationId', message: attMsg.justificationDisabled }]);
  return j;
}

/**
 * The people of requests must exist in the workspace (another workspace's person reads as not found). New requests
 * (`employeesOnly`) are only for enabled employees: not for an admin or accountant who is no employee, nor for a
 * disabled membership. Editing keeps working on an existing request of someone disabled since.
 */
export async function requireMembers(
  q: Queryable,
  scope: WorkspaceScope,
  ids: string[],
  opts: { lock: boolean; employeesOnly: boolean },
) {
  const rows = await repo.peopleForRequests(q, scope, ids, opts.lock);
  const errors: { path: string; message: string }[] = [];
  ids.forEach((id, i) => {
    const row = rows.find((r) => r.id === id);
    if (!row) errors.push({ path: `userInfoIds.${i}`, message: peopleMsg.userNotFound });
    else if (opts.employeesOnly && !(row.isMember && row.enabled))
      errors.push({ path: `userInfoIds.${i}`, message: attMsg.notAnActiveEmployee });
  });
  if (errors.length > 0) throw validation(errors);
}

/** Refuses a draft that overlaps another open or approved request of the same person (409, names the clash). */
export async function checkOverlaps(q: Queryable, scope: WorkspaceScope, drafts: Draft[], exceptIds: string[] = []) {
  const people = [...new Set(drafts.map((d) => d.userInfoId))];
  const dates = drafts.map((d) => d.date).sort();
  const others = await repo.activeRequestsBetween(q, scope, people, dates[0]!, dates.at(-1)!, { exceptIds });
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

/**
 * Open hours (issue 10 §4, openDayMinutes): an employee's increase-type request (trips, training, remote work) may add
 * at most 24 h − the minutes worked that day (so far, for today; none yet for a day to come) − the minutes of the
 * other increase-type requests of that day that are not rejected. Over it is a 400 on the request's field, checked
 * before any status is decided, so auto-approval never approves it. Every day is bound, today and days to come too
 * (issue 30 item 7: an auto-approved employee credited 24 h on a day to come and more on top); admins are not (beyond
 * the 24 h of a quantity, see expand). Runs under the people's row locks, so two requests cannot both pass.
 */
export async function checkOpenHours(
  q: Queryable,
  ctx: RequestCtx,
  j: JustificationRow,
  drafts: Draft[],
  exceptIds: string[] = [],
) {
  if (j.impact !== 'increase') return;
  const people = [...new Set(drafts.map((d) => d.userInfoId))];
  const dates = drafts.map((d) => d.date).sort();
  const from = dates[0]!;
  const to = dates.at(-1)!;
  // Reads on the transaction's one connection, queued in this order. loadContracts stays first: it sends a second
  // query when its first answers, and only the first element's second step is sure to be queued before a sibling's
  // failure queues the rollback.
  const [contractsBy, hol, punchesBy, otherRequests] = await Promise.all([
    loadContracts(q, ctx.scope, people, from, to),
    loadHolidays(q, ctx.scope, from, to),
    loadEnginePunches(q, ctx.scope, people, from, to),
    repo.activeRequestsBetween(q, ctx.scope, people, from, to, { exceptIds, increaseOnly: true }),
  ]);
  const holidaySet = new Set(hol.map((h) => h.date));
  const now = new Date().toISOString();
  for (const userInfoId of people) {
    const contractsOf = contractsBy.get(userInfoId) ?? [];
    // The engine's pairing over the punches around the days (a night shift is worked on the day it started).
    const pairs = pairPunches(
      (punchesBy.get(userInfoId) ?? []).map((p) => ({ id: p.id, at: p.at, direction: p.direction })),
      ctx.timeZone,
      now,
    );
    for (const d of drafts.filter((x) => x.userInfoId === userInfoId)) {
      const expected = expectedFor(contractsOf, holidaySet, d.date);
      const contract = contractOn(contractsOf, d.date);
      const pauses = contract && expected > 0 ? weekdayPauses(contract.timeSlots, isoWeekday(d.date)) : [];
      const worked = pairs.filter((p) => p.date === d.date && !p.anomaly).reduce((sum, p) => sum + p.minutes, 0);
      const otherIncrease = otherRequests
        .filter((r) => r.userInfoId === userInfoId && r.date === d.date)
        .reduce(
          (sum, r) =>
            sum +
            requestMinutes({ ...r, impact: r.justification.impact, unit: r.justification.unit }, expected, pauses),
          0,
        );
      const open = openDayMinutes(worked, otherIncrease);
      const minutes = requestMinutes(
        { ...d, id: '', justificationId: j.id, impact: j.impact, unit: j.unit },
        expected,
        pauses,
      );
      if (minutes > open)
        throw validation([
          { path: capacityField(d), message: attMsg.dayFull(italianDate(d.date), fmt(Math.floor(open) / 60)) },
        ]);
    }
  }
}

/**
 * Non-blocking warnings: a request over the remaining balance of a justification the person accrues (spec §5 "a
 * request over quota shows a warning"). Available = ledger up to the date − other pending requests − this one.
 * The ledger is the accruals module's: it answers with the sums.
 */
export async function quotaWarnings(
  q: Queryable,
  scope: WorkspaceScope,
  j: JustificationRow,
  drafts: Draft[],
  exceptIds: string[] = [],
) {
  const people = [...new Set(drafts.map((d) => d.userInfoId))];
  const lastDate = drafts
    .map((d) => d.date)
    .sort()
    .at(-1)!;
  const { tracked, ledger, pending } = await quotaInputs(q, scope, j.id, people, lastDate, exceptIds);
  const warnings: RequestWriteResult['warnings'] = [];
  for (const userInfoId of people) {
    const l = ledger.find((r) => r.userInfoId === userInfoId);
    const accrues = tracked.some((t) => t.userInfoId === userInfoId) || (l?.kinds ?? []).some((k) => k !== 'usage');
    if (!accrues) continue;
    const requested = drafts.filter((d) => d.userInfoId === userInfoId).reduce((s, d) => s + d.amount, 0);
    const available = round2(Number(l?.sum ?? 0) - Number(pending.find((p) => p.userInfoId === userInfoId)?.sum ?? 0));
    if (requested > available + 1e-9)
      warnings.push({
        code: 'OVER_QUOTA',
        message: attMsg.overQuota(fmt(Math.max(0, available)), unitLabel(j.unit, available)),
      });
  }
  return warnings;
}

/**
 * The open hours checked again when a day's punches arrive (issue 30 item 7): a credit an employee filed for a day to
 * come was bound by 24 h then, with nothing worked yet; once the day is worked, worked time and credits together may
 * pass 24 h. Then the day's credits the employee approved for themselves (auto-approval) go back to pending, with a
 * note saying why, so that a person decides them; the punches stay as they are (they are what happened), and credits
 * an admin approved stay approved. Returns the requests put back. Runs in the punches' transaction.
 */
export async function recheckDayCredits(
  q: Queryable,
  ctx: RequestCtx,
  days: readonly { userInfoId: string; date: string }[],
): Promise<string[]> {
  const unique = [...new Map(days.map((d) => [`${d.userInfoId}|${d.date}`, d])).values()];
  if (unique.length === 0) return [];
  const people = [...new Set(unique.map((d) => d.userInfoId))];
  const dates = unique.map((d) => d.date).sort();
  const from = dates[0]!;
  const to = dates.at(-1)!;
  const credits = await repo.activeRequestsBetween(q, ctx.scope, people, from, to, { increaseOnly: true });
  const candidates = unique.filter((d) => credits.some((r) => r.userInfoId === d.userInfoId && r.date === d.date));
  if (candidates.length === 0) return [];
  // Same order as checkOpenHours: loadContracts first (see there).
  const [contractsBy, hol, punchesBy, accounts] = await Promise.all([
    loadContracts(q, ctx.scope, people, from, to),
    loadHolidays(q, ctx.scope, from, to),
    loadEnginePunches(q, ctx.scope, people, from, to),
    repo.accountsOf(q, ctx.scope, people),
  ]);
  const holidaySet = new Set(hol.map((h) => h.date));
  const now = new Date().toISOString();
  const back: { id: string; date: string }[] = [];
  for (const d of candidates) {
    const contractsOf = contractsBy.get(d.userInfoId) ?? [];
    const pairs = pairPunches(
      (punchesBy.get(d.userInfoId) ?? []).map((p) => ({ id: p.id, at: p.at, direction: p.direction })),
      ctx.timeZone,
      now,
    );
    const expected = expectedFor(contractsOf, holidaySet, d.date);
    const contract = contractOn(contractsOf, d.date);
    const pauses = contract && expected > 0 ? weekdayPauses(contract.timeSlots, isoWeekday(d.date)) : [];
    const worked = pairs.filter((p) => p.date === d.date && !p.anomaly).reduce((sum, p) => sum + p.minutes, 0);
    const ofDay = credits.filter((r) => r.userInfoId === d.userInfoId && r.date === d.date);
    const credited = ofDay.reduce(
      (sum, r) =>
        sum + requestMinutes({ ...r, impact: r.justification.impact, unit: r.justification.unit }, expected, pauses),
      0,
    );
    if (worked + credited <= DAY_MINUTES) continue;
    const self = accounts.get(d.userInfoId);
    for (const r of ofDay)
      if (r.status === 'approved' && self && r.createdBy === self && r.decidedBy === self)
        back.push({ id: r.id, date: d.date });
  }
  if (back.length === 0) return [];
  const reopened: Awaited<ReturnType<typeof repo.reopenRequests>> = [];
  for (const date of [...new Set(back.map((b) => b.date))])
    reopened.push(
      ...(await repo.reopenRequests(
        q,
        ctx.scope,
        back.filter((b) => b.date === date).map((b) => b.id),
        attMsg.creditsOverDay(italianDate(date)),
      )),
    );
  await syncUsage(q, ctx.scope, ctx.actor.userId, reopened);
  await audit(q, ctx, {
    action: 'request.reopen_over_day',
    entity: { type: 'justification-request', id: reopened.length === 1 ? reopened[0]!.id : `bulk:${reopened.length}` },
    changes: { ids: reopened.map((r) => r.id) },
  });
  return reopened.map((r) => r.id);
}
