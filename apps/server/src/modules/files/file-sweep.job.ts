import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import * as repo from './files.repository';

/** Rows handled per transaction; a sweep goes on until nothing is due. */
const BATCH = 100;
/** A storage that refused a delete is asked again after this long. */
const RETRY_MS = 10 * 60 * 1000;

/**
 * The `file-sweep` job: removes the stored bytes of deleted files and of uploads that were never recorded, once
 * their row is due. Each row is locked (SKIP LOCKED) while its bytes are removed and goes away in the same
 * transaction, so two processes never sweep one row, and a crash between the two leaves the row to be swept again
 * (removing missing bytes is not an error). Returns how many objects it removed.
 */
export async function runFileSweep(deps: Pick<AppDeps, 'db' | 'storage'>, log?: JobLogger, now = () => new Date()) {
  let removed = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDueDeletions(tx, now(), BATCH);
      const swept: number[] = [];
      for (const row of due) {
        try {
          await deps.storage.delete(row.storageKey);
          swept.push(row.id);
        } catch (err) {
          log?.error({ err, key: row.storageKey }, 'file sweep: delete failed');
          await repo.deletionFailed(
            tx,
            row.id,
            String((err as Error).message ?? err),
            new Date(now().getTime() + RETRY_MS),
          );
        }
      }
      await repo.dropDeletions(tx, swept);
      return { seen: due.length, swept: swept.length };
    });
    removed += done.swept;
    if (done.seen < BATCH) return removed;
  }
}
