import type { IsoDate } from '@timbro/shared';
import type { AppDeps } from '../../deps';
import type { RequestCtx } from '../../plugins/request-context';
import { publishedShifts, rosterAbsences, type RosterPerson } from './dashboard.repository';

const byName = new Intl.Collator('it');

/**
 * The admin's "next week" timeline: everyone's published shifts of [from, to] with their people, the people with a
 * shift (name order) and their approved absences. The same content as the shift module's `publishedRoster` (without
 * the holidays, which the dashboard already loads for its own widget), read lean for a whole workspace: two statements
 * (see dashboard.repository.ts).
 */
export async function nextWeekRoster(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, from: IsoDate, to: IsoDate) {
  const [shifts, absences] = await Promise.all([
    publishedShifts(deps.db, ctx.scope, from, to),
    rosterAbsences(deps.db, ctx.scope, from, to),
  ]);
  const people = new Map<string, RosterPerson>();
  for (const s of shifts) for (const p of s.people) people.set(p.id, p);
  return {
    people: [...people.values()].sort(
      (a, b) => byName.compare(a.lastName, b.lastName) || byName.compare(a.firstName, b.firstName),
    ),
    shifts: shifts.map(({ people: assignees, ...shift }) => ({ ...shift, userInfoIds: assignees.map((p) => p.id) })),
    absences,
  };
}
