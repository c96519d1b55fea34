import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { userInfos } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';

// The employees' payroll codes (integration, employees section), written in bulk: a fixed number of statements whatever
// the number of rows.

/** The current code of each of these employee records (member role), locked until the transaction ends. */
export async function lockEmployeeCodes(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .select({ id: userInfos.id, payrollCode: userInfos.payrollCode })
    .from(userInfos)
    .where(inScope(userInfos, scope, and(inArray(userInfos.id, ids), eq(userInfos.isMember, true))))
    .for('update');
}

/** Sets each record's code in one statement (rows whose code is already that one are left alone). */
export async function updateEmployeeCodes(
  q: Queryable,
  scope: WorkspaceScope,
  items: { id: string; payrollCode: string | null }[],
): Promise<number> {
  if (items.length === 0) return 0;
  const input = sql`jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(id uuid, "payrollCode" text)`;
  const rows = await q
    .update(userInfos)
    .set({ payrollCode: sql`x."payrollCode"`, updatedAt: new Date() })
    .from(input)
    .where(
      inScope(
        userInfos,
        scope,
        sql`${userInfos.id} = x.id`,
        eq(userInfos.isMember, true),
        sql`${userInfos.payrollCode} is distinct from x."payrollCode"`,
      ),
    )
    .returning({ id: userInfos.id });
  return rows.length;
}
