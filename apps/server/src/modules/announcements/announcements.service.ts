import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_MAX_DAYS_AHEAD,
  ANNOUNCEMENT_MAX_FILES,
  ANNOUNCEMENT_MAX_TOTAL_MB,
  ANNOUNCEMENT_REMIND_COOLDOWN_HOURS,
  AnnouncementFieldsSchema,
  annMsg,
  localToUtc,
  type AdminAnnouncement,
  type AnnouncementFields,
  type ListAnnouncementsQuerySchema,
  type MyAnnouncement,
  type ReachQuerySchema,
} from '@timbro/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { conflict, forbidden, notFound, validation } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import * as files from '../files';
import { markReadByLink, notify } from '../notifications';
import { announcementNotice, announcementReminderNotice } from './announcements.mails';
import * as repo from './announcements.repository';
import { plainText, sanitizeContent } from './sanitize';

const MB = 1024 * 1024;
const TOTAL_BYTES = ANNOUNCEMENT_MAX_TOTAL_MB * MB;
export const PROCESS_JOB = 'announcement-process';

const memberLink = (id: string) => `/member/announcement/${id}`;

// The form ------------------------------------------------------------------------------------------------------

type Fields = AnnouncementFields & { sendAtDate: Date; cleanContent: string };

/** "2026-12-01 09:00" in the workspace's zone, or an instant with its offset; none = now. */
function parseSendAt(value: string | null, timeZone: string, now: Date): Date | null {
  if (!value) return now;
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const t = Date.parse(value.replace(' ', 'T'));
    return Number.isNaN(t) ? null : new Date(t);
  }
  const [date, clock] = value.split(/[ T]/) as [string, string];
  const [h, m] = clock.split(':').map(Number) as [number, number];
  if (h > 23 || m > 59 || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  return new Date(localToUtc(date, h * 60 + m, timeZone));
}

async function parseForm(deps: AppDeps, ctx: RequestCtx, form: files.ReceivedForm, now: Date): Promise<Fields> {
  const input = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.replace(/\r\n?/g, '\n')]));
  const parsed = AnnouncementFieldsSchema.safeParse(input);
  const errors = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.') || 'audience', message: i.message }));
  let result: Fields | null = null;
  if (parsed.success) {
    const data = parsed.data;
    const cleanContent = sanitizeContent(data.content);
    if (plainText(cleanContent) === '') errors.push({ path: 'content', message: annMsg.contentRequired });
    else if (cleanContent.length > ANNOUNCEMENT_CONTENT_MAX)
      errors.push({ path: 'content', message: annMsg.contentTooLong });
    const sendAtDate = parseSendAt(data.sendAt, ctx.timeZone, now);
    if (!sendAtDate) errors.push({ path: 'sendAt', message: annMsg.sendAtInvalid });
    else if (sendAtDate.getTime() - now.getTime() > ANNOUNCEMENT_MAX_DAYS_AHEAD * 86_400_000)
      errors.push({ path: 'sendAt', message: annMsg.sendAtTooFar });
    const [groupRows, personRows] = await Promise.all([
      repo.groupNames(deps.db, ctx.scope, data.audience.groupIds),
      repo.personNames(deps.db, ctx.scope, data.audience.userInfoIds),
    ]);
    if (groupRows.length !== new Set(data.audience.groupIds).size)
      errors.push({ path: 'audience', message: annMsg.unknownGroup });
    if (personRows.length !== new Set(data.audience.userInfoIds).size)
      errors.push({ path: 'audience', message: annMsg.unknownPerson });
    if (sendAtDate) result = { ...data, sendAtDate, cleanContent };
  }
  if (result && errors.length === 0) return result;
  await files.discardUploads(deps, form.files);
  throw validation(errors.filter((e, n) => errors.findIndex((x) => x.path === e.path) === n));
}

const receive = (deps: AppDeps, ctx: RequestCtx, request: FastifyRequest) =>
  files.receiveForm(deps, request, ctx.scope, 'attachment', {
    maxFiles: ANNOUNCEMENT_MAX_FILES,
    total: { maxBytes: TOTAL_BYTES, tooLarge: annMsg.totalTooLarge, tooMany: annMsg.tooManyFiles },
    // The HTML of the content (at most 100,000 characters before cleaning, up to 4 bytes each) and the audience.
    maxFieldBytes: 400_000,
  });

