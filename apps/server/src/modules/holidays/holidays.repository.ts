import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { holidays } from '../../db/schema';
import { insertInScope, inScope, tenantRepository, type ScopedInsert, type WorkspaceScope } from '../../db/scope';

export const holidayRepo = tenantRepository(holidays);
export type HolidayRow = typeof holidays.$inferSelect;

/** Several holidays in one statement (the national set of a new workspace). */
export async function insertHolidays(q: Queryable, scope: WorkspaceScope, values: ScopedInsert<typeof holidays>[]) {
  await insertInScope(q, scope, holidays, values);
}

/** Every holiday, or with `year` those that can occur in it (recurring from that year or earlier, and dated in it). */
export async function listHolidays(q: Queryable, scope: WorkspaceScope, year?: number): Promise<HolidayRow[]> {
  return q
    .select()
    .from(holidays)
    .where(
      inScope(
        holidays,
        scope,
        year !== undefined
          ? or(
              and(isNull(holidays.year), or(isNull(holidays.fromYear), lte(holidays.fromYear, year))),
              eq(holidays.year, year),
            )
          : undefined,
      ),
    );
}

/** The patron saint's day of the workspace, other than `exceptId` (there is at most one). */
export async function findOtherPatron(q: Queryable, scope: WorkspaceScope, exceptId?: string) {
  const [other] = await q
    .select({ id: holidays.id })
    .from(holidays)
    .where(
      inScope(holidays, scope, eq(holidays.kind, 'patron'), exceptId ? sql`${holidays.id} <> ${exceptId}` : undefined),
    );
  return other ?? null;
}

/** Holiday rules that can fall in the years y1..y2 (recurring ones and those dated in those years). */
export async function holidayRules(q: Queryable, scope: WorkspaceScope, y1: number, y2: number): Promise<HolidayRow[]> {
  return q
    .select()
    .from(holidays)
    .where(
      inScope(
        holidays,
        scope,
        or(isNull(holidays.year), and(sql`${holidays.year} >= ${y1}`, sql`${holidays.year} <= ${y2}`)),
      ),
    );
}
