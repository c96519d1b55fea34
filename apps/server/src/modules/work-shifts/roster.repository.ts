import type { IsoDate } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { userInfos, workShiftAssignees, workShifts } from '../../db/schema';
import { inScope, joinInScope, type WorkspaceScope } from '../../db/scope';
import { publishedBetween } from './work-shifts.repository';

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
        on ${joinInScope(workShifts, workShiftAssignees, eq(workShiftAssignees.shiftId, workShifts.id))}
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
