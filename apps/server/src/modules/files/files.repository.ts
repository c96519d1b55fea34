import { asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { fileDeletions, fileOpens, files, workspaces } from '../../db/schema';
import { insertInScope, inScope, type WorkspaceScope } from '../../db/scope';

export type FileRow = typeof files.$inferSelect;

/** Where a file's bytes live: always derived from the scope and the file id, never from input. */
export const storageKeyOf = (scope: WorkspaceScope, fileId: string) => `${scope.workspaceId}/${fileId}`;

export async function insertFile(
  q: Queryable,
  scope: WorkspaceScope,
  values: Omit<typeof files.$inferInsert, 'workspaceId' | 'createdAt'> & { id: string },
): Promise<FileRow> {
  const [row] = await insertInScope(q, scope, files, values).returning();
  return row!;
}

/** Many file records in one statement. */
export async function insertFiles(
  q: Queryable,
  scope: WorkspaceScope,
  values: (Omit<typeof files.$inferInsert, 'workspaceId' | 'createdAt'> & { id: string })[],
): Promise<void> {
  if (values.length === 0) return;
  await insertInScope(q, scope, files, values);
}

export async function findFile(q: Queryable, scope: WorkspaceScope, id: string): Promise<FileRow | null> {
  const [row] = await q
    .select()
    .from(files)
    .where(inScope(files, scope, eq(files.id, id)));
  return row ?? null;
}

export async function findFiles(q: Queryable, scope: WorkspaceScope, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return q
    .select()
    .from(files)
    .where(inScope(files, scope, inArray(files.id, ids)));
}

/** Files of this workspace with these bytes (an import recognised by its SHA-256). */
export async function filesWithSha(q: Queryable, scope: WorkspaceScope, sha256: string, kind: FileRow['kind']) {
  return q
    .select()
    .from(files)
    .where(inScope(files, scope, eq(files.sha256, sha256), eq(files.kind, kind)))
    .orderBy(asc(files.createdAt));
}

export async function deleteFileRows(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  return q
    .delete(files)
    .where(inScope(files, scope, inArray(files.id, ids)))
    .returning({ id: files.id });
}

/** A storage key to remove once `notBefore` has passed (an upload's reservation, or a deleted file's bytes). */
export async function queueDeletions(q: Queryable, keys: string[], notBefore?: Date): Promise<number[]> {
  if (keys.length === 0) return [];
  const rows = await q
    .insert(fileDeletions)
    .values(keys.map((storageKey) => ({ storageKey, ...(notBefore ? { notBefore } : {}) })))
    .returning({ id: fileDeletions.id });
  return rows.map((r) => r.id);
}

/** The upload's reservation is no longer needed: the file is recorded (in the caller's transaction). */
export async function dropDeletions(q: Queryable, ids: number[]) {
  if (ids.length === 0) return;
  await q.delete(fileDeletions).where(inArray(fileDeletions.id, ids));
}

/**
 * Up to `limit` deletions that are due, locked for this sweeper (SKIP LOCKED: several processes sweep different rows).
 * Platform-wide by design: the sweeper serves every workspace, and the keys it reads were written by the server.
 */
export async function lockDueDeletions(tx: Queryable, now: Date, limit: number) {
  return tx
    .select()
    .from(fileDeletions)
    .where(lte(fileDeletions.notBefore, now))
    .orderBy(asc(fileDeletions.notBefore), asc(fileDeletions.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deletionFailed(q: Queryable, id: number, error: string, retryAt: Date) {
  await q
    .update(fileDeletions)
    .set({ attempts: sql`${fileDeletions.attempts} + 1`, lastError: error.slice(0, 500), notBefore: retryAt })
    .where(eq(fileDeletions.id, id));
}

export async function insertOpen(
  q: Queryable,
  scope: WorkspaceScope,
  values: { fileId: string; userId: string; userInfoId: string | null },
) {
  await insertInScope(q, scope, fileOpens, values);
}

/** How many times each file was opened, and when first, by its own employee or by anyone: one query. */
export async function openCounts(q: Queryable, scope: WorkspaceScope, fileIds: string[]) {
  if (fileIds.length === 0) return new Map<string, number>();
  const rows = await q
    .select({ fileId: fileOpens.fileId, n: sql<number>`count(*)::int` })
    .from(fileOpens)
    .where(inScope(fileOpens, scope, inArray(fileOpens.fileId, fileIds)))
    .groupBy(fileOpens.fileId);
  return new Map(rows.map((r) => [r.fileId, r.n]));
}

/** How many times each file was opened by the person given for it (an employee's opens of their own slip). */
export async function opensBy(q: Queryable, scope: WorkspaceScope, pairs: { fileId: string; userInfoId: string }[]) {
  const out = new Map<string, number>();
  if (pairs.length === 0) return out;
  const rows = await q
    .select({ fileId: fileOpens.fileId, userInfoId: fileOpens.userInfoId, n: sql<number>`count(*)::int` })
    .from(fileOpens)
    .where(
      inScope(
        fileOpens,
        scope,
        inArray(
          fileOpens.fileId,
          pairs.map((p) => p.fileId),
        ),
      ),
    )
    .groupBy(fileOpens.fileId, fileOpens.userInfoId);
  const owner = new Map(pairs.map((p) => [p.fileId, p.userInfoId]));
  for (const r of rows) if (r.userInfoId && owner.get(r.fileId) === r.userInfoId) out.set(r.fileId, r.n);
  return out;
}

/** The workspace's file storage: what it uses (bytes, files) and its quota (issue 30 item 8). Two statements. */
export async function storageOf(q: Queryable, scope: WorkspaceScope) {
  const [[used], [quota]] = await Promise.all([
    q
      .select({
        usedBytes: sql<number>`coalesce(sum(${files.size}), 0)::float8`,
        usedFiles: sql<number>`count(*)::int`,
      })
      .from(files)
      .where(inScope(files, scope)),
    q
      .select({ quotaMb: workspaces.storageQuotaMb, quotaFiles: workspaces.storageQuotaFiles })
      .from(workspaces)
      .where(eq(workspaces.id, scope.workspaceId)),
  ]);
  return {
    usedBytes: used?.usedBytes ?? 0,
    usedFiles: used?.usedFiles ?? 0,
    quotaMb: quota?.quotaMb ?? 0,
    quotaFiles: quota?.quotaFiles ?? 0,
  };
}

/** Quota checks of one workspace wait for each other until their transaction ends (two uploads cannot both pass). */
export async function lockStorage(q: Queryable, scope: WorkspaceScope) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext(${`timbro:storage:${scope.workspaceId}`}))`);
}
