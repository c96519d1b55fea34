import { apiMsg, ErrorCode } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { ActorRef } from '../../plugins/request-context';
import * as repo from './files.repository';
import { limitWork } from '../../lib/work-limits';
import { MB, fileError, quotaLabel, type PendingUpload } from './receive-form';

/** The company's storage quota and the person's upload limit, checked before anything is stored (issue 30, item 8). */

/**
 * A person's uploads, checked in the transaction that records them (issue 30 item 8): counted against the person's
 * and the company's hourly upload limits, and the company's storage with them must stay within its quota (checked
 * under a per-company lock, so two uploads cannot both pass). Over either, the transaction rolls back.
 */
export async function checkPersonUploads(
  q: Queryable,
  scope: WorkspaceScope,
  pending: PendingUpload[],
  actor: ActorRef,
) {
  await limitWork(q, 'upload', { userId: actor.userId, workspaceId: scope.workspaceId });
  await repo.lockStorage(q, scope);
  const s = await repo.storageOf(q, scope);
  if (s.usedFiles + pending.length > s.quotaFiles)
    throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.quotaFiles(s.quotaFiles));
  if (s.usedBytes + pending.reduce((sum, p) => sum + p.size, 0) > s.quotaMb * MB)
    throw fileError(ErrorCode.PAYLOAD_TOO_LARGE, apiMsg.upload.quotaBytes(quotaLabel(s.quotaMb)));
}
