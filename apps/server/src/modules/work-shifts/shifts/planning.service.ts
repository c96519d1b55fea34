import { type IsoDate, type Planning, type PlanningQuerySchema } from '@timbro/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { RequestCtx } from '../../../plugins/request-context';
import { countEmployees, employeesPage } from '../../attendance';

import { holidaysBetween, toDto } from '../work-shifts.shared';
import * as shiftsRepo from './shifts.repository';
import * as rosterRepo from './roster.repository';
import * as swapsRepo from '../swaps/swaps.repository';

/**
 * GET /admin/work-shift: the planning page — a page of employees (name order, group and search filters) and, for
 * them, the shifts of [from, to] with their open swaps, approved absences and holidays, and the drafts of the range.
 * A fixed number of statements whatever the page's size.
 */
export async function planning(
  deps: AppDeps,
  ctx: RequestCtx,
  query: z.infer<typeof PlanningQuerySchema>,
): Promise<Planning> {
  const { scope } = ctx;
  const filter = { group_id: query.groupId, search: query.search };
  const [people, total, holidays, drafts] = await Promise.all([
    employeesPage(deps.db, scope, filter, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    countEmployees(deps.db, scope, filter),
    holidaysBetween(deps.db, scope, query.from, query.to),
    shiftsRepo.countDrafts(deps.db, scope, query.from, query.to, query.groupId),
  ]);
  const ids = people.map((p) => p.id);
  const [shifts, absences, typeOf] = await Promise.all([
    rosterRepo.shiftsOfPeople(deps.db, scope, ids, query.from, query.to),
    rosterRepo.approvedAbsences(deps.db, scope, ids, query.from, query.to),
    rosterRepo.contractTypes(deps.db, scope, ids, query.from, query.to),
  ]);
  const counts = await swapsRepo.openSwapCounts(
    deps.db,
    scope,
    shifts.map((s) => s.id),
  );
  return {
    from: query.from,
    to: query.to,
    people: people.map((p) => ({ ...p, contractType: typeOf.get(p.id) ?? null })),
    total,
    page: query.page,
    perPage: query.per_page,
    shifts: shifts.map((s) => toDto(s, counts.get(s.id) ?? 0)),
    absences: absences.map((a) => ({ userInfoId: a.userInfoId, date: a.date, name: a.name, wholeDay: a.wholeDay })),
    holidays: holidays.map((h) => ({ date: h.date, name: h.name, icon: h.icon ?? null })),
    drafts,
  };
}

/**
 * The published roster of [from, to] for the dashboard's timeline (an admin: everyone's; a member: their own through
 * `myShifts`): the shifts with their people (name order), the people with a shift (name order) and their approved
 * absences. Two statements side by side, lean (rosterRepo.repository.ts); the holidays are the caller's (the dashboard
 * already reads them for its own widget).
 */
export async function publishedRoster(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, from: IsoDate, to: IsoDate) {
  const [shifts, absences] = await Promise.all([
    rosterRepo.publishedShifts(deps.db, ctx.scope, from, to),
    rosterRepo.rosterAbsences(deps.db, ctx.scope, from, to),
  ]);
  const people = new Map<string, rosterRepo.RosterPerson>();
  for (const s of shifts) for (const p of s.people) people.set(p.id, p);
  return {
    people: [...people.values()].sort(
      (a, b) => a.lastName.localeCompare(b.lastName, 'it') || a.firstName.localeCompare(b.firstName, 'it'),
    ),
    shifts: shifts.map(({ people: assignees, ...shift }) => ({ ...shift, userInfoIds: assignees.map((p) => p.id) })),
    absences,
  };
}
