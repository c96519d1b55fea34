import {
  ANNOUNCEMENT_MAX_FILES,
  annMsg,
  type AdminAnnouncement,
  type ListAnnouncementsQuerySchema,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import * as repo from './announcements.repository';
import { TOTAL_BYTES, parseForm, receive } from './announcement-forms';
import { announcementOr404, attachmentOr404 } from './announcements.shared';
import { PROCESS_JOB, schedule } from './processing.service';

// The routes' one entry for both sides: the member's functions and the reach live in their own files.
export { acknowledge, myAnnouncement, myAnnouncements, myDownload } from './my-announcements.service';
export { reachPage, remind } from './reach.service';

/** POST /admin/announcement: the announcement, its attachments and its scheduled processing, in one transaction. */
export async function createAnnouncement(deps: AppDeps, ctx: RequestCtx, request: FastifyRequest) {
  const now = new Date();
  const form = await receive(deps, ctx, request);
  const fields = await parseForm(deps, ctx, form, now);
  if (fields.keepAttachmentIds.length > 0) {
    await files.discardUploads(deps, form.files);
    throw validation([{ path: 'keepAttachmentIds', message: annMsg.attachmentNotFound }]);
  }
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      await files.recordUploads(tx, ctx.scope, form.files, ctx.actor, { byPerson: true });
      const row = await repo.insertAnnouncement(tx, ctx.scope, {
        title: fields.title,
        content: fields.cleanContent,
        sendAt: fields.sendAtDate,
        everyone: fields.audience.everyone,
        groupIds: fields.audience.groupIds,
        userInfoIds: fields.audience.userInfoIds,
        requiresAck: fields.requiresAck,
        createdBy: ctx.actor.userId,
        updatedBy: ctx.actor.userId,
      });
      await repo.insertAttachments(
        tx,
        ctx.scope,
        row.id,
        form.files.map((f, position) => ({ fileId: f.id, position })),
      );
      await schedule(deps, tx, row);
      await audit(tx, ctx, {
        action: 'announcement.create',
        entity: { type: 'announcement', id: row.id },
        changes: {
          title: row.title,
          sendAt: row.sendAt.toISOString(),
          audience: fields.audience,
          files: form.files.length,
        },
      });
      return row.id;
    });
  } catch (err) {
    await files.discardUploads(deps, form.files);
    throw err;
  }
  if (fields.sendAtDate <= new Date()) await deps.triggerJob(PROCESS_JOB);
  return getAnnouncement(deps, ctx, id);
}

/**
 * POST /admin/announcement/{id}: before processing everything may change (a new send time reschedules it); after
 * processing only the title, the content and the attachments change, and nobody is told again (spec §4).
 */
export async function updateAnnouncement(deps: AppDeps, ctx: RequestCtx, id: string, request: FastifyRequest) {
  const now = new Date();
  await announcementOr404(deps.db, ctx.scope, id);
  const form = await receive(deps, ctx, request);
  const fields = await parseForm(deps, ctx, form, now);
  let dropped: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      // Locked: the job cannot process it while it changes (and an edit waits for a processing under way).
      const before = await announcementOr404(tx, ctx.scope, id, true);
      const current = await repo.attachmentsOf(tx, ctx.scope, [id]);
      const keep = new Set(fields.keepAttachmentIds);
      if ([...keep].some((k) => !current.some((c) => c.file.id === k)))
        throw validation([{ path: 'keepAttachmentIds', message: annMsg.attachmentNotFound }]);
      const kept = current.filter((c) => keep.has(c.file.id));
      if (kept.length + form.files.length > ANNOUNCEMENT_MAX_FILES)
        throw validation([{ path: 'file', message: annMsg.tooManyFiles }]);
      const bytes = kept.reduce((n, c) => n + c.file.size, 0) + form.files.reduce((n, f) => n + f.size, 0);
      if (bytes > TOTAL_BYTES) throw validation([{ path: 'file', message: annMsg.totalTooLarge }]);
      dropped = current.filter((c) => !keep.has(c.file.id)).map((c) => c.file.id);
      await files.recordUploads(tx, ctx.scope, form.files, ctx.actor, { byPerson: true });
      const processed = before.processedAt !== null;
      const after = await repo.updateAnnouncement(tx, ctx.scope, id, {
        title: fields.title,
        content: fields.cleanContent,
        updatedBy: ctx.actor.userId,
        ...(processed
          ? {}
          : {
              sendAt: fields.sendAtDate,
              everyone: fields.audience.everyone,
              groupIds: fields.audience.groupIds,
              userInfoIds: fields.audience.userInfoIds,
              requiresAck: fields.requiresAck,
            }),
      });
      await repo.removeAttachments(tx, ctx.scope, id, dropped);
      await files.deleteFiles(tx, ctx.scope, dropped);
      await repo.insertAttachments(
        tx,
        ctx.scope,
        id,
        form.files.map((f, n) => ({ fileId: f.id, position: kept.length + n })),
      );
      if (!processed && after!.sendAt.getTime() !== before.sendAt.getTime()) await schedule(deps, tx, after!);
      await audit(tx, ctx, {
        action: 'announcement.update',
        entity: { type: 'announcement', id },
        changes: {
          title: before.title !== after!.title ? [before.title, after!.title] : undefined,
          contentChanged: before.content !== after!.content,
          sendAt: processed ? undefined : after!.sendAt.toISOString(),
          filesAdded: form.files.length,
          filesRemoved: dropped.length,
          afterProcessing: processed,
        },
      });
    });
  } catch (err) {
    await files.discardUploads(deps, form.files);
    throw err;
  }
  if (dropped.length > 0) await deps.triggerJob('file-sweep');
  if (fields.sendAtDate <= new Date()) await deps.triggerJob(PROCESS_JOB);
  return getAnnouncement(deps, ctx, id);
}

