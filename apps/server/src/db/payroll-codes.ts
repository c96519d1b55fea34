import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';
import { inScope, type TenantTable, type WorkspaceScope } from './scope';

/** A tenant table whose rows carry the code the payroll software knows them by (employees, absence types). */
export type PayrollCodeTable = TenantTable & { payrollCode: PgColumn; updatedAt: PgColumn };

/** One row's code before and after a bulk change: the caller's audit entry. */
export interface PayrollCodeChange {
  id: string;
  from: string | null;
  to: string | null;
}

/**
 * The payroll codes of a table's rows written in bulk (the integration's employees and justifications sections, and
 * its import): a fixed number of statements whatever the number of rows. `only` narrows the rows that may be changed
 * (the employee records among the workspace's people). Built by the owner module's repository, like
 * `tenantRepository` (lint `owned-tables` checks the call).
 */
export function payrollCodeRepository(table: PayrollCodeTable, ...only: SQL[]) {
  const t = table;
  return {
    /**
     * Sets the codes inside the caller's transaction: locks the rows, leaves those already holding their code alone and
     * updates the rest in one statement. Returns what changed, or null — nothing written — when an id is not one of
     * the rows (another workspace's, or outside `only`).
     */
    async set(
      q: Queryable,
      scope: WorkspaceScope,
      items: { id: string; payrollCode: string | null }[],
    ): Promise<PayrollCodeChange[] | null> {
      const wanted = new Map(items.map((i) => [i.id, i.payrollCode]));
      const current =
        wanted.size === 0
          ? []
          : ((await q
              .select({ id: t.id, payrollCode: t.payrollCode })
              .from(t)
              .where(inScope(t, scope, inArray(t.id, [...wanted.keys()]), ...only))
              .for('update')) as { id: string; payrollCode: string | null }[]);
      if (current.length !== wanted.size) return null;
      const changes = current
        .filter((c) => c.payrollCode !== wanted.get(c.id))
        .map((c) => ({ id: c.id, from: c.payrollCode, to: wanted.get(c.id)! }));
      if (changes.length === 0) return changes;
      const input = changes.map((c) => ({ id: c.id, payrollCode: c.to }));
      await q
        .update(t)
        .set({ payrollCode: sql`x."payrollCode"`, updatedAt: new Date() } as never)
        .from(sql`jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x(id uuid, "payrollCode" text)`)
        .where(inScope(t, scope, sql`${t.id} = x.id`, ...only, sql`${t.payrollCode} is distinct from x."payrollCode"`));
      return changes;
    },
  };
}
