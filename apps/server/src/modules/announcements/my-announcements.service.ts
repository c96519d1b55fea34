import { annMsg, type MyAnnouncement } from '@timbro/shared';
import type { FastifyReply } from 'fastify';
import type { Queryable } from '../../db/client';
import type { AppDeps } from '../../deps';
import { forbidden, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import { markReadByLink } from '../notifications';
import * as repo from './announcements.repository';
import * as mineRepo from './my-announcements.repository';
import { attachmentOr404, memberLink } from './announcements.shared';

/** The member's announcements: their list, one, its attachment, and the acknowledgement (ADR 0020). */

// The employee's side ------------------------------------------------------------------------------------------

function own(ctx: RequestCtx) {
  const userInfoId = ctx.actor.userInfoId;
  if (!userInfoId) throw forbidden();
  return userInfoId;
}

function presentMine(
  a: repo.AnnouncementRow,
  r: { openedAt: Date | null; acknowledgedAt: Date | null },
  attachments: files.FileRow[],
): MyAnnouncement {
  return {
    id: a.id,
    title: a.title,
    content: a.content,
    publishedAt: (a.publishedAt ?? a.sendAt).toISOString(),
    requiresAck: a.requiresAck,
    attachments: attachments.map((f) => files.presentFile(f)),
    openedAt: r.openedAt?.toISOString() ?? null,
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
  };
}

/** GET /member/announcement: the person's announcements, unread first, then newest (3 statements). */
export async function myAnnouncements(deps: AppDeps, ctx: RequestCtx, query: { page: number; per_page: number }) {
  const { rows, total, unread } = await mineRepo.listMine(deps.db, ctx.scope, own(ctx), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const attachments = await repo.attachmentsOf(
    deps.db,
    ctx.scope,
    rows.map((r) => r.a.id),
  );
  return {
    items: rows.map(({ a, r }) =>
      presentMine(
        a,
        r,
        attachments.filter((x) => x.announcementId === a.id).map((x) => x.file),
      ),
    ),
    total,
    unread,
    page: query.page,
    perPage: query.per_page,
  };
}

async function mineOr404(q: Queryable, ctx: RequestCtx, id: string) {
  const row = await mineRepo.findMine(q, ctx.scope, own(ctx), id);
  if (!row) throw notFound(annMsg.announcementNotFound);
  return row;
}

/** GET /member/announcement/{id}: opening it records the read (first time) and reads its notifications. */
export async function myAnnouncement(deps: AppDeps, ctx: RequestCtx, id: string) {
  const userInfoId = own(ctx);
  const { a, r } = await deps.db.transaction(async (tx) => {
    const found = await mineOr404(tx, ctx, id);
    const opened = found.r.openedAt
      ? found.r
      : ((await mineRepo.markOpened(tx, ctx.scope, userInfoId, id, false)) ?? found.r);
    await markReadByLink(tx, ctx.scope, userInfoId, memberLink(id));
    return { a: found.a, r: opened };
  });
  const attachments = await repo.attachmentsOf(deps.db, ctx.scope, [id]);
  return presentMine(
    a,
    r,
    attachments.map((x) => x.file),
  );
}

/** POST /member/announcement/{id}/acknowledge: the person confirms having read it (only where it is asked). */
export async function acknowledge(deps: AppDeps, ctx: RequestCtx, id: string) {
  const userInfoId = own(ctx);
  await deps.db.transaction(async (tx) => {
    const found = await mineOr404(tx, ctx, id);
    if (!found.a.requiresAck) throw validation([{ path: 'id', message: annMsg.ackNotRequired }]);
    await mineRepo.markOpened(tx, ctx.scope, userInfoId, id, true);
    await markReadByLink(tx, ctx.scope, userInfoId, memberLink(id));
  });
  return myAnnouncement(deps, ctx, id);
}

/** GET /member/announcement/{id}/attachment/{fileId}: only a recipient downloads; the open is logged. */
export async function myDownload(deps: AppDeps, ctx: RequestCtx, id: string, fileId: string, reply: FastifyReply) {
  await mineOr404(deps.db, ctx, id);
  const file = await attachmentOr404(deps.db, ctx.scope, id, fileId);
  await files.recordOpen(deps.db, ctx.scope, file.id, ctx.actor);
  return files.sendStoredFile(deps, reply, ctx.scope, file);
}
