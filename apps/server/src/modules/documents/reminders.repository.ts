import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { documentReminders, documents, documentSettings, userInfos, workspaces } from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, joinInScope, type WorkspaceScope } from '../../db/scope';

export const DEFAULT_REMINDER_DAYS = [30, 7, 0];

export async function reminderDays(q: Queryable, scope: WorkspaceScope): Promise<number[]> {
  const [row] = await q
    .select({ days: documentSettings.reminderDays })
    .from(documentSettings)
    .where(inScope(documentSettings, scope));
  return row?.days ?? DEFAULT_REMINDER_DAYS;
}

export async function saveReminderDays(q: Queryable, scope: WorkspaceScope, days: number[]) {
  await insertInScope(q, scope, documentSettings, { reminderDays: days }).onConflictDoUpdate({
    target: documentSettings.workspaceId,
    set: { reminderDays: days, updatedAt: new Date() },
  });
}

/**
 * Derives the reminders of some documents (all of the workspace when `documentIds` is null) from their expiry and the
 * offsets, for the offsets still to come (due today or later). `reset` (the expiry changed) forgets what was sent, so a
 * renewed document is reminded again; otherwise (the offsets changed) what was sent stays sent and only the unsent
 * rows are redone. Two statements.
 */
export async function syncReminders(
  q: Queryable,
  scope: WorkspaceScope,
  documentIds: string[] | null,
  days: number[],
  today: string,
  mode: 'reset' | 'offsets',
) {
  if (documentIds !== null && documentIds.length === 0) return;
  await q
    .delete(documentReminders)
    .where(
      inScope(
        documentReminders,
        scope,
        documentIds ? inArray(documentReminders.documentId, documentIds) : undefined,
        mode === 'offsets' ? isNull(documentReminders.sentAt) : undefined,
      ),
    );
  if (days.length === 0) return;
  await q.execute(sql`
    insert into ${documentReminders} ("workspace_id", "document_id", "offset_days", "due_on")
    select d.workspace_id, d.id, o.days, d.expires_at - o.days
    from ${documents} d cross join unnest(${`{${days.join(',')}}`}::int[]) as o(days)
    where d.workspace_id = ${scope.workspaceId}
      ${
        documentIds
          ? sql`and d.id in (${sql.join(
              documentIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
      and d.expires_at is not null and d.expires_at - o.days >= ${today}::date
    on conflict do nothing`);
}

export interface DueReminder {
  workspaceId: string;
  documentId: string;
  offsetDays: number;
  dueOn: string;
  label: string;
  expiresAt: string;
  userInfoId: string;
  firstName: string;
  lastName: string;
  /** Today in the workspace's time zone. */
  today: string;
}

/**
 * Up to `limit` reminders due by now (each in its workspace's own today), locked for this run (SKIP LOCKED: several
 * processes send different rows). Across workspaces by design: the job serves every company.
 */
export async function lockDueReminders(tx: Queryable, now: Date, limit: number): Promise<DueReminder[]> {
  const today = sql<string>`((${now.toISOString()}::timestamptz) at time zone ${workspaces.timeZone})::date`;
  return tx
    .select({
      workspaceId: documentReminders.workspaceId,
      documentId: documentReminders.documentId,
      offsetDays: documentReminders.offsetDays,
      dueOn: documentReminders.dueOn,
      label: documents.label,
      expiresAt: sql<string>`${documents.expiresAt}::text`,
      userInfoId: documents.userInfoId,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      today: sql<string>`${today}::text`,
    })
    .from(documentReminders)
    .innerJoin(documents, joinInScope(documents, documentReminders, eq(documents.id, documentReminders.documentId)))
    .innerJoin(userInfos, joinInScope(userInfos, documents, eq(userInfos.id, documents.userInfoId)))
    .innerJoin(workspaces, eq(workspaces.id, documentReminders.workspaceId))
    .where(
      and(
        isNull(documentReminders.sentAt),
        sql`${documentReminders.dueOn} <= ${today}`,
        // A disabled workspace's reminders wait (ADR 0023); enabled again, they are caught up like a paused job's.
        inEnabledWorkspace(documentReminders.workspaceId),
      ),
    )
    .orderBy(asc(documentReminders.dueOn), asc(documentReminders.documentId), asc(documentReminders.offsetDays))
    .limit(limit)
    .for('update', { of: documentReminders, skipLocked: true });
}

export async function markSent(q: Queryable, rows: Pick<DueReminder, 'documentId' | 'offsetDays'>[], at: Date) {
  if (rows.length === 0) return;
  const keys = sql.join(
    rows.map((r) => sql`(${r.documentId}::uuid, ${r.offsetDays}::int)`),
    sql`, `,
  );
  await q
    .update(documentReminders)
    .set({ sentAt: at })
    .where(sql`(${documentReminders.documentId}, ${documentReminders.offsetDays}) in (${keys})`);
}

export async function remindersOf(db: Db, documentId: string) {
  return db
    .select()
    .from(documentReminders)
    .where(eq(documentReminders.documentId, documentId))
    .orderBy(asc(documentReminders.offsetDays));
}
