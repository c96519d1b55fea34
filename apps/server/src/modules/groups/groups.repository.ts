import { asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { groupMembers, groups, userInfos, users } from '../../db/schema';
import { joinInScope, insertInScope, inScope, tenantRepository, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';

export const groupRepo = tenantRepository(groups);

const usersCount = sql<number>`(select count(*)::int from ${groupMembers} gm where gm.workspace_id = ${groups.workspaceId} and gm.group_id = ${groups.id})`;

export async function listGroups(
  q: Queryable,
  scope: WorkspaceScope,
  opts: {
    page: number;
    perPage: number;
    sort: 'name' | 'usersCount' | 'createdAt';
    order: 'asc' | 'desc';
    search?: string;
  },
) {
  const like = opts.search ? likePattern(opts.search) : null;
  const where = inScope(groups, scope, like ? ilike(groups.name, like) : undefined);
  const sortBy =
    opts.sort === 'usersCount' ? usersCount : opts.sort === 'createdAt' ? groups.createdAt : nameKey(groups.name);
  const rows = await q
    .select({ id: groups.id, name: groups.name, createdAt: groups.createdAt, usersCount })
    .from(groups)
    .where(where)
    .orderBy(sortTerm(sortBy, opts.order), asc(groups.id))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(groups)
    .where(where);
  return { rows, total: count?.n ?? 0 };
}

export async function findGroup(q: Queryable, scope: WorkspaceScope, id: string) {
  const rows = await q
    .select({ id: groups.id, name: groups.name, createdAt: groups.createdAt, usersCount })
    .from(groups)
    .where(inScope(groups, scope, eq(groups.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findGroupByName(q: Queryable, scope: WorkspaceScope, name: string) {
  const rows = await q
    .select()
    .from(groups)
    .where(inScope(groups, scope, sql`lower(${groups.name}) = lower(${name})`))
    .limit(1);
  return rows[0] ?? null;
}

export async function groupMembersOf(q: Queryable, scope: WorkspaceScope, groupId: string) {
  return q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName, email: users.email })
    .from(groupMembers)
    .innerJoin(userInfos, joinInScope(groupMembers, userInfos, eq(userInfos.id, groupMembers.userInfoId)))
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(groupMembers, scope, eq(groupMembers.groupId, groupId)))
    .orderBy(asc(nameKey(userInfos.lastName)), asc(nameKey(userInfos.firstName)), asc(userInfos.id));
}

export async function existingUserInfoIds(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .where(inScope(userInfos, scope, inArray(userInfos.id, ids)));
  return rows.map((r) => r.id);
}

export async function setMembers(q: Queryable, scope: WorkspaceScope, groupId: string, userInfoIds: string[]) {
  await q.delete(groupMembers).where(inScope(groupMembers, scope, eq(groupMembers.groupId, groupId)));
  if (userInfoIds.length > 0) {
    await insertInScope(
      q,
      scope,
      groupMembers,
      userInfoIds.map((userInfoId) => ({ groupId, userInfoId })),
    );
  }
}

export async function lookupGroups(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(inScope(groups, scope))
    .orderBy(asc(nameKey(groups.name)));
}

/** Replaces the groups of one employee; group ids of another workspace are ignored by the composite key check. */
export async function setGroupsOfUser(q: Queryable, scope: WorkspaceScope, userInfoId: string, groupIds: string[]) {
  await q.delete(groupMembers).where(inScope(groupMembers, scope, eq(groupMembers.userInfoId, userInfoId)));
  if (groupIds.length === 0) return;
  await insertInScope(
    q,
    scope,
    groupMembers,
    groupIds.map((groupId) => ({ groupId, userInfoId })),
  );
}

/**
 * Every (group, employee) pair of the workspace: one statement (the dashboard sums figures per group with them). The
 * composite foreign keys keep both ends in the workspace.
 */
export async function allMemberships(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({ groupId: groupMembers.groupId, userInfoId: groupMembers.userInfoId })
    .from(groupMembers)
    .where(inScope(groupMembers, scope));
}
