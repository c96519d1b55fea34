import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { files, workspaces } from '../../db/schema';
import type { WorkspaceScope } from '../../db/scope';

export type WorkspaceRow = typeof workspaces.$inferSelect;

/** The workspace of the scope (the workspace row is the tenant root: its id is the scope). */
export async function findWorkspace(q: Queryable, scope: WorkspaceScope): Promise<WorkspaceRow | null> {
  const rows = await q.select().from(workspaces).where(eq(workspaces.id, scope.workspaceId)).limit(1);
  return rows[0] ?? null;
}

export async function updateWorkspace(q: Queryable, scope: WorkspaceScope, patch: Partial<Omit<WorkspaceRow, 'id'>>) {
  const rows = await q
    .update(workspaces)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(workspaces.id, scope.workspaceId))
    .returning();
  return rows[0] ?? null;
}

/** Square logos of the listed workspaces (for the switcher); ids come from the actor's own memberships. */
export async function squareLogos(q: Queryable, ids: string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: workspaces.id, logo: workspaces.squareLogoFileId })
    .from(workspaces)
    .where(inArray(workspaces.id, ids));
  return new Map(rows.map((r) => [r.id, r.logo]));
}

/**
 * Claims the one-time seeding of the national holidays: sets `holidays_seeded_at` only if it was never set, in the
 * statement that decides, so two starts cannot both seed. True when this call claimed it.
 */
export async function claimHolidaysSeeding(q: Queryable, scope: WorkspaceScope): Promise<boolean> {
  const [claimed] = await q
    .update(workspaces)
    .set({ holidaysSeededAt: new Date() })
    .where(and(eq(workspaces.id, scope.workspaceId), isNull(workspaces.holidaysSeededAt)))
    .returning({ id: workspaces.id });
  return Boolean(claimed);
}

/** Every workspace id, for the defaults at start and nightly (a platform read: the workspaces table is the tenant root). */
/** Every workspace the daily work serves: the enabled ones (a disabled one waits untouched, ADR 0023). */
export async function enabledWorkspaceIds(q: Queryable): Promise<string[]> {
  const rows = await q.select({ id: workspaces.id }).from(workspaces).where(isNull(workspaces.disabledAt));
  return rows.map((r) => r.id);
}

/**
 * Logos still in use that were stored before `since` (issue 30: before uploads were made anew), oldest first, across
 * workspaces (the logo-cleaning job's platform read; the tenancy watch allows it by name).
 */
export async function logosStoredBefore(
  q: Queryable,
  since: Date,
  limit: number,
): Promise<{ workspaceId: string; fileId: string }[]> {
  const res = await q.execute(sql`
    select /* logosStoredBefore */ f.workspace_id as "workspaceId", f.id as "fileId"
    from ${files} f join ${workspaces} w on w.id = f.workspace_id
    where f.kind = 'logo' and f.created_at < ${since} and (w.logo_file_id = f.id or w.square_logo_file_id = f.id)
    order by f.created_at limit ${limit}`);
  return (res as unknown as { rows: { workspaceId: string; fileId: string }[] }).rows;
}
