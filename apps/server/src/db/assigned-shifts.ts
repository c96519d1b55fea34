import type { IsoDate } from '@timbro/shared';
import { eq, gte, isNotNull, lte, type SQL } from 'drizzle-orm';
import { workShiftAssignees, workShifts } from './schema';
import { inScope, joinInScope, type WorkspaceScope } from './scope';

/**
 * The shifts of people (ADR 0022), one row per shift and person it is assigned to:
 *
 *     q.select({ … }).from(workShifts).innerJoin(workShiftAssignees, shiftAssignees())
 *       .where(assignedIn(scope, { people: eq(workShiftAssignees.userInfoId, me), from, to, published: true }))
 *
 * One read for the member's shifts, the calendar feed and the rest rules (work-shifts, which owns and writes both
 * tables) and for the planned days of attendance, which work-shifts imports and so cannot ask.
 */
export const shiftAssignees = (): SQL =>
  joinInScope(workShifts, workShiftAssignees, eq(workShiftAssignees.shiftId, workShifts.id));

/** The people's shifts dated in [from, to] in the scope; with `published`, the published ones only. */
export function assignedIn(
  scope: WorkspaceScope,
  of: { people: SQL; from: IsoDate; to: IsoDate; published: boolean },
): SQL {
  return inScope(
    workShifts,
    scope,
    of.people,
    gte(workShifts.date, of.from),
    lte(workShifts.date, of.to),
    of.published ? isNotNull(workShifts.publishedAt) : undefined,
  );
}
