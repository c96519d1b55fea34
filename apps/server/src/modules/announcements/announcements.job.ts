import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import { processAnnouncement } from './processing.service';
import * as recipientsRepo from './recipients.repository';

/** An announcement whose processing fails this many times (errors, not crashes) is left aside and logged. */
export const MAX_ATTEMPTS = 3;

/** Test seams: a crash (`SimulatedCrash`, as a kill -9 would leave it) or an error at a chosen point. */
export interface ProcessHooks {
  afterNotify?: () => void | Promise<void>;
}
export class SimulatedCrash extends Error {}

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
    let current: { id: string; workspaceId: string } | null = null;
    let processed: { id: string; told: number } | null;
    try {
      processed = await deps.db.transaction(async (tx) => {
        const row = await recipientsRepo.lockNextDue(tx, now(), MAX_ATTEMPTS);
        if (!row) return null;
        current = row;
        const scope = workspaceScope(row.workspaceId);
        const told = await processAnnouncement(tx, deps, scope, row, now());
        await hooks.afterNotify?.();
        return { id: row.id, told };
      });
    } catch (err) {
      // A crash leaves the row as it was (taken again at the next run); an error is counted, and after
      // MAX_ATTEMPTS the announcement is left aside so that the ones due after it still go out.
      const failed = current as { id: string; workspaceId: string } | null;
      if (err instanceof SimulatedCrash || !failed) throw err;
      log?.error({ err, announcementId: failed.id }, 'announcement processing failed');
      await recipientsRepo.countFailedAttempt(deps.db, workspaceScope(failed.workspaceId), failed.id);
      continue;
    }
    if (!processed) break;
    done += 1;
    log?.info({ announcementId: processed.id, recipients: processed.told }, 'announcement processed');
  }
  return done;
}
