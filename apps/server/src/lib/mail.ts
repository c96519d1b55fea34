import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Queryable } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  template: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
}

/**
 * Queues an e-mail in the outbox, inside the caller's transaction: if the business write rolls back, no mail
 * leaves. Delivery is the mail-dispatch job's work (SMTP_URL); without SMTP the message stays in the outbox and is
 * printed to the log so a developer can follow links.
 */
export async function enqueueMail(q: Queryable, message: MailMessage, log?: MailLogger | null, printBody = false) {
  const [row] = await q
    .insert(mailOutbox)
    .values({
      toAddress: message.to,
      template: message.template,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
    })
    .returning({ id: mailOutbox.id });
  log?.info(
    { mailId: row?.id, to: message.to, template: message.template, ...(printBody ? { body: message.text } : {}) },
    `mail queued: ${message.subject}`,
  );
  return row?.id ?? null;
}

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/** Sends pending outbox messages (at most `batch`), recording successes and failures. Safe to run concurrently. */
export async function deliverPendingMail(db: Db, transport: Transporter, from: string, batch = 50): Promise<number> {
  const pending = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, 5)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(batch);
  let sent = 0;
  for (const m of pending) {
    // Claim the row first so that two processes do not send the same message.
    const claimed = await db
      .update(mailOutbox)
      .set({ attempts: m.attempts + 1 })
      .where(and(eq(mailOutbox.id, m.id), eq(mailOutbox.attempts, m.attempts), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    if (claimed.length === 0) continue;
    try {
      await transport.sendMail({ from, to: m.toAddress, subject: m.subject, text: m.textBody, html: m.htmlBody ?? undefined });
      await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, m.id));
      sent++;
    } catch (err) {
      await db
        .update(mailOutbox)
        .set({ lastError: String((err as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, m.id));
    }
  }
  return sent;
}
