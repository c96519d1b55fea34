import { ErrorCode, peopleMsg, type Group, type GroupDetail, type GroupInput } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { AppError, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';

import * as repo from './groups.repository';

// Used by the people module: the import finds or creates the groups named in the file; a record's groups are replaced.
// Service functions, never the repository itself (ADR 0029): another module writes `groups` rows only through these.

/** The group of this name (case-insensitive), if any. */
export const findGroupByName = (...args: Parameters<typeof repo.findGroupByName>) => repo.findGroupByName(...args);

/** The group of this name, created when the workspace has none (the people import's "Gruppi" column). */
export async function findOrCreateGroup(q: Queryable, scope: WorkspaceScope, name: string): Promise<string> {
  return (await repo.findGroupByName(q, scope, name))?.id ?? (await repo.groupRepo.insert(q, scope, { name })).id;
}

/** Replaces a record's groups. */
export const setGroupsOfUser = (...args: Parameters<typeof repo.setGroupsOfUser>) => repo.setGroupsOfUser(...args);

type Row = { id: string; name: string; createdAt: Date; usersCount: number };
const present = (r: Row): Group => ({
  id: r.id,
  name: r.name,
  usersCount: r.usersCount,
  createdAt: r.createdAt.toISOString(),
});

const nameTaken = () =>
  new AppError(ErrorCode.CONFLICT, peopleMsg.groupNameTaken, {
    errors: [{ path: 'name', message: peopleMsg.groupNameTaken }],
  });

async function checkMembers(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  const unique = [...new Set(ids)];
  const found = await repo.existingUserInfoIds(q, scope, unique);
  if (found.length !== unique.length) throw validation([{ path: 'members', message: peopleMsg.userNotFound }]);
  return unique;
}

export async function listGroups(
  deps: AppDeps,
  { scope }: RequestCtx,
  query: {
    page: number;
    per_page: number;
    sort: 'name' | 'usersCount' | 'createdAt';
    order: 'asc' | 'desc';
    search?: string;
  },
) {
  const { rows, total } = await repo.listGroups(deps.db, scope, { ...query, perPage: query.per_page });
  return { items: rows.map(present), total, page: query.page, perPage: query.per_page };
}

export async function getGroup(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, id: string): Promise<GroupDetail> {
  const { scope } = ctx;
  const row = await repo.findGroup(deps.db, scope, id);
  if (!row) throw notFound(peopleMsg.groupNotFound);
  const members = await repo.groupMembersOf(deps.db, scope, id);
  return { ...present(row), members };
}

export async function createGroup(deps: AppDeps, ctx: RequestCtx, input: GroupInput): Promise<GroupDetail> {
  const { scope } = ctx;
  const id = await deps.db.transaction(async (tx) => {
    if (await repo.findGroupByName(tx, scope, input.name)) throw nameTaken();
    const members = await checkMembers(tx, scope, input.members ?? []);
    const group = await repo.groupRepo.insert(tx, scope, { name: input.name });
    await repo.setMembers(tx, scope, group.id, members);
    await audit(tx, ctx, {
      action: 'group.create',
      entity: { type: 'group', id: group.id },
      changes: { name: input.name, members },
    });
    return group.id;
  });
  return getGroup(deps, ctx, id);
}

export async function updateGroup(deps: AppDeps, ctx: RequestCtx, id: string, input: GroupInput): Promise<GroupDetail> {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, scope, id);
    if (!before) throw notFound(peopleMsg.groupNotFound);
    const clash = await repo.findGroupByName(tx, scope, input.name);
    if (clash && clash.id !== id) throw nameTaken();
    await repo.groupRepo.update(tx, scope, id, { name: input.name, updatedAt: new Date() });
    const changes: Record<string, unknown> = {};
    if (before.name !== input.name) changes.name = { from: before.name, to: input.name };
    if (input.members) {
      const members = await checkMembers(tx, scope, input.members);
      const old = (await repo.groupMembersOf(tx, scope, id)).map((m) => m.id).sort();
      await repo.setMembers(tx, scope, id, members);
      if (JSON.stringify(old) !== JSON.stringify([...members].sort()))
        changes.members = { from: old, to: [...members].sort() };
    }
    await audit(tx, ctx, { action: 'group.update', entity: { type: 'group', id }, changes });
  });
  return getGroup(deps, ctx, id);
}

export async function deleteGroup(deps: AppDeps, ctx: RequestCtx, id: string) {
  const { scope } = ctx;
  await deps.db.transaction(async (tx) => {
    const before = await repo.findGroup(tx, scope, id);
    if (!before) throw notFound(peopleMsg.groupNotFound);
    await repo.groupRepo.remove(tx, scope, id);
    await audit(tx, ctx, {
      action: 'group.delete',
      entity: { type: 'group', id },
      changes: { name: before.name, usersCount: before.usersCount },
    });
  });
}

export async function lookupGroups(deps: AppDeps, ctx: RequestCtx) {
  return repo.lookupGroups(deps.db, ctx.scope);
}

/** Every (groupId, userInfoId) pair of the workspace, in one statement (for figures summed per group). */
export async function groupMemberships(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>) {
  return repo.allMemberships(deps.db, ctx.scope);
}
