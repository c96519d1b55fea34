import { daysBetween } from '@timbro/shared';
import { workspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import type { JobLogger } from '../../lib/jobs';
import { enqueueMail } from '../../lib/mail';
import { documentExpiryMail } from '../../lib/mail-templates';
import { enabledAdmins, recipientsOf } from '../users/users.service';
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
        const [owner] = await recipientsOf(tx, scope, [r.userInfoId]);
        if (owner)
          await enqueueMail(tx, {
            to: owner.email,
            ...documentExpiryMail(
              owner.firstName,
              r.label,
              null,
              r.expiresAt,
              daysLeft,
              `${deps.config.publicUrl}/member/document`,
            ),
          });
        for (const a of await enabledAdmins(tx, scope))
          if (a.userInfoId !== r.userInfoId)
            await enqueueMail(tx, {
              to: a.email,
              ...documentExpiryMail(
                a.firstName,
                r.label,
                employee,
                r.expiresAt,
                daysLeft,
                `${deps.config.publicUrl}/admin/user/${r.userInfoId}/document`,
              ),
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
