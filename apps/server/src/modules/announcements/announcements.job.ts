import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import { processAnnouncement } from './announcements.service';
import * as repo from './announcements.repository';

/** Test seam: a crash at a chosen point of the processing (as a kill -9 would leave it). */
export interface ProcessHooks {
  afterNotify?: () => void | Promise<void>;
}

/**
 * The `announcement-process` job: every announcement whose send time has come is processed, one transaction each —
 * the row locked (another process skips it), recipients resolved from the audience and written once each, their
 * notifications (and mails) told, the announcement marked processed and published. A crash rolls the whole
 * announcement back and the next run (a minute later, or the job scheduled for its send time) does it again, so each
 * person is told exactly once. Returns how many were processed.
 */
export async function runAnnouncementJob(
  deps: Pick<AppDeps, 'db' | 'config'>,
  log?: JobLogger,
  now: () => Date = () => new Date(),
  hooks: ProcessHooks = {},
) {
  let done = 0;
  for (;;) {
    const processed = await deps.db.transaction(async (tx) => {
      const row = await repo.lockNextDue(tx, now());
      if (!row) return null;
      const scope = workspaceScope(row.workspaceId);
      const told = await processAnnouncement(tx, deps, scope, row, now());
      await hooks.afterNotify?.();
      return { id: row.id, told };
    });
    if (!processed) break;
    done += 1;
    log?.info({ announcementId: processed.id, recipients: processed.told }, 'announcement processed');
  }
  return done;
}
