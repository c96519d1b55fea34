import {
  addDays,
  checkRoster,
  shiftMsg,
  type IsoDate,
  type RosterShift,
  type ShiftWarning,
  type ShiftWarningRule,
} from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';

import { holidaysBetween } from './work-shifts.shared';
import * as shiftsRepo from './shifts/shifts.repository';
import type { ShiftRow } from './shifts/shifts.repository';
import * as rosterRepo from './shifts/roster.repository';

/** How far around a checked shift the person's roster is read: two weeks each side (weekly rest and average). */
const WINDOW_DAYS = 14;

/** A shift as the checks see it, for one person (a shift of three people is three candidates). */
export interface Candidate {
  id: string;
  userInfoId: string;
  date: IsoDate;
  startsAt: Date;
  endsAt: Date;
  pauseMinutes: number;
}

/**
 * The warnings of some shifts as they would stand (ADR 0022): the rest rules of D.Lgs. 66/2003 on each person's
 * roster around them (their other shifts, drafts included, read from the database; `replaces` are left out — the
 * shifts being edited, or a swap's halves), an approved absence that day, a holiday. Only violations that involve a
 * candidate are kept. Four queries whatever the number of shifts.
 */
export async function warningsFor(
  q: Queryable,
  scope: WorkspaceScope,
  timeZone: string,
  candidates: Candidate[],
  replaces: ReadonlySet<string> = new Set(),
  /** Assignments the roster must forget (a swap moves a person off a shift): `${shiftId}:${userInfoId}`. */
  without: ReadonlySet<string> = new Set(),
): Promise<Map<string, ShiftWarning[]>> {
  const out = new Map<string, ShiftWarning[]>();
  if (candidates.length === 0) return out;
  const people = [...new Set(candidates.map((c) => c.userInfoId))];
  const dates = candidates.map((c) => c.date).sort();
  const from = addDays(dates[0]!, -WINDOW_DAYS);
  const to = addDays(dates.at(-1)!, WINDOW_DAYS);
  const [roster, absences, holidays, names] = await Promise.all([
    rosterRepo.rosterOf(q, scope, people, from, to),
    rosterRepo.approvedAbsences(q, scope, people, dates[0]!, dates.at(-1)!),
    holidaysBetween(q, scope, dates[0]!, dates.at(-1)!),
    shiftsRepo.existingPeople(q, scope, people),
  ]);
  return warningsOf(timeZone, candidates, roster, absences, holidays, names, replaces, without);
}

/** The pure part of `warningsFor` (the benchmark measures it on its own). */
export function warningsOf(
  timeZone: string,
  candidates: Candidate[],
  roster: { id: string; userInfoId: string; startsAt: Date; endsAt: Date; pauseMinutes: number }[],
  absences: { userInfoId: string; date: string; wholeDay: boolean; name: string }[],
  holidays: { date: string; name: string }[],
  names: { id: string; firstName: string; lastName: string }[],
  replaces: ReadonlySet<string> = new Set(),
  without: ReadonlySet<string> = new Set(),
): Map<string, ShiftWarning[]> {
  const out = new Map<string, ShiftWarning[]>();
  const nameOf = new Map(names.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  const candidateIds = new Set(candidates.map((c) => c.id));
  const dateOf = new Map(candidates.map((c) => [c.id, c.date]));
  const shifts: RosterShift[] = [];
  for (const r of roster) {
    if (replaces.has(r.id) || candidateIds.has(r.id) || without.has(`${r.id}:${r.userInfoId}`)) continue;
    shifts.push({
      id: r.id,
      userInfoId: r.userInfoId,
      start: r.startsAt.toISOString(),
      end: r.endsAt.toISOString(),
      pauseMinutes: r.pauseMinutes,
    });
  }
  for (const c of candidates)
    shifts.push({
      id: c.id,
      userInfoId: c.userInfoId,
      start: c.startsAt.toISOString(),
      end: c.endsAt.toISOString(),
      pauseMinutes: c.pauseMinutes,
    });
  const add = (shiftId: string, w: Omit<ShiftWarning, 'message' | 'name'> & { rule: ShiftWarningRule }) => {
    const warning: ShiftWarning = {
      ...w,
      name: nameOf.get(w.userInfoId) ?? '',
      message: shiftMsg.warning(w.rule, w.minutes),
    };
    const list = out.get(shiftId);
    if (list) list.push(warning);
    else out.set(shiftId, [warning]);
  };
  for (const v of checkRoster(shifts, timeZone)) {
    const mine = v.shiftIds.filter((id) => candidateIds.has(id));
    // A week's figures (weekly rest, the average) name many shifts: the warning goes on the candidates among them.
    for (const id of mine)
      add(id, {
        rule: v.rule,
        userInfoId: v.userInfoId,
        date: dateOf.get(id)!,
        shiftIds: v.shiftIds,
        minutes: v.minutes,
      });
  }
  const absent = new Map<string, string>();
  for (const a of absences) if (a.wholeDay) absent.set(`${a.userInfoId}:${a.date}`, a.name);
  const holidayOn = new Set(holidays.map((h) => h.date));
  const told = new Set<string>();
  for (const c of candidates) {
    if (absent.has(`${c.userInfoId}:${c.date}`))
      add(c.id, { rule: 'absence', userInfoId: c.userInfoId, date: c.date, shiftIds: [c.id], minutes: 0 });
    // A holiday is the shift's, not each person's: once per shift.
    if (holidayOn.has(c.date) && !told.has(c.id) && told.add(c.id))
      add(c.id, { rule: 'holiday', userInfoId: c.userInfoId, date: c.date, shiftIds: [c.id], minutes: 0 });
  }
  return out;
}

/** The candidates of a shift for the checks: one per person. */
export const candidatesOf = (
  row: Pick<ShiftRow, 'id' | 'date' | 'startsAt' | 'endsAt' | 'pauseMinutes'>,
  people: string[],
): Candidate[] =>
  people.map((userInfoId) => ({
    id: row.id,
    userInfoId,
    date: row.date,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    pauseMinutes: row.pauseMinutes,
  }));

/** The candidates of stored shifts, each with the people assigned to it. */
export const candidatesOfShifts = (shifts: shiftsRepo.ShiftWithPeople[]): Candidate[] =>
  shifts.flatMap((s) =>
    candidatesOf(
      s,
      s.assignees.map((p) => p.id),
    ),
  );
