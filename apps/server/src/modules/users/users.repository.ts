import type { ListUsersQuery } from '@timbro/shared';
import { and, asc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { loginEmailIs } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { groupMembers, groups, userInfos, users } from '../../db/schema';
import { existsInScope, inScope, tenantRepository, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

export const userInfoRepo = tenantRepository(userInfos);

export type UserInfoRow = typeof userInfos.$inferSelect;
export type AccountRow = typeof users.$inferSelect;

/**
 * A UserInfo joined with what the workspace may see of its account: the login e-mail (the admin typed it, or the
 * person accepted the membership) and the last logins (shown only for accepted memberships by the presenter). The
 * names and fiscal code are the record's own (ADR 0015).
 */
const selection = {
  info: userInfos,
  account: {
    id: users.id,
    email: users.email,
    lastLoginWebAt: users.lastLoginWebAt,
    lastLoginAppAt: users.lastLoginAppAt,
    hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    isOperator: users.isOperator,
    createdByWorkspaceId: users.createdByWorkspaceId,
  },
  groups: sql<{ id: string; name: string }[]>`coalesce((
    select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name)
    from ${groupMembers} gm join ${groups} g on g.id = gm.group_id and g.workspace_id = gm.workspace_id
    where gm.workspace_id = ${userInfos.workspaceId} and gm.user_info_id = ${userInfos.id}
  ), '[]'::json)`,
  /** Only to decide whether this workspace may still correct the login e-mail (never shown as such). */
  otherWorkspaces: sql<number>`(select count(*)::int from ${userInfos} o where o.user_id = ${userInfos.userId} and o.workspace_id <> ${userInfos.workspaceId})`,
};

export type UserRecord = Awaited<ReturnType<typeof findUser>> & object;

const ci = nameKey;

const SORT: Record<ListUsersQuery['sort'], AnyPgColumn | SQL> = {
  lastName: ci(userInfos.lastName),
  firstName: ci(userInfos.firstName),
  email: users.email,
  fiscalCode: userInfos.fiscalCode,
  createdAt: userInfos.createdAt,
  lastLoginWebAt: users.lastLoginWebAt,
};

function listWhere(scope: WorkspaceScope, q: Partial<ListUsersQuery>): SQL {
  const conditions: (SQL | undefined)[] = [];
  if (q.search) {
    const like = likePattern(q.search);
    conditions.push(
      or(
        ilike(userInfos.firstName, like),
        ilike(userInfos.lastName, like),
        ilike(users.email, like),
        ilike(userInfos.fiscalCode, like),
        ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, like),
        ilike(sql`${userInfos.lastName} || ' ' || ${userInfos.firstName}`, like),
      ),
    );
  }
  if (q.role === 'admin') conditions.push(eq(userInfos.isAdmin, true));
  if (q.role === 'accountant') conditions.push(eq(userInfos.isAccountant, true));
  if (q.role === 'member') conditions.push(eq(userInfos.isMember, true));
  if (q.enabled !== undefined) conditions.push(eq(userInfos.enabled, q.enabled));
  if (q.invitation) conditions.push(eq(userInfos.invitationStatus, q.invitation));
  if (q.group_id) {
    conditions.push(
      existsInScope(
        groupMembers,
        userInfos.workspaceId,
        eq(groupMembers.userInfoId, userInfos.id),
        eq(groupMembers.groupId, q.group_id),
      ),
    );
  }
  return inScope(userInfos, scope, ...conditions);
}

/** One page of employee records, sorted and filtered in SQL (two queries: the page and the count). */
export async function listUsers(q: Queryable, scope: WorkspaceScope, query: ListUsersQuery) {
  const where = listWhere(scope, query);
  const rows = await q
    .select(selection)
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where)
    .orderBy(
      sortTerm(SORT[query.sort], query.order),
      asc(ci(userInfos.lastName)),
      asc(ci(userInfos.firstName)),
      asc(userInfos.id),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

/** Every record matching the filters (export), in name order. */
export async function listAllUsers(q: Queryable, scope: WorkspaceScope, query: Partial<ListUsersQuery>) {
  return q
    .select(selection)
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(listWhere(scope, query))
    .orderBy(asc(ci(userInfos.lastName)), asc(ci(userInfos.firstName)), asc(userInfos.id));
}

export async function findUser(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  const rows = await q
    .select(selection)
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountByEmail(q: Queryable, email: string) {
  const rows = await q.select().from(users).where(loginEmailIs(email)).limit(1);
  return rows[0] ?? null;
}

export async function findAccountById(q: Queryable, id: string) {
  const rows = await q.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function membershipOfAccount(q: Queryable, scope: WorkspaceScope, userId: string) {
  const rows = await q
    .select()
    .from(userInfos)
    .where(inScope(userInfos, scope, eq(userInfos.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The workspace's record with this fiscal code, whatever its state. */
export async function recordByFiscalCode(q: Queryable, scope: WorkspaceScope, fiscalCode: string, exceptId?: string) {
  const rows = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .where(
      inScope(
        userInfos,
        scope,
        eq(userInfos.fiscalCode, fiscalCode),
        exceptId ? ne(userInfos.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** The workspace's record whose account logs in with this e-mail, whatever its state. */
export async function recordByLoginEmail(q: Queryable, scope: WorkspaceScope, email: string, exceptId?: string) {
  const rows = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, loginEmailIs(email), exceptId ? ne(userInfos.id, exceptId) : undefined))
    .limit(1);
  return rows[0] ?? null;
}

/** Which of these fiscal codes and login e-mails the workspace's records already have (an import's checks, two queries). */
export async function takenInWorkspace(q: Queryable, scope: WorkspaceScope, fiscalCodes: string[], emails: string[]) {
  const codes =
    fiscalCodes.length === 0
      ? []
      : await q
          .select({ v: userInfos.fiscalCode })
          .from(userInfos)
          .where(inScope(userInfos, scope, inArray(userInfos.fiscalCode, fiscalCodes)));
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const mails =
    lower.length === 0
      ? []
      : await q
          .select({ v: sql<string>`lower(${users.email})` })
          .from(userInfos)
          .innerJoin(users, eq(users.id, userInfos.userId))
          .where(inScope(userInfos, scope, inArray(sql`lower(${users.email})`, lower)));
  return { fiscalCodes: new Set(codes.map((r) => r.v)), emails: new Set(mails.map((r) => r.v)) };
}

/**
 * search-unbound: the workspace's OWN records with this fiscal code that are not active members (an invitation still
 * pending, or declined). It never reads platform accounts or other workspaces, so it reveals nothing the workspace did
 * not enter itself (ADR 0015).
 */
export async function searchUnbound(q: Queryable, scope: WorkspaceScope, fiscalCode: string, excludeIds: string[]) {
  return q
    .select({
      id: userInfos.id,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      email: users.email,
      fiscalCode: userInfos.fiscalCode,
      invitationStatus: userInfos.invitationStatus,
      invitedAt: userInfos.invitedAt,
    })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(
      inScope(
        userInfos,
        scope,
        eq(userInfos.fiscalCode, fiscalCode),
        ne(userInfos.invitationStatus, 'accepted'),
        excludeIds.length > 0 ? notInArray(userInfos.id, excludeIds) : undefined,
      ),
    )
    .limit(10);
}

/** Other workspaces' records of an account (only to decide whether this workspace may still correct its e-mail). */
export async function recordsElsewhere(q: Queryable, scope: WorkspaceScope, userId: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(userInfos)
    .where(and(eq(userInfos.userId, userId), ne(userInfos.workspaceId, scope.workspaceId)));
  return row?.n ?? 0;
}

/** Which of these ids are groups of the scope's workspace. */
export async function existingGroupIds(q: Queryable, scope: WorkspaceScope, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: groups.id })
    .from(groups)
    .where(inScope(groups, scope, inArray(groups.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Lookup of the workspace's people by name (GET /ajax/users): the workspace's names only, never login e-mails.
 * Former staff (disabled) only when asked by someone who may read the employee list; members see current colleagues.
 */
export async function lookupUsers(
  q: Queryable,
  scope: WorkspaceScope,
  search: string | undefined,
  includeDisabled: boolean,
) {
  const like = search ? likePattern(search) : null;
  return q
    .select({
      id: userInfos.id,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      enabled: userInfos.enabled,
    })
    .from(userInfos)
    .where(
      inScope(
        userInfos,
        scope,
        includeDisabled ? undefined : eq(userInfos.enabled, true),
        like
          ? or(
              ilike(userInfos.firstName, like),
              ilike(userInfos.lastName, like),
              ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(ci(userInfos.lastName)), asc(ci(userInfos.firstName)), asc(userInfos.id))
    .limit(500);
}