async function schedule(deps: AppDeps, tx: Queryable, row: repo.AnnouncementRow) {
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

async function announcementOr404(q: Queryable, scope: WorkspaceScope, id: string, forUpdate = false) {
  const row = await repo.findAnnouncement(q, scope, id, forUpdate);
  if (!row) throw notFound(annMsg.announcementNotFound);
  return row;
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

/** GET /admin/announcement/{id}/reach: each recipient's funnel, filtered and paged, with the totals. */
export async function reachPage(deps: AppDeps, ctx: RequestCtx, id: string, query: z.infer<typeof ReachQuerySchema>) {
  await announcementOr404(deps.db, ctx.scope, id);
  const [{ rows, total }, reach] = await Promise.all([
    repo.reachRows(deps.db, ctx.scope, id, {
      status: query.status,
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    repo.reachOf(deps.db, ctx.scope, id),
  ]);
  return {
    items: rows.map(({ r, firstName, lastName }) => ({
      userInfoId: r.userInfoId,
      firstName,
      lastName,
      notifiedAt: r.notifiedAt.toISOString(),
      emailed: r.emailed,
      openedAt: r.openedAt?.toISOString() ?? null,
      acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
      remindedAt: r.remindedAt?.toISOString() ?? null,
    })),
    total,
    page: query.page,
    perPage: query.per_page,
    reach,
  };
}

/**
 * POST /admin/announcement/{id}/remind: one reminder to each recipient who has not read it (or, when it asks for
 * acknowledgement, not acknowledged it); then the button waits 24 hours. One transaction.
 */
export async function remind(deps: AppDeps, ctx: RequestCtx, id: string) {
  const now = new Date();
  const n = await deps.db.transaction(async (tx) => {
    const row = await announcementOr404(tx, ctx.scope, id, true);
    if (!row.processedAt) throw conflict(annMsg.remindNotYet);
    if (row.remindedAt && now.getTime() - row.remindedAt.getTime() < ANNOUNCEMENT_REMIND_COOLDOWN_HOURS * 3600_000)
      throw conflict(annMsg.remindTooSoon);
    const pending = await repo.notYetRead(tx, ctx.scope, id, row.requiresAck);
    if (pending.length === 0) throw conflict(annMsg.remindNobody);
    const told = await notify(
      tx,
      { scope: ctx.scope, publicUrl: deps.config.publicUrl, log: ctx.log },
      {
        type: 'announcement.reminder',
        to: { userInfoIds: pending },
        ...announcementReminderNotice(row.title, row.requiresAck),
        link: memberLink(id),
        params: { title: row.title, requiresAck: row.requiresAck },
        dedupeKey: `announcement-reminder:${id}:${now.getTime()}`,
      },
    );
    await repo.markRecipients(tx, ctx.scope, id, pending, { remindedAt: now });
    await repo.updateAnnouncement(tx, ctx.scope, id, { remindedAt: now });
    await audit(tx, ctx, {
      action: 'announcement.remind',
      entity: { type: 'announcement', id },
      changes: { reminded: pending.length, told: told.length },
    });
    return pending.length;
  });
  return { message: annMsg.remindSent(n), reminded: n };
}

/** GET /admin/announcement/{id}/attachment/{fileId}: the admin's open is logged, never counted as a recipient's. */
export async function adminDownload(deps: AppDeps, ctx: RequestCtx, id: string, fileId: string, reply: FastifyReply) {
  await announcementOr404(deps.db, ctx.scope, id);
  const file = await attachmentOr404(deps.db, ctx.scope, id, fileId);
  await files.recordOpen(deps.db, ctx.scope, file.id, ctx.actor);
  return files.sendStoredFile(deps, reply, ctx.scope, file);
}

async function attachmentOr404(q: Queryable, scope: WorkspaceScope, id: string, fileId: string) {
  const found = (await repo.attachmentsOf(q, scope, [id])).find((a) => a.file.id === fileId);
  if (!found) throw notFound(annMsg.attachmentNotFound);
  return found.file;
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
  const audience = await repo.resolveAudience(tx, scope, row);
  const fresh = await repo.insertRecipients(tx, scope, row.id, audience);
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
  await repo.markRecipients(
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
  const { rows, total, unread } = await repo.listMine(deps.db, ctx.scope, own(ctx), {
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
  const row = await repo.findMine(q, ctx.scope, own(ctx), id);
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
      : ((await repo.markOpened(tx, ctx.scope, userInfoId, id, false)) ?? found.r);
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
    await repo.markOpened(tx, ctx.scope, userInfoId, id, true);
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