/** DELETE /admin/announcement/{id}: the announcement, its recipients' trace and its files (the bytes to the sweeper). */
export async function deleteAnnouncement(deps: AppDeps, ctx: RequestCtx, id: string) {
  await deps.db.transaction(async (tx) => {
    await announcementOr404(tx, ctx.scope, id, true);
    const attached = await repo.attachmentsOf(tx, ctx.scope, [id]);
    const row = await repo.deleteAnnouncement(tx, ctx.scope, id);
    await files.deleteFiles(
      tx,
      ctx.scope,
      attached.map((a) => a.file.id),
    );
    await audit(tx, ctx, {
      action: 'announcement.delete',
      entity: { type: 'announcement', id },
      changes: { title: row!.title, processed: row!.processedAt !== null },
    });
  });
  await deps.triggerJob('file-sweep');
}

// Reading (admin) ----------------------------------------------------------------------------------------------

async function presentAll(
  q: Queryable,
  scope: WorkspaceScope,
  rows: { a: repo.AnnouncementRow; reach: repo.ReachCounts }[],
  now: Date,
): Promise<AdminAnnouncement[]> {
  const ids = rows.map((r) => r.a.id);
  const groupIds = [...new Set(rows.flatMap((r) => r.a.groupIds))];
  const personIds = [...new Set(rows.flatMap((r) => r.a.userInfoIds))];
  const [attachments, groupRows, personRows] = await Promise.all([
    repo.attachmentsOf(q, scope, ids),
    repo.groupNames(q, scope, groupIds),
    repo.personNames(q, scope, personIds),
  ]);
  const groups = new Map(groupRows.map((g) => [g.id, g.name]));
  const people = new Map(personRows.map((p) => [p.id, `${p.lastName} ${p.firstName}`]));
  return rows.map(({ a, reach }) => ({
    id: a.id,
    title: a.title,
    content: a.content,
    sendAt: a.sendAt.toISOString(),
    processedAt: a.processedAt?.toISOString() ?? null,
    publishedAt: a.publishedAt?.toISOString() ?? null,
    state: repo.stateOf(a, now),
    requiresAck: a.requiresAck,
    audience: {
      everyone: a.everyone,
      groups: a.groupIds.filter((g) => groups.has(g)).map((g) => ({ id: g, name: groups.get(g)! })),
      people: a.userInfoIds.filter((p) => people.has(p)).map((p) => ({ id: p, name: people.get(p)! })),
    },
    attachments: attachments.filter((x) => x.announcementId === a.id).map((x) => files.presentFile(x.file)),
    reach: a.processedAt ? reach : null,
    remindedAt: a.remindedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }));
}

/** GET /admin/announcement: a page with reach figures, in SQL order (5 statements whatever the page size). */
export async function listAnnouncements(
  deps: AppDeps,
  ctx: RequestCtx,
  query: z.infer<typeof ListAnnouncementsQuerySchema>,
) {
  const now = new Date();
  const { rows, total } = await repo.listAnnouncements(deps.db, ctx.scope, {
    search: query.search || undefined,
    state: query.state,
    now,
    sort: query.sort,
    order: query.order,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const items = await presentAll(
    deps.db,
    ctx.scope,
    rows.map(({ a, ...reach }) => ({ a, reach })),
    now,
  );
  return { items, total, page: query.page, perPage: query.per_page };
}

export async function getAnnouncement(deps: AppDeps, ctx: RequestCtx, id: string) {
  const row = await announcementOr404(deps.db, ctx.scope, id);
  const reach = await repo.reachOf(deps.db, ctx.scope, id);
  const [item] = await presentAll(deps.db, ctx.scope, [{ a: row, reach }], new Date());
  return item!;
}

/** GET /admin/announcement/{id}/attachment/{fileId}: the admin's open is logged, never counted as a recipient's. */
export async function adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, fileId: string, reply: FastifyReply) {
  await announcementOr404(deps.db, ctx.scope, id);
  const file = await attachmentOr404(deps.db, ctx.scope, id, fileId);
  await files.recordOpen(deps.db, ctx.scope, file.id, ctx.actor);
  return files.sendStoredFile(deps, reply, ctx.scope, file);
}
