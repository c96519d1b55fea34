import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import { enqueueMail } from '../../lib/mail';
import { digestMail } from './notifications.mails';
import * as repo from './digest.repository';

/** At most this many items in one digest (the rest go in the next one, a moment later in the same run). */
export const DIGEST_MAX_ITEMS = 200;

/**
 * The `notification-digest` job (daily, 08:00 Europe/Rome): each person with items waiting for the digest gets one
 * e-mail listing them, and the items are marked e-mailed in the same transaction as the mail is queued. Two processes
 * never put an item in two digests (rows locked, skipped by the other); a crash rolls the person's digest back whole.
 * Returns how many digests were queued.
 */
export async function runNotificationDigest(deps: Pick<AppDeps, 'db' | 'config'>, log?: JobLogger, now = new Date()) {
  let sent = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const next = await repo.lockNextDigest(tx, now, DIGEST_MAX_ITEMS);
      if (!next) return false;
      const scope = workspaceScope(next.workspaceId);
      const person = await repo.digestAddressOf(tx, scope, next.userInfoId);
      let mailId: string | null = null;
      if (person && next.rows.length > 0)
        mailId = await enqueueMail(tx, {
          to: person.email,
          ...digestMail(
            person.firstName,
            next.rows.map((r) => ({ title: r.title, link: `${deps.config.publicUrl}${r.link ?? '/dashboard'}` })),
            `${deps.config.publicUrl}/admin/setting/notification`,
          ),
        });
      await repo.markDigested(
        tx,
        scope,
        next.rows.map((r) => r.id),
        mailId,
      );
      return true;
    });
    if (!done) break;
    sent += 1;
  }
  if (sent > 0) log?.info({ digests: sent }, 'notification digests queued');
  return sent;
}
