import { and, asc, eq, inArray, isNotNull, isNull, lt, notInArray } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Queryable } from '../db/client';
import { mailOutbox } from '../db/schema';
import { SENSITIVE_MAIL_TEMPLATES } from './mail-templates';

/** A message is given up after this many failed sending attempts. */
export const MAIL_MAX_ATTEMPTS = 5;

/** What a sensitive body (one with a one-time link) becomes in the outbox once sent. */
export const REDACTED_SENT_BODY = "[contenuto rimosso dopo l'invio: conteneva un link personale]";
/** …or, never sent, once its link has surely expired (the message is then given up). */
export const REDACTED_EXPIRED_BODY = '[contenuto rimosso senza invio: il link personale è scaduto]';

/** Sensitive bodies are kept at most this long while unsent: the longest one-time link (an invitation) lasts 7 days. */
export const SENSITIVE_MAIL_RETENTION_DAYS = 8;

let printBodies = false;

/**
 * Whether queued mail bodies go to the log (so a developer without SMTP can follow the links): set once at start
 * from the configuration (config.printMailBodies: development on a loopback PUBLIC_URL). Off by default, so tests
 * and any other process never print a body.
 */
export function configureMailLogging(opts: { printBodies: boolean }) {
  printBodies = opts.printBodies;
}

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
 * leaves. Delivery is the mail-dispatch job's work (SMTP_URL). The log gets the recipient, template and subject;
 * the body only when configureMailLogging allowed it (development on a local address), whatever the caller asks.
 *
 * @param _printBody ignored (kept so existing callers compile): the decision is configureMailLogging's alone.
 */
export async function enqueueMail(q: Queryable, message: MailMessage, log?: MailLogger | null, _printBody?: boolean) {
  const [id] = await enqueueMails(q, [message], log);
  return id ?? null;
}

/** `enqueueMail` for many messages: one statement whatever their number (a publication to every employee). */
export async function enqueueMails(q: Queryable, messages: MailMessage[], log?: MailLogger | null) {
  if (messages.length === 0) return [];
  const rows = await q
    .insert(mailOutbox)
    .values(
      messages.map((m) => ({
        toAddress: m.to,
        template: m.template,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html ?? null,
      })),
    )
    .returning({ id: mailOutbox.id });
  rows.forEach((row, i) => {
    const m = messages[i]!;
    log?.info(
      { mailId: row.id, to: m.to, template: m.template, ...(printBodies ? { body: m.text } : {}) },
      `mail queued: ${m.subject}`,
    );
  });
  return rows.map((r) => r.id);
}

export function createTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}

/** Sends pending outbox messages (at most `batch`), recording successes and failures. Safe to run concurrently. */
export async function deliverPendingMail(db: Db, transport: Transporter, from: string, batch = 50): Promise<number> {
  const pending = await db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAIL_MAX_ATTEMPTS)))
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
      await transport.sendMail({
        from,
        to: m.toAddress,
        subject: m.subject,
        text: m.textBody,
        html: m.htmlBody ?? undefined,
      });
      // A one-time link does not stay in the database once it has left: the body goes in the same update.
      const redacted = SENSITIVE_MAIL_TEMPLATES.has(m.template) ? { textBody: REDACTED_SENT_BODY, htmlBody: null } : {};
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lastError: null, ...redacted })
        .where(eq(mailOutbox.id, m.id));
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

/**
 * Housekeeping: removes the bodies of sensitive messages (SENSITIVE_MAIL_TEMPLATES) created before `olderThan`
 * that still hold one — sent ones (e.g. sent before bodies were removed at sending), and unsent ones, whose links
 * are dead by now: those are given up (attempts at the maximum), so the dispatcher never sends the stub.
 * Returns how many rows were redacted.
 */
export async function redactExpiredMailBodies(db: Queryable, olderThan: Date): Promise<number> {
  const templates = [...SENSITIVE_MAIL_TEMPLATES];
  if (templates.length === 0) return 0;
  const old = and(
    inArray(mailOutbox.template, templates),
    lt(mailOutbox.createdAt, olderThan),
    notInArray(mailOutbox.textBody, [REDACTED_SENT_BODY, REDACTED_EXPIRED_BODY]),
  );
  const sent = await db
    .update(mailOutbox)
    .set({ textBody: REDACTED_SENT_BODY, htmlBody: null })
    .where(and(old, isNotNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  const unsent = await db
    .update(mailOutbox)
    .set({
      textBody: REDACTED_EXPIRED_BODY,
      htmlBody: null,
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: 'non inviato: il link personale è scaduto',
    })
    .where(and(old, isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return sent.length + unsent.length;
}
