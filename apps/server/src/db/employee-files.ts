import { asc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from './client';
import { userInfos } from './schema';
import { inScope, insertInScope, joinInScope, type TenantTable, type WorkspaceScope } from './scope';
import { nameKey, sortTerm } from './sql';

/**
 * The SQL of an employee file record (issue 31): a tenant table whose rows each give one employee one stored file,
 * with the employee's first open of it — pay slips, documents, and whatever file kind comes next. The owner module's
 * repository builds it on its own table (`employeeFileRepository(documents)`), so the table is written only from its
 * owner's code (lint `owned-tables` checks the call like `tenantRepository`'s); its own filters and sorts stay there.
 * The service side of the same records is `employeeFileRecords` in the files module.
 */

/** The columns every employee file table has. */
export type EmployeeFileTable = TenantTable & {
  userInfoId: PgColumn;
  fileId: PgColumn;
  attachmentFirstOpenAt: PgColumn;
  updatedAt: PgColumn;
};

/** What every employee file record has (its own columns come with its table's type). */
export interface EmployeeFileRow {
  id: string;
  userInfoId: string;
  fileId: string;
  attachmentFirstOpenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The employee a record belongs to, as lists and answers name them. */
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

const person = { id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName };

/** A search term against the employee's name, either way round: for the owner's list filter. */
export function personMatches(like: string): SQL {
  return or(
    ilike(userInfos.firstName, like),
    ilike(userInfos.lastName, like),
    ilike(sql`${userInfos.lastName} || ' ' || ${userInfos.firstName}`, like),
    ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, like),
  ) as SQL;
}

/** Sorting by the employee: surname, then first name. */
export const byPerson = (order?: 'asc' | 'desc'): SQL[] =>
  order
    ? [sortTerm(nameKey(userInfos.lastName), order), sortTerm(nameKey(userInfos.firstName), order)]
    : [nameKey(userInfos.lastName), nameKey(userInfos.firstName)];

/** A record of the table, alone and with its employee; its values to insert (without the workspace), and to change. */
export type EmployeeFileRecord<T extends EmployeeFileTable> = T['$inferSelect'] & EmployeeFileRow;
export type EmployeeFileWithPerson<T extends EmployeeFileTable> = EmployeeFileRecord<T> & { person: Person };
export type EmployeeFileInsert<T extends EmployeeFileTable> = Omit<T['$inferInsert'], 'workspaceId'>;
export type EmployeeFilePatch<T extends EmployeeFileTable> = Partial<
  Omit<T['$inferInsert'], 'workspaceId' | 'id' | 'userInfoId'>
>;

export function employeeFileRepository<T extends EmployeeFileTable>(table: T) {
  type Row = EmployeeFileRecord<T>;
  type WithPerson = EmployeeFileWithPerson<T>;
  type Insert = EmployeeFileInsert<T>;
  type Patch = EmployeeFilePatch<T>;
  const t = table as unknown as EmployeeFileTable;
  const personJoin = joinInScope(t, userInfos, eq(userInfos.id, t.userInfoId));
  const withPerson = (q: Queryable) => q.select({ row: t, person }).from(t).innerJoin(userInfos, personJoin);
  const flatten = (r: { row: unknown; person: Person }) => ({ ...(r.row as Row), person: r.person }) as WithPerson;

  return {
    /** The employee record of this workspace with its name, or null (another workspace's id answers null too). */
    async findEmployee(q: Queryable, scope: WorkspaceScope, userInfoId: string): Promise<Person | null> {
      const [row] = await q
        .select(person)
        .from(userInfos)
        .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)));
      return row ?? null;
    },

    /**
     * One page of records with their employee, in SQL order (ties by id), and the total: two statements. `filters`
     * may name the employee's columns (`personMatches`, `byPerson`): the employee is joined.
     */
    async page(
      q: Queryable,
      scope: WorkspaceScope,
      filters: (SQL | undefined)[],
      order: SQL[],
      page: { limit: number; offset: number },
    ): Promise<{ rows: WithPerson[]; total: number }> {
      const where = inScope(t, scope, ...filters);
      const [rows, [count]] = await Promise.all([
        withPerson(q)
          .where(where)
          .orderBy(...order, asc(t.id))
          .limit(page.limit)
          .offset(page.offset),
        q
          .select({ n: sql<number>`count(*)::int` })
          .from(t)
          .innerJoin(userInfos, personJoin)
          .where(where),
      ]);
      return { rows: rows.map(flatten), total: count?.n ?? 0 };
    },

    /** A record with its employee, or null; `forUpdate` locks the record's row for the caller's transaction. */
    async find(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false): Promise<WithPerson | null> {
      const base = withPerson(q).where(inScope(t, scope, eq(t.id, id)));
      const [row] = forUpdate ? await base.for('update', { of: t }) : await base;
      return row ? flatten(row) : null;
    },

    async insert(q: Queryable, scope: WorkspaceScope, values: Insert): Promise<Row> {
      const [row] = await insertInScope(q, scope, t, values as never).returning();
      return row as Row;
    },

    /** Changes a record (never its employee or workspace); `updatedAt` is now. */
    async update(q: Queryable, scope: WorkspaceScope, id: string, values: Patch): Promise<Row | null> {
      const [row] = await q
        .update(t)
        .set({ ...(values as object), updatedAt: new Date() } as never)
        .where(inScope(t, scope, eq(t.id, id)))
        .returning();
      return (row as Row | undefined) ?? null;
    },

    /** Sets the employee's first open, only if it is not set yet; true when this call set it. */
    async markFirstOpen(q: Queryable, scope: WorkspaceScope, id: string, at: Date): Promise<boolean> {
      const rows = await q
        .update(t)
        .set({ attachmentFirstOpenAt: at } as never)
        .where(inScope(t, scope, eq(t.id, id), isNull(t.attachmentFirstOpenAt)))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    /** Deletes a record; the deleted row, or null when there was none. */
    async remove(q: Queryable, scope: WorkspaceScope, id: string): Promise<Row | null> {
      const [row] = await q
        .delete(t)
        .where(inScope(t, scope, eq(t.id, id)))
        .returning();
      return (row as Row | undefined) ?? null;
    },
  };
}

/** What `employeeFileRepository(table)` gives, for the service side (`employeeFileRecords` in the files module). */
export type EmployeeFileRepository<T extends EmployeeFileTable> = ReturnType<typeof employeeFileRepository<T>>;
