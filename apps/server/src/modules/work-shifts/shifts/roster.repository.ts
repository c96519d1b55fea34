import type { IsoDate } from '@timbro/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { assignedIn, shiftAssignees } from '../../../db/assigned-shifts';
import type { Queryable } from '../../../db/client';
import {
  contracts,
  justificationRequests,
  justifications,
  shiftSwaps,
  userInfos,
  workShiftAssignees,
  workShifts,
} from '../../../db/schema';
import { existsInScope, inScope, joinInScope, type WorkspaceScope } from '../../../db/scope';
import { loadShifts, publishedBetween } from './shifts.repository';

/**
 * The published roster of a whole workspace (the dashboard's "next week": a thousand shifts for 200 people), read lean
 * rather than as the editing rows (every column of every shift, a `Date` per instant, then the assignees by a list of a
 * thousand ids): only the columns a timeline shows, the instants made into ISO text by the database, and the whole
 * roster as ONE JSON value — PGlite pays for every row of a result in JavaScript (its protocol parser), so a thousand
 * rows cost about twice what one row of the same data does.
 */

export interface RosterPerson {
  id: string;
  firstName: string;
  lastName: string;
}

export interface RosterShift {
  id: string;
  date: string;
  startMinutes: number;
  endMinutes: number;
  pauseMinutes: number;
  minutes: number;
  startsAt: string;
  endsAt: string;
  label: string | null;
  color: string | null;
  swapped: boolean;
  /** In name order (lower-case last name, first name, id), as the shift module lists a shift's people. */
  people: RosterPerson[];
}

/** One (shift, person) pair as the statement packs it; the person is null for a shift with nobody. */
type Pair = [
  id: string,
  date: string,
  startMinutes: number,
  endMinutes: number,
  pauseMinutes: number,
  minutes: number,
  startsAt: string,
  endsAt: string,
  label: string | null,
  color: string | null,
  swapped: boolean,
  personId: string | null,
  firstName: string | null,
  lastName: string | null,
];

const isoInstant = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The published shifts of [from, to] with their people, in start order: one statement, one row. */
export async function publishedShifts(
  q: Queryable,
  scope: WorkspaceScope,
  from: IsoDate,
  to: IsoDate,
): Promise<RosterShift[]> {
  const res = await q.execute(sql`
    select coalesce(json_agg(json_build_array(
        x.id, x.date, x.start_minutes, x.end_minutes, x.pause_minutes, x.minutes, x.starts_iso, x.ends_iso, x.label,
        x.color, x.swapped, x.person_id, x.first_name, x.last_name
      ) order by x.starts_at, x.id, lower(x.last_name), lower(x.first_name), x.person_id), '[]'::json) as "pairs"
    from (
      select ${workShifts.id} as id, ${workShifts.date}::text as date, ${workShifts.startMinutes} as start_minutes,
        ${workShifts.endMinutes} as end_minutes, ${workShifts.pauseMinutes} as pause_minutes,
        ${workShifts.workMinutes} as minutes, ${workShifts.startsAt} as starts_at,
        ${isoInstant(workShifts.startsAt)} as starts_iso, ${isoInstant(workShifts.endsAt)} as ends_iso,
        ${workShifts.label} as label, ${workShifts.color} as color, ${workShifts.swapped} as swapped,
        ${userInfos.id} as person_id, ${userInfos.firstName} as first_name, ${userInfos.lastName} as last_name
      from ${workShifts}
      left join ${workShiftAssignees}
        on ${shiftAssignees()}
      left join ${userInfos}
        on ${joinInScope(workShiftAssignees, userInfos, eq(userInfos.id, workShiftAssignees.userInfoId))}
      where ${inScope(workShifts, scope, publishedBetween(from, to))}
    ) x`);
  const pairs = (res as unknown as { rows: { pairs: Pair[] }[] }).rows[0]?.pairs ?? [];
  const shifts: RosterShift[] = [];
  for (const [
    id,
    date,
    startMinutes,
    endMinutes,
    pauseMinutes,
    minutes,
    startsAt,
    endsAt,
    label,
    color,
    swapped,
    ...p
  ] of pairs) {
    let shift = shifts.at(-1);
    if (shift?.id !== id) {
      shift = {
        id,
        date,
        startMinutes,
        endMinutes,
        pauseMinutes,
        minutes,
        startsAt,
        endsAt,
        label,
        color,
        swapped,
        people: [],
      };
      shifts.push(shift);
    }
    const [personId, firstName, lastName] = p;
    if (personId !== null) shift.people.push({ id: personId, firstName: firstName!, lastName: lastName! });
  }
  return shifts;
}

