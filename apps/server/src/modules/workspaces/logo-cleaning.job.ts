import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../../lib/audit';
import { firstSeen } from '../../lib/app-meta';
import type { JobLogger } from '../../lib/jobs';
import { StoredFileMissingError } from '../../lib/storage';
import { cleanImage, ImageRefused } from '../files';
import * as files from '../files';
import * as repo from './workspaces.repository';

/**
 * Every logo stored from this release's first start on was decoded and made anew at upload (issue 30): a logo in use
 * stored before it is one the `logo-cleaning` job has to do. The moment is the installation's own (lib/app-meta), not
 * a date in the code, so a release deployed days later still finds every logo the older one stored.
 */
export const LOGOS_MARK = 'logos-made-anew-since';
const BATCH = 20;

/**
 * The `logo-cleaning` job (issue 30 item 1): the logos stored before uploads were made anew (before this release's first start) go through the same
 * sandboxed decoder. One that decodes is replaced by its clean PNG under a new id (the company's details point at it;
 * the old record is deleted and its bytes queued for the sweeper, in one transaction); one that does not decode (the
 * review's 106-byte PNG) is removed from the company's details, audited, so no PDF ever meets it again. Run at start
 * and hourly; once every old logo is done it reads one empty list. Safe after a crash (the old logo stays until the
 * transaction that replaces it commits; the new bytes are reserved until then) and in several processes (the
 * transaction replaces only a logo the company still uses). Returns how many logos it replaced and removed.
 */
export async function runLogoCleaning(deps: AppDeps, log: JobLogger) {
  const since = await firstSeen(deps.db, LOGOS_MARK);
  const seen = new Set<string>();
  let replaced = 0;
  let removed = 0;
  for (;;) {
    const due = (await repo.logosStoredBefore(deps.db, since, BATCH + seen.size)).filter((l) => !seen.has(l.fileId));
    if (due.length === 0) return { replaced, removed };
    for (const { workspaceId, fileId } of due.slice(0, BATCH)) {
      seen.add(fileId);
      const scope = workspaceScope(workspaceId);
      const file = await files.findFile(deps.db, scope, fileId);
      if (!file) continue;
      let clean: files.PendingUpload | null = null;
      try {
        const image = await cleanImage(await files.readStoredFile(deps, scope, file));
        const [made] = await files.storeMade(deps, scope, 'logo', [
          { name: files.pngName(file.name), bytes: image.bytes, contentType: 'image/png' },
        ]);
        clean = made ?? null;
      } catch (err) {
        if (!(err instanceof ImageRefused) && !(err instanceof StoredFileMissingError)) {
          log.error({ err, workspaceId, fileId }, 'logo cleaning: not done, tried again at the next run');
          continue;
        }
      }
      const outcome = await deps.db.transaction(async (tx) => {
        const w = await repo.findWorkspace(tx, scope);
        if (!w || (w.logoFileId !== fileId && w.squareLogoFileId !== fileId)) return 'gone' as const;
        const to = clean?.id ?? null;
        // The clean logo keeps who uploaded the old one (null when that account is gone).
        const actor = { userId: file.uploadedBy as string, userInfoId: null, requestId: 'logo-cleaning' };
        if (clean) await files.recordUploads(tx, scope, [clean], actor);
        await repo.updateWorkspace(tx, scope, {
          logoFileId: w.logoFileId === fileId ? to : w.logoFileId,
          squareLogoFileId: w.squareLogoFileId === fileId ? to : w.squareLogoFileId,
        });
        await files.deleteFiles(tx, scope, [fileId]);
        await recordAudit(tx, scope, {
          actorUserId: null,
          action: clean ? 'workspace.logo_cleaned' : 'workspace.logo_removed',
          entityType: 'workspace',
          entityId: workspaceId,
          changes: { fileId: { from: fileId, to } },
          requestId: 'logo-cleaning',
        });
        return clean ? ('replaced' as const) : ('removed' as const);
      });
      if (outcome === 'gone' && clean) await files.discardUpload(deps, clean);
      if (outcome === 'replaced') replaced += 1;
      if (outcome === 'removed') {
        removed += 1;
        log.info({ workspaceId, fileId }, 'logo cleaning: a logo that does not decode was removed');
      }
    }
  }
}
