import { desc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { paycheckImports, paychecks, userInfos } from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, type WorkspaceScope } from '../../db/scope';
import { nameKey } from '../../db/sql';

export type ImportRow = typeof paycheckImports.$inferSelect;
type ImportStatus = ImportRow['status'];

export async function insertImport(
  q: Queryable,
  scope: WorkspaceScope,
  values: Omit<typeof paycheckImports.$inferInsert, 'workspaceId'>,
): Promise<ImportRow> {
  const [row] = await insertInScope(q, scope, paycheckImports, values).returning();
  return row!;
}

export async function findImport(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false) {
  const base = q
    .select()
    .from(paycheckImports)
    .where(inScope(paycheckImports, scope, eq(paycheckImports.id, id)));
  const [row] = forUpdate ? await base.for('update') : await base;
  return row ?? null;
}

/** The newest imports first, without their pages: two queries. */
export async function listImports(q: Queryable, scope: WorkspaceScope, limit: number, offset: number) {
  const { pages: _pages, choices: _choices, ...columns } = getTableColumns(paycheckImports);
  const [rows, [count]] = await Promise.all([
    q
      .select(columns)
      .from(paycheckImports)
      .where(inScope(paycheckImports, scope))
      .orderBy(desc(paycheckImports.createdAt), desc(paycheckImports.id))
      .limit(limit)
      .offset(offset),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(paycheckImports)
      .where(inScope(paycheckImports, scope)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** An earlier import of the same bytes for the same month that did not fail. */
export async function findDuplicate(q: Queryable, scope: WorkspaceScope, sha256: string, year: number, month: number) {
  const [row] = await q
    .select({ id: paycheckImports.id })
    .from(paycheckImports)
    .where(
      inScope(
        paycheckImports,
        scope,
        eq(paycheckImports.sha256, sha256),
        eq(paycheckImports.year, year),
        eq(paycheckImports.month, month),
        notInArray(paycheckImports.status, ['failed']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Takes the next import that has work to do, in any workspace (the job serves them all): one waiting to be read, or
 * asked to publish, or running in a process that stopped beating. Skips the rows another process holds.
 */
export async function claimNext(
  db: Db,
  staleSeconds: number,
  /** Companies whose import this process already runs: one at a time each, so the turns stay fair (issue 30). */
  busyWorkspaces: readonly string[] = [],
): Promise<ImportRow | null> {
  const busy = busyWorkspaces.length
    ? sql`and pi.workspace_id::text <> all(${`{${busyWorkspaces.join(',')}}`}::text[])`
    : sql``;
  const res = await db.execute(sql`
    update ${paycheckImports} set
      status = case when status = 'waiting' then 'analysing' else status end,
      attempts = ${paycheckImports.attempts} + 1, heartbeat_at = now()
    where ${paycheckImports.id} = (
      select pi.id from ${paycheckImports} pi
      where (pi.status = 'waiting'
        or (pi.status in ('analysing', 'publishing')
            and (pi.heartbeat_at is null or pi.heartbeat_at < now() - make_interval(secs => ${staleSeconds}))))
        and ${inEnabledWorkspace(sql`pi.workspace_id`)} ${busy}
      order by pi.created_at limit 1 for update skip locked)
    returning ${paycheckImports.id} as id`);
  const row = (res as unknown as { rows: { id: string }[] }).rows[0];
  if (!row) return null;
  const [full] = await db.select().from(paycheckImports).where(eq(paycheckImports.id, row.id));
  return full ?? null;
}

/** Progress and heartbeat, only while the import is still in the state this process runs. */
export async function beat(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  status: ImportStatus,
  done: number,
  total: number,
) {
  await q
    .update(paycheckImports)
    .set({ pagesDone: done, pagesTotal: total, heartbeatAt: new Date() })
    .where(inScope(paycheckImports, scope, eq(paycheckImports.id, id), eq(paycheckImports.status, status)));
}

/** Moves an import on, only from one of the states given; the row, or null when it was not in one of them. */
export async function setStatus(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  from: ImportStatus[],
  patch: Partial<Omit<typeof paycheckImports.$inferInsert, 'workspaceId' | 'id'>>,
) {
  const [row] = await q
    .update(paycheckImports)
    .set({ ...patch, updatedAt: new Date() })
    .where(inScope(paycheckImports, scope, eq(paycheckImports.id, id), inArray(paycheckImports.status, from)))
    .returning();
  return row ?? null;
}

/** Every employee record of the workspace with its codice fiscale, by name: the review's choices and the matching. */
export async function employeesOf(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({
      id: userInfos.id,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      fiscalCode: userInfos.fiscalCode,
    })
    .from(userInfos)
    .where(inScope(userInfos, scope))
    .orderBy(nameKey(userInfos.lastName), nameKey(userInfos.firstName), userInfos.id);
}

/** Many pay slips in one statement (a publication): their ids in the order given. */
export async function insertPaychecks(
  q: Queryable,
  scope: WorkspaceScope,
  values: Omit<typeof paychecks.$inferInsert, 'workspaceId'>[],
) {
  if (values.length === 0) return [];
  return insertInScope(q, scope, paychecks, values).returning({ id: paychecks.id, userInfoId: paychecks.userInfoId });
}

export async function deleteImport(q: Queryable, scope: WorkspaceScope, id: string) {
  await q.delete(paycheckImports).where(inScope(paycheckImports, scope, eq(paycheckImports.id, id)));
}
