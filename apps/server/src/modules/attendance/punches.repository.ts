import { asc, desc, eq, inArray } from 'drizzle-orm';
import { recordExists } from '../../db/accounts';
import type { Queryable } from '../../db/client';
import { punches, userInfos, users } from '../../db/schema';
import { insertInScope, inScope, type ScopedInsert, type WorkspaceScope } from '../../db/scope';
import { punchesIn, type PunchRow } from './attendance.repository';

/** Whether the employee record exists; with `lock`, the punches of one person are serialised (a double click writes one). */
export const userInfoExists = recordExists;

export async function lastPunch(q: Queryable, scope: WorkspaceScope, userInfoId: string): Promise<PunchRow | null> {
  const [row] = await q
    .select()
    .from(punches)
    .where(inScope(punches, scope, eq(punches.userInfoId, userInfoId)))
    .orderBy(desc(punches.at), desc(punches.id))
    .limit(1);
  return row ?? null;
}

/** A person's punches of [from, to] (local dates), in time order. */
export async function punchesBetween(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  from: string,
  to: string,
) {
  return q
    .select()
    .from(punches)
    .where(punchesIn(scope, eq(punches.userInfoId, userInfoId), from, to))
    .orderBy(asc(punches.at), asc(punches.id));
}

/** A person's punches of one local day, in time order. */
export async function punchesOn(q: Queryable, scope: WorkspaceScope, userInfoId: string, localDate: string) {
  return q
    .select()
    .from(punches)
    .where(inScope(punches, scope, eq(punches.userInfoId, userInfoId), eq(punches.localDate, localDate)))
    .orderBy(asc(punches.at), asc(punches.id));
}

export async function insertPunches(q: Queryable, scope: WorkspaceScope, rows: ScopedInsert<typeof punches>[]) {
  return insertInScope(q, scope, punches, rows).returning();
}

/** One punch, locked for the transaction. */
export async function lockPunch(q: Queryable, scope: WorkspaceScope, id: string): Promise<PunchRow | null> {
  const [row] = await q
    .select()
    .from(punches)
    .where(inScope(punches, scope, eq(punches.id, id)))
    .for('update');
  return row ?? null;
}

export async function updatePunchRow(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  patch: Partial<Omit<ScopedInsert<typeof punches>, 'id'>>,
) {
  const [row] = await q
    .update(punches)
    .set(patch)
    .where(inScope(punches, scope, eq(punches.id, id)))
    .returning();
  return row!;
}

export async function deletePunchRow(q: Queryable, scope: WorkspaceScope, id: string) {
  await q.delete(punches).where(inScope(punches, scope, eq(punches.id, id)));
}

/** The workspace's people an import file can name: fiscal code, login e-mail and work e-mail (one query). */
export async function importablePeople(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({ id: userInfos.id, fiscalCode: userInfos.fiscalCode, email: users.email, workEmail: userInfos.workEmail })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope));
}

/** The stored punches of these people in [from, to] (local dates): what an import would repeat (one query). */
export async function storedPunchKeys(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: string,
  to: string,
) {
  if (userInfoIds.length === 0) return [];
  return q
    .select({ userInfoId: punches.userInfoId, at: punches.at, direction: punches.direction })
    .from(punches)
    .where(punchesIn(scope, inArray(punches.userInfoId, userInfoIds), from, to));
}
