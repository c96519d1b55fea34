import type { ListRequestsQuery } from '@timbro/shared';
import { asc, desc, eq, gte, ilike, inArray, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { groupMembers, justificationRequests, justifications, userInfos, users } from '../../db/schema';
import {
  existsInScope,
  joinInScope,
  insertInScope,
  inScope,
  type ScopedInsert,
  type WorkspaceScope,
} from '../../db/scope';
import { likePattern, nameKey, sortTerm } from '../../db/sql';
import { selectRequests, toRequest, type JustificationRow, type RequestRow } from './attendance.repository';

/** `id not in (…)` for the requests being edited (they must not clash with or count against themselves). */
function notAmong(ids: string[]): SQL | undefined {
  return ids.length ? notInArray(justificationRequests.id, ids) : undefined;
}

export async function findJustification(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
): Promise<JustificationRow | null> {
  const [j] = await q
    .select()
    .from(justifications)
    .where(inScope(justifications, scope, eq(justifications.id, id)));
  return j ?? null;
}

/**
 * The records of these people (employee flag, enabled). With `lock`, their rows are locked for the transaction: that
 * serialises concurrent requests of one person, so two overlapping ones cannot both pass.
 */
export async function peopleForRequests(q: Queryable, scope: WorkspaceScope, ids: string[], lock: boolean) {
  const base = q
    .select({ id: userInfos.id, isMember: userInfos.isMember, enabled: userInfos.enabled })
    .from(userInfos)
    .where(inScope(userInfos, scope, inArray(userInfos.id, ids)));
  return lock ? base.for('update') : base;
}

/** Requests of these people in [from, to] that are not rejected (optionally only increase-type ones), except some. */
export async function activeRequestsBetween(
  q: Queryable,
  scope: WorkspaceScope,
  people: string[],
  from: string,
  to: string,
  opts: { exceptIds?: string[]; increaseOnly?: boolean } = {},
) {
  const rows = await selectRequests(q).where(
    inScope(
      justificationRequests,
      scope,
      inArray(justificationRequests.userInfoId, people),
      gte(justificationRequests.date, from),
      lte(justificationRequests.date, to),
      ne(justificationRequests.status, 'rejected'),
      opts.increaseOnly ? eq(justifications.impact, 'increase') : undefined,
      notAmong(opts.exceptIds ?? []),
    ),
  );
  return rows.map(toRequest);
}

export async function insertRequests(
  q: Queryable,
  scope: WorkspaceScope,
  rows: ScopedInsert<typeof justificationRequests>[],
) {
  return insertInScope(q, scope, justificationRequests, rows).returning();
}

/** One request, locked for the transaction when asked. */
export async function findRequest(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  lock = false,
): Promise<RequestRow | null> {
  const base = q
    .select()
    .from(justificationRequests)
    .where(inScope(justificationRequests, scope, eq(justificationRequests.id, id)));
  const [row] = lock ? await base.for('update') : await base;
  return row ?? null;
}

export async function updateRequestRow(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  patch: Partial<Omit<ScopedInsert<typeof justificationRequests>, 'id'>>,
) {
  const [row] = await q
    .update(justificationRequests)
    .set(patch)
    .where(inScope(justificationRequests, scope, eq(justificationRequests.id, id)))
    .returning();
  return row!;
}

export async function deleteRequestRow(q: Queryable, scope: WorkspaceScope, id: string) {
  await q.delete(justificationRequests).where(inScope(justificationRequests, scope, eq(justificationRequests.id, id)));
}

/** These requests, locked for a decision. */
export async function lockRequests(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  return q
    .select()
    .from(justificationRequests)
    .where(inScope(justificationRequests, scope, inArray(justificationRequests.id, ids)))
    .for('update');
}

export async function setDecision(
  q: Queryable,
  scope: WorkspaceScope,
  ids: string[],
  d: { status: 'approved' | 'rejected'; decidedBy: string; decidedAt: Date; decisionNote: string | null },
) {
  return q
    .update(justificationRequests)
    .set({ ...d, updatedAt: d.decidedAt })
    .where(inScope(justificationRequests, scope, inArray(justificationRequests.id, ids)))
    .returning();
}

/**
 * Approved requests back to pending, with a note saying why (issue 30 item 7: a day's credits past 24 h once its
 * punches arrived): a person decides them again.
 */
export async function reopenRequests(q: Queryable, scope: WorkspaceScope, ids: string[], note: string) {
  if (ids.length === 0) return [];
  return q
    .update(justificationRequests)
    .set({ status: 'open', decidedBy: null, decidedAt: null, decisionNote: note, updatedAt: new Date() })
    .where(
      inScope(
        justificationRequests,
        scope,
        inArray(justificationRequests.id, ids),
        eq(justificationRequests.status, 'approved'),
      ),
    )
    .returning();
}

/** The accounts behind employee records (who filed a request for themselves). */
export async function accountsOf(q: Queryable, scope: WorkspaceScope, userInfoIds: string[]) {
  if (userInfoIds.length === 0) return new Map<string, string | null>();
  const rows = await q
    .select({ id: userInfos.id, userId: userInfos.userId })
    .from(userInfos)
    .where(inScope(userInfos, scope, inArray(userInfos.id, userInfoIds)));
  return new Map(rows.map((r) => [r.id, r.userId]));
}

/** Requests with their justification and employee, by id, in date and name order. */
export async function requestsByIds(q: Queryable, scope: WorkspaceScope, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectRequests(q)
    .where(inScope(justificationRequests, scope, inArray(justificationRequests.id, ids)))
    .orderBy(asc(justificationRequests.date), asc(nameKey(userInfos.lastName)), asc(justificationRequests.id));
  return rows.map(toRequest);
}

/** A page of requests (an employee's own when `ownerUserInfoId` is set, else the workspace's with its filters) and the total: two queries. */
export async function pageOfRequests(
  q: Queryable,
  scope: WorkspaceScope,
  query: ListRequestsQuery,
  ownerUserInfoId: string | null,
) {
  const search = query.search ? likePattern(query.search) : null;
  const where: SQL = inScope(
    justificationRequests,
    scope,
    ownerUserInfoId !== null
      ? eq(justificationRequests.userInfoId, ownerUserInfoId)
      : query.user_info_id
        ? eq(justificationRequests.userInfoId, query.user_info_id)
        : undefined,
    query.status ? eq(justificationRequests.status, query.status) : undefined,
    query.from ? gte(justificationRequests.date, query.from) : undefined,
    query.to ? lte(justificationRequests.date, query.to) : undefined,
    query.justification_id ? eq(justificationRequests.justificationId, query.justification_id) : undefined,
    query.group_id && ownerUserInfoId === null
      ? existsInScope(
          groupMembers,
          justificationRequests.workspaceId,
          eq(groupMembers.userInfoId, justificationRequests.userInfoId),
          eq(groupMembers.groupId, query.group_id),
        )
      : undefined,
    search
      ? or(
          ilike(userInfos.firstName, search),
          ilike(userInfos.lastName, search),
          ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, search),
          ilike(justifications.name, search),
          ilike(justifications.code, search),
        )
      : undefined,
  );
  const sortBy =
    query.sort === 'lastName'
      ? nameKey(userInfos.lastName)
      : query.sort === 'createdAt'
        ? justificationRequests.createdAt
        : justificationRequests.date;
  const rows = await selectRequests(q)
    .where(where)
    .orderBy(
      sortTerm(sortBy, query.order),
      query.order === 'desc' ? desc(justificationRequests.startsAtMinutes) : asc(justificationRequests.startsAtMinutes),
      asc(nameKey(userInfos.lastName)),
      asc(justificationRequests.id),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(justificationRequests)
    .innerJoin(
      justifications,
      joinInScope(justificationRequests, justifications, eq(justifications.id, justificationRequests.justificationId)),
    )
    .innerJoin(
      userInfos,
      joinInScope(justificationRequests, userInfos, eq(userInfos.id, justificationRequests.userInfoId)),
    )
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(where);
  return { rows: rows.map(toRequest), total: count?.n ?? 0 };
}
