import type { IsoDate } from '@timbro/shared';
import { asc, eq, isNull, lt, or } from 'drizzle-orm';
import { assignedIn, shiftAssignees } from '../../../db/assigned-shifts';
import { reachable } from '../../../db/accounts';
import type { Queryable } from '../../../db/client';
import { shiftCalendarFeeds, userInfos, users, workShiftAssignees, workShifts, workspaces } from '../../../db/schema';
import { inScope, insertInScope, type WorkspaceScope } from '../../../db/scope';

/** The calendar feed's SQL (ADR 0022): one row per person, the token's hash, its lifetime and its last read. */

export type FeedRow = typeof shiftCalendarFeeds.$inferSelect;

export async function feedOf(q: Queryable, scope: WorkspaceScope, userInfoId: string): Promise<FeedRow | null> {
  const [row] = await q
    .select()
    .from(shiftCalendarFeeds)
    .where(inScope(shiftCalendarFeeds, scope, eq(shiftCalendarFeeds.userInfoId, userInfoId)));
  return row ?? null;
}

export async function deleteFeed(q: Queryable, scope: WorkspaceScope, userInfoId: string) {
  await q
    .delete(shiftCalendarFeeds)
    .where(inScope(shiftCalendarFeeds, scope, eq(shiftCalendarFeeds.userInfoId, userInfoId)));
}

/** Every feed of the workspace (the company is disabled). */
export async function deleteWorkspaceFeeds(q: Queryable, scope: WorkspaceScope) {
  await q.delete(shiftCalendarFeeds).where(inScope(shiftCalendarFeeds, scope));
}

export async function insertFeed(
  q: Queryable,
  scope: WorkspaceScope,
  values: { userInfoId: string; tokenHash: string; createdAt: Date; expiresAt: Date; showAbsenceType: boolean },
) {
  await insertInScope(q, scope, shiftCalendarFeeds, values);
}

export async function setShowAbsenceType(q: Queryable, scope: WorkspaceScope, userInfoId: string, show: boolean) {
  const rows = await q
    .update(shiftCalendarFeeds)
    .set({ showAbsenceType: show })
    .where(inScope(shiftCalendarFeeds, scope, eq(shiftCalendarFeeds.userInfoId, userInfoId)))
    .returning();
  return rows[0] ?? null;
}

/** The feed of a token: the one lookup not scoped by a workspace (the token names it), by its unique hash. */
export async function feedByHash(q: Queryable, tokenHash: string): Promise<FeedRow | null> {
  const [row] = await q.select().from(shiftCalendarFeeds).where(eq(shiftCalendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}

/**
 * Whether the feed's owner may still be shown: the membership enabled and accepted, the account enabled, the company
 * not disabled. Disabling deletes the feed; this is the check that holds whatever path left one behind.
 */
export async function ownerActive(q: Queryable, scope: WorkspaceScope, userInfoId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .innerJoin(workspaces, eq(workspaces.id, userInfos.workspaceId))
    .where(inScope(userInfos, scope, eq(userInfos.id, userInfoId), reachable(), isNull(workspaces.disabledAt)));
  return row !== undefined;
}

/** Notes a read, at most once a minute (a calendar app polls; the person sees "Ultima lettura"). */
export async function touchFeed(q: Queryable, scope: WorkspaceScope, feed: FeedRow, now: Date) {
  await q
    .update(shiftCalendarFeeds)
    .set({ lastReadAt: now })
    .where(
      inScope(
        shiftCalendarFeeds,
        scope,
        eq(shiftCalendarFeeds.userInfoId, feed.userInfoId),
        eq(shiftCalendarFeeds.tokenHash, feed.tokenHash),
        or(isNull(shiftCalendarFeeds.lastReadAt), lt(shiftCalendarFeeds.lastReadAt, new Date(now.getTime() - 60_000))),
      ),
    );
}

/** A person's published shifts starting in [from, to], for the feed: one query. */
export async function publishedShiftsOf(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoId: string,
  from: IsoDate,
  to: IsoDate,
) {
  return q
    .select({
      id: workShifts.id,
      startsAt: workShifts.startsAt,
      endsAt: workShifts.endsAt,
      pauseMinutes: workShifts.pauseMinutes,
      label: workShifts.label,
      updatedAt: workShifts.updatedAt,
    })
    .from(workShifts)
    .innerJoin(workShiftAssignees, shiftAssignees())
    .where(assignedIn(scope, { people: eq(workShiftAssignees.userInfoId, userInfoId), from, to, published: true }))
    .orderBy(asc(workShifts.startsAt));
}
