import { annMsg } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import { notFound } from '../../lib/errors';
import * as repo from './announcements.repository';

/** What the admin's and the member's sides of announcements share: the member's link, and a record or an attachment or 404. */

export const memberLink = (id: string) => `/member/announcement/${id}`;

export async function announcementOr404(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false) {
  const row = await repo.findAnnouncement(q, scope, id, forUpdate);
  if (!row) throw notFound(annMsg.announcementNotFound);
  return row;
}

export async function attachmentOr404(q: Queryable, scope: WorkspaceScope, id: string, fileId: string) {
  const found = (await repo.attachmentsOf(q, scope, [id])).find((a) => a.file.id === fileId);
  if (!found) throw notFound(annMsg.attachmentNotFound);
  return found.file;
}
