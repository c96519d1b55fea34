import type { ListPlatformWorkspacesQuery } from '@timbro/shared';
import { asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { loginEmailIs } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { files, userInfos, users, workspaces } from '../../db/schema';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

/**
 * The platform operator's reads and writes (ADR 0023). These statements work across workspaces on purpose: the
 * operator runs the platform, and sees every company with its head counts (never a person's data). They are in the
 * tenancy watch's allow-list with that reason.
 */

/** Head counts per workspace, in one pass over the enabled records (sortable, so the page is cut in SQL). */
function peopleCounts(q: Queryable) {
  return q
    .select({
      workspaceId: userInfos.workspaceId,
      employees:
        sql<number>`count(*) filter (where ${userInfos.isMember} and ${userInfos.invitationStatus} = 'accepted')::int`.as(
          'employees',
        ),
      admins:
        sql<number>`count(*) filter (where ${userInfos.isAdmin} and ${userInfos.invitationStatus} = 'accepted')::int`.as(
          'admins',
        ),
      pendingAdmins:
        sql<number>`count(*) filter (where ${userInfos.isAdmin} and ${userInfos.invitationStatus} = 'pending')::int`.as(
          'pending_admins',
        ),
    })
    .from(userInfos)
    .where(eq(userInfos.enabled, true))
    .groupBy(userInfos.workspaceId)
    .as('people');
}

function rowsWithCounts(q: Queryable) {
  const people = peopleCounts(q);
  const counts = {
    employeesCount: sql<number>`coalesce(${people.employees}, 0)`,
    adminsCount: sql<number>`coalesce(${people.admins}, 0)`,
    pendingAdminsCount: sql<number>`coalesce(${people.pendingAdmins}, 0)`,
  };
  const query = q
    .select({
      id: workspaces.id,
      name: workspaces.name,
      email: workspaces.email,
      vatNumber: workspaces.vatNumber,
      createdAt: workspaces.createdAt,
      disabledAt: workspaces.disabledAt,
      ...counts,
      // The file storage of each workspace on the page (issue 30 item 8): two index reads per row.
      usedBytes: sql<number>`coalesce((select sum(f.size) from ${files} f where f.workspace_id = ${workspaces.id}), 0)::float8`,
      usedFiles: sql<number>`(select count(*) from ${files} f where f.workspace_id = ${workspaces.id})::int`,
      quotaMb: workspaces.storageQuotaMb,
      quotaFiles: workspaces.storageQuotaFiles,
    })
    .from(workspaces)
    .leftJoin(people, eq(people.workspaceId, workspaces.id));
  return { query, counts };
}

export type PlatformWorkspaceRow = NonNullable<Awaited<ReturnType<typeof findWorkspaceWithCounts>>>;

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = likePattern(search);
  return or(ilike(workspaces.name, like), ilike(workspaces.email, like), ilike(workspaces.vatNumber, like));
}

/** One page of workspaces with their head counts: two statements (the page, the total), whatever the page size. */
export async function listWorkspaces(q: Queryable, query: ListPlatformWorkspacesQuery) {
  const where = searchWhere(query.search);
  const { query: rows, counts } = rowsWithCounts(q);
  const sortBy =
    query.sort === 'createdAt'
      ? workspaces.createdAt
      : query.sort === 'employeesCount'
        ? counts.employeesCount
        : query.sort === 'adminsCount'
          ? counts.adminsCount
          : nameKey(workspaces.name);
  const items = await rows
    .where(where)
    .orderBy(sortTerm(sortBy, query.order), asc(nameKey(workspaces.name)), asc(workspaces.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaces)
    .where(where);
  return { rows: items, total: count?.n ?? 0 };
}

export async function findWorkspaceWithCounts(q: Queryable, id: string) {
  const { query } = rowsWithCounts(q);
  const rows = await query.where(eq(workspaces.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Workspace creations wait for each other, so two at once cannot both pass the duplicate checks. */
export async function lockWorkspaceCreation(q: Queryable) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('timbro:platform:workspace-create'))`);
}

/** Another workspace already named so (letter case and surrounding spaces aside). */
export async function workspaceNamed(q: Queryable, name: string) {
  const rows = await q
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(sql`lower(btrim(${workspaces.name})) = lower(btrim(${name}))`)
    .limit(1);
  return rows.length > 0;
}

export async function workspaceWithVatNumber(q: Queryable, vatNumber: string) {
  const rows = await q
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.vatNumber, vatNumber))
    .limit(1);
  return rows.length > 0;
}

/** The account that logs in with this e-mail, if any (to refuse an operator or a disabled account as first admin). */
export async function accountByEmail(q: Queryable, email: string) {
  const rows = await q
    .select({ id: users.id, isOperator: users.isOperator, enabled: users.enabled })
    .from(users)
    .where(loginEmailIs(email))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertWorkspace(q: Queryable, values: { name: string; email: string; vatNumber: string | null }) {
  const [row] = await q.insert(workspaces).values(values).returning();
  return row!;
}

/** The workspace row, locked for a change of state. */
export async function lockWorkspace(q: Queryable, id: string) {
  const rows = await q
    .select({ id: workspaces.id, disabledAt: workspaces.disabledAt })
    .from(workspaces)
    .where(eq(workspaces.id, id))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function setDisabledAt(q: Queryable, id: string, disabledAt: Date | null) {
  await q.update(workspaces).set({ disabledAt, updatedAt: new Date() }).where(eq(workspaces.id, id));
}

export async function setStorageQuota(q: Queryable, id: string, quota: { quotaMb: number; quotaFiles: number }) {
  const rows = await q
    .update(workspaces)
    .set({ storageQuotaMb: quota.quotaMb, storageQuotaFiles: quota.quotaFiles, updatedAt: new Date() })
    .where(eq(workspaces.id, id))
    .returning({ id: workspaces.id });
  return rows.length > 0;
}
