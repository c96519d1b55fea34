import { ANNOUNCEMENT_REMIND_COOLDOWN_HOURS, annMsg, type ReachQuerySchema } from '@timbro/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { conflict } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { notify } from '../notifications';
import { announcementReminderNotice } from './announcements.mails';
import * as repo from './announcements.repository';
import * as recipientsRepo from './recipients.repository';
import { announcementOr404, memberLink } from './announcements.shared';

/** Who an announcement reached, and the reminder to those who have not acknowledged it (ADR 0020). */

/** GET /admin/announcement/{id}/reach: each recipient's funnel, filtered and paged, with the totals. */
export async function reachPage(deps: AppDeps, ctx: RequestCtx, id: string, query: z.infer<typeof ReachQuerySchema>) {
  await announcementOr404(deps.db, ctx.scope, id);
  const [{ rows, total }, reach] = await Promise.all([
    recipientsRepo.reachRows(deps.db, ctx.scope, id, {
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
    const pending = await recipientsRepo.notYetRead(tx, ctx.scope, id, row.requiresAck);
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
    await recipientsRepo.markRecipients(tx, ctx.scope, id, pending, { remindedAt: now });
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
