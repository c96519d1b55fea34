import { daysBetween } from '@timbro/shared';
import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import { notify } from '../notifications';
import { documentExpiryNotice } from './documents.mails';
import * as repo from './reminders.repository';

const BATCH = 100;

/**
 * The `document-reminders` job (hourly): every reminder that fell due — in its workspace's time zone — goes to the
 * employee and to the enabled admins, and is marked sent in the same transaction as its e-mails are queued. Exactly
 * once per document and offset, whichever process runs it; a day the job did not run is caught up at its next run
 * (the text says how many days are left, or that the document has expired). Returns how many reminders went out.
 */
export async function runDocumentReminders(deps: Pick<AppDeps, 'db' | 'config'>, log?: JobLogger, now = new Date()) {
  let sent = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const due = await repo.lockDueReminders(tx, now, BATCH);
      for (const r of due) {
        const scope = workspaceScope(r.workspaceId);
        const daysLeft = daysBetween(r.today, r.expiresAt);
        const employee = `${r.firstName} ${r.lastName}`;
        const ctx = { scope, publicUrl: deps.config.publicUrl };
        const key = `document-expiry:${r.documentId}:${r.expiresAt}:${r.offsetDays}`;
        const params = { label: r.label, expiresAt: r.expiresAt, daysLeft };
        await notify(tx, ctx, {
          type: 'document.expiring',
          to: { userInfoIds: [r.userInfoId] },
          ...documentExpiryNotice(r.label, null, r.expiresAt, daysLeft),
          link: '/member/document',
          params,
          dedupeKey: key,
        });
        await notify(tx, ctx, {
          type: 'document.expiring',
          to: { admins: true },
          except: [r.userInfoId],
          ...documentExpiryNotice(r.label, employee, r.expiresAt, daysLeft),
          link: `/admin/user/${r.userInfoId}/document`,
          params: { ...params, employee },
          dedupeKey: key,
        });
      }
      await repo.markSent(tx, due, now);
      return due.length;
    });
    sent += n;
    if (n > 0) log?.info({ reminders: n }, 'document reminders sent');
    if (n < BATCH) return sent;
  }
}