/** Every shift (draft or published) of these people starting in [from, to], for the rest rules: one query. */
export async function rosterOf(q: Queryable, scope: WorkspaceScope, userInfoIds: string[], from: IsoDate, to: IsoDate) {
  if (userInfoIds.length === 0) return [];
  return q
    .select({
      id: workShifts.id,
      userInfoId: workShiftAssignees.userInfoId,
      date: workShifts.date,
      startsAt: workShifts.startsAt,
      endsAt: workShifts.endsAt,
      pauseMinutes: workShifts.pauseMinutes,
    })
    .from(workShifts)
    .innerJoin(workShiftAssignees, shiftAssignees())
    .where(
      assignedIn(scope, { people: inArray(workShiftAssignees.userInfoId, userInfoIds), from, to, published: false }),
    );
}

/** Approved absences in [from, to] of the people `who` selects, with their type's name, in date order: one query. */
function approvedAbsencesOf(q: Queryable, scope: WorkspaceScope, who: SQL, from: IsoDate, to: IsoDate) {
  return q
    .select({
      userInfoId: justificationRequests.userInfoId,
      date: justificationRequests.date,
      wholeDay: justificationRequests.wholeDay,
      name: justifications.name,
    })
    .from(justificationRequests)
    .innerJoin(
      justifications,
      joinInScope(justificationRequests, justifications, eq(justifications.id, justificationRequests.justificationId)),
    )
    .where(
      inScope(
        justificationRequests,
        scope,
        who,
        eq(justificationRequests.status, 'approved'),
        gte(justificationRequests.date, from),
        lte(justificationRequests.date, to),
      ),
    )
    .orderBy(asc(justificationRequests.date), asc(justificationRequests.id));
}

/** Approved absences of these people in [from, to] with their type's name: one query. */
export async function approvedAbsences(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return [];
  return approvedAbsencesOf(q, scope, inArray(justificationRequests.userInfoId, userInfoIds), from, to);
}

/**
 * Approved absences in [from, to] of the people with a published shift in [from, to] (the roster's rows): one query,
 * which need not wait for the roster's people.
 */
export async function rosterAbsences(q: Queryable, scope: WorkspaceScope, from: IsoDate, to: IsoDate) {
  const onRoster = existsInScope(
    workShiftAssignees,
    justificationRequests.workspaceId,
    eq(workShiftAssignees.userInfoId, justificationRequests.userInfoId),
    existsInScope(
      workShifts,
      workShiftAssignees.workspaceId,
      eq(workShifts.id, workShiftAssignees.shiftId),
      publishedBetween(from, to)!,
    ),
  );
  return approvedAbsencesOf(q, scope, onRoster, from, to);
}

/** The shifts of some people in [from, to] (for the planning page), with people: two queries. */
export async function shiftsOfPeople(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return [];
  return loadShifts(
    q,
    scope,
    and(
      gte(workShifts.date, from),
      lte(workShifts.date, to),
      existsInScope(
        workShiftAssignees,
        workShifts.workspaceId,
        eq(workShiftAssignees.shiftId, workShifts.id),
        inArray(workShiftAssignees.userInfoId, userInfoIds),
      ),
    ),
  );
}

/** A member's published shifts in [from, to] with their open swap (asked by them), if any: one query. */
export async function myShifts(q: Queryable, scope: WorkspaceScope, me: string, from: IsoDate, to: IsoDate) {
  return q
    .select({
      shift: workShifts,
      openSwapId: sql<string | null>`(select s.id from ${shiftSwaps} s where s.workspace_id = ${workShifts.workspaceId}
        and s.source_shift_id = ${workShifts.id} and s.requester_id = ${me}
        and s.status in ('waiting_colleague', 'waiting_admin') limit 1)`,
    })
    .from(workShifts)
    .innerJoin(workShiftAssignees, shiftAssignees())
    .where(assignedIn(scope, { people: eq(workShiftAssignees.userInfoId, me), from, to, published: true }))
    .orderBy(asc(workShifts.startsAt));
}

/** The latest contract type of each person over [from, to]: one query. */
export async function contractTypes(q: Queryable, scope: WorkspaceScope, ids: string[], from: IsoDate, to: IsoDate) {
  const out = new Map<string, 'fixed' | 'turn_based'>();
  if (ids.length === 0) return out;
  const rows = await q
    .select({ userInfoId: contracts.userInfoId, type: contracts.type })
    .from(contracts)
    .where(
      inScope(
        contracts,
        scope,
        inArray(contracts.userInfoId, ids),
        lte(contracts.startsAt, to),
        or(isNull(contracts.endsAt), gte(contracts.endsAt, from)),
      ),
    )
    .orderBy(desc(contracts.startsAt));
  for (const c of rows) if (!out.has(c.userInfoId)) out.set(c.userInfoId, c.type);
  return out;
}
