import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { notify } from '../notifications';
import { announcementNotice } from './announcements.mails';
import * as repo from './announcements.repository';
import * as recipientsRepo from './recipients.repository';
import { plainText } from './sanitize';
import { memberLink } from './announcements.shared';

/** Sending an announcement at its time: the job scheduled in the saving transaction, and its processing (ADR 0020). */

export const PROCESS_JOB = 'announcement-process';

export async function schedule(deps: AppDeps, tx: Queryable, row: repo.AnnouncementRow) {
  // The job wakes at the send time (a key per time: a rescheduled announcement's old wake-up finds nothing to do).
  await deps.scheduleJob(
    tx,
    PROCESS_JOB,
    { id: row.id },
    {
      startAfter: row.sendAt,
      singletonKey: `ann:${row.id}:${row.sendAt.getTime()}`,
    },
  );
}

// Processing ---------------------------------------------------------------------------------------------------

/**
 * Processes one due announcement inside the job's transaction (the row is locked): the audience becomes its
 * recipients (each once), each is told through the dispatcher (dedupe key: a repeat tells nobody twice), and the
 * announcement is processed and published. Returns how many people were told.
 */
export async function processAnnouncement(
  tx: Queryable,
  deps: Pick<AppDeps, 'config'>,
  scope: WorkspaceScope,
  row: repo.AnnouncementRow,
  now: Date,
) {
  const audience = await recipientsRepo.resolveAudience(tx, scope, row);
  const fresh = await recipientsRepo.insertRecipients(tx, scope, row.id, audience);
  const text = plainText(row.content);
  const told = await notify(
    tx,
    { scope, publicUrl: deps.config.publicUrl },
    {
      type: 'announcement.published',
      to: { userInfoIds: fresh },
      ...announcementNotice(row.title, text, row.requiresAck),
      link: memberLink(row.id),
      params: { title: row.title, requiresAck: row.requiresAck },
      dedupeKey: `announcement:${row.id}`,
    },
  );
  await recipientsRepo.markRecipients(
    tx,
    scope,
    row.id,
    told.filter((t) => t.email !== null).map((t) => t.userInfoId),
    { emailed: true },
  );
  await repo.updateAnnouncement(tx, scope, row.id, {
    processedAt: now,
    publishedAt: now,
    recipientCount: audience.length,
  });
  return told.length;
}
