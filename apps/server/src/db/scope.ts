import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';
import { workspaces } from './schema';

/**
 * The active workspace of a request. Repository functions of tenant tables take it as their first argument; it can
 * only be made by the tenant plugin (after the membership check) or by trusted code such as jobs and the seed.
 */
export interface WorkspaceScope {
  readonly workspaceId: string;
  readonly __brand: 'WorkspaceScope';
}

export function workspaceScope(workspaceId: string): WorkspaceScope {
  return Object.freeze({ workspaceId, __brand: 'WorkspaceScope' as const });
}

/** The values of a row of a tenant table, without the workspace (the scope gives it). */
export type ScopedInsert<T extends PgTable> = Omit<T['$inferInsert'], 'workspaceId'>;

/**
 * `insert into <tenant table>` with the workspace taken from the scope, never from the values: the one way a module
 * inserts into a tenant table (lint forbids writing `workspaceId` in `.values(...)`). Returns the insert builder, so
 * `.returning()` and `.onConflict…()` chain as usual.
 */
export function insertInScope<T extends PgTable & { workspaceId: PgColumn }>(
  q: Queryable,
  scope: WorkspaceScope,
  table: T,
  values: ScopedInsert<T> | ScopedInsert<T>[],
) {
  const rows = (Array.isArray(values) ? values : [values]).map((v) => ({
    ...(v as object),
    workspaceId: scope.workspaceId,
  }));
  return q.insert(table).values(rows as never);
}

/** A table with the tenant key. */
export type TenantTable = PgTable & { workspaceId: PgColumn; id: PgColumn };

/** `workspace_id = scope AND …conditions`: the one place where the tenant filter is written. */
export function inScope(
  table: { workspaceId: PgColumn },
  scope: WorkspaceScope,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.workspaceId, scope.workspaceId), ...conditions) as SQL;
}

/**
 * Generic tenant repository: find, list, count, insert, update and delete, all filtered by the scope. A row of
 * another workspace is simply not there (callers turn null into 404, never 403). Inserts take the workspace from the
 * scope, never from input.
 */
export function tenantRepository<T extends TenantTable>(table: T) {
  type Row = T['$inferSelect'];
  type Insert = Omit<T['$inferInsert'], 'workspaceId'>;
  type Patch = Partial<Omit<T['$inferInsert'], 'workspaceId' | 'id'>>;
  const t = table as unknown as TenantTable;
  return {
    table,
    where: (scope: WorkspaceScope, ...conditions: (SQL | undefined)[]) => inScope(t, scope, ...conditions),
    async findById(q: Queryable, scope: WorkspaceScope, id: string): Promise<Row | null> {
      const rows = await q
        .select()
        .from(t)
        .where(inScope(t, scope, eq(t.id, id)))
        .limit(1);
      return (rows[0] as Row | undefined) ?? null;
    },
    async insert(q: Queryable, scope: WorkspaceScope, values: Insert): Promise<Row> {
      const rows = await insertInScope(q, scope, t, values as never).returning();
      return rows[0] as Row;
    },
    async update(q: Queryable, scope: WorkspaceScope, id: string, patch: Patch): Promise<Row | null> {
      const { workspaceId: _ignored, ...safe } = patch as Record<string, unknown>;
      const rows = await q
        .update(t)
        .set(safe as never)
        .where(inScope(t, scope, eq(t.id, id)))
        .returning();
      return (rows[0] as Row | undefined) ?? null;
    },
    async remove(q: Queryable, scope: WorkspaceScope, id: string): Promise<boolean> {
      const rows = await q
        .delete(t)
        .where(inScope(t, scope, eq(t.id, id)))
        .returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

/**
 * The join condition between two tenant tables: `right.workspace_id = left.workspace_id AND …on`. Every join of
 * tenant tables carries the workspace, so a row can never pair with another workspace's (and the composite foreign
 * keys' index serves the join).
 */
export function joinInScope(left: { workspaceId: PgColumn }, right: { workspaceId: PgColumn }, ...on: SQL[]): SQL {
  return and(eq(right.workspaceId, left.workspaceId), ...on) as SQL;
}

/**
 * `exists (select 1 from <table> where <table>.workspace_id = <outer workspace> and …)`: a sub-select that carries the
 * workspace of the outer row, so a correlated filter (e.g. "is in this group") cannot see another workspace's rows.
 */
export function existsInScope(
  table: PgTable & { workspaceId: PgColumn },
  outerWorkspaceId: PgColumn,
  ...conditions: SQL[]
): SQL {
  return sql`exists (select 1 from ${table} where ${table.workspaceId} = ${outerWorkspaceId} and ${and(...conditions)})`;
}

/**
 * `<workspace> is not disabled` (ADR 0023): the filter every job that serves all companies puts on the rows it picks
 * (digests, reminders, announcements, closings, imports) and the notification dispatcher on its recipients, so a
 * disabled workspace's work waits untouched — nobody of it is told anything — until the operator enables it again.
 * `workspaceId` is the outer row's workspace column (or an aliased one in raw SQL, e.g. sql`ml.workspace_id`).
 */
export function inEnabledWorkspace(workspaceId: PgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${workspaces} dw where dw.id = ${workspaceId} and dw.disabled_at is not null)`;
}
