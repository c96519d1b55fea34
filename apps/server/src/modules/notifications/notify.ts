import { categoryOf, isLocked, type NotificationType } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import { enqueueMail, enqueueMails, type MailLogger } from '../../lib/mail';
import * as repo from './notifications.repository';

/** The PostgreSQL channel of live updates: the payload is `<workspace id>:<user info id>`. */
export const LIVE_CHANNEL = 'timbro_notifications';
export const liveKey = (workspaceId: string, userInfoId: string) => `${workspaceId}:${userInfoId}`;

/** An Italian e-mail (each module keeps its templates next to it, in `<module>.mails.ts`). */
export interface MailContent {
  template: string;
  subject: string;
  text: string;
}

export type NotificationParams = Record<string, string | number | boolean | null>;

/**
 * One event of the catalogue (`NOTIFICATION_TYPES`), for some people of a workspace. The title and body are the
 * Italian texts the mobile app shows; the web renders its own language from the type and `params`. `link` is the
 * record's page (relative); the mail gets it absolute.
 */
export interface NotifyEvent {
  type: NotificationType;
  to: { userInfoIds: string[] } | { admins: true } | { roles: ('admin' | 'accountant')[] } | { everyone: true };
  /** People not to tell (the person who did the thing). */
  except?: string[];
  title: string;
  body?: string;
  link?: string | null;
  params?: NotificationParams;
  /** Makes the event safe to repeat (a job resumed after a crash): a person gets one row per key. */
  dedupeKey?: string;
  /** The instant e-mail for one recipient; `link` is absolute. */
  mail: (r: { firstName: string; link: string }) => MailContent;
}

/**
 * What an event says: its Italian title and body and its e-mail. Each event has one builder returning it, in its
 * module's `<module>.mails.ts` beside the other Italian texts (the title is the mail's subject where they say the same);
 * the caller spreads it into `notify` (lint refuses a literal title or body there).
 */
export type Notice = Pick<NotifyEvent, 'title' | 'body' | 'mail'>;

export interface NotifyCtx {
  scope: WorkspaceScope;
  /** PUBLIC_URL: the mails' links are absolute. */
  publicUrl: string;
  log?: MailLogger | null;
}

export interface Told {
  userInfoId: string;
  notificationId: string;
  web: boolean;
  email: 'instant' | 'digest' | null;
}

/**
 * The one way the product tells people something (ADR 0020). Inside the caller's transaction: resolves the
 * recipients with their settings for the event's category (one statement), writes a row for each person who gets it
 * on some channel (one statement; a repeated dedupe key is skipped), queues the instant e-mails in the outbox (one
 * statement) and signals the live channel, which PostgreSQL delivers at commit. A rollback leaves nothing: no row,
 * no mail, no signal. Digest e-mails leave with the daily digest job; the outbox job sends the rest after commit.
 * A locked type (account security) is delivered on every channel whatever the settings say.
 */
export async function notify(q: Queryable, ctx: NotifyCtx, event: NotifyEvent): Promise<Told[]> {
  const category = categoryOf(event.type);
  const locked = isLocked(event.type);
  const except = new Set(event.except ?? []);
  const people = (await repo.resolveRecipients(q, ctx.scope, category, event.to)).filter(
    (r) => !except.has(r.userInfoId),
  );
  const chosen = people
    .map((p) => ({
      ...p,
      web: locked || p.web,
      app: locked || p.app,
      mail: locked ? ('instant' as const) : p.emailMode === 'off' ? null : p.emailMode,
    }))
    .filter((p) => p.web || p.app || p.mail !== null);
  if (chosen.length === 0) return [];
  const inserted = await repo.insertNotifications(
    q,
    ctx.scope,
    chosen.map((p) => ({
      userInfoId: p.userInfoId,
      type: event.type,
      category,
      title: event.title,
      body: event.body ?? '',
      link: event.link ?? null,
      params: event.params ?? {},
      web: p.web,
      app: p.app,
      email: p.mail,
      dedupeKey: event.dedupeKey ?? null,
    })),
  );
  const byPerson = new Map(chosen.map((p) => [p.userInfoId, p]));
  const told: Told[] = inserted.map((r) => {
    const p = byPerson.get(r.userInfoId)!;
    return { userInfoId: r.userInfoId, notificationId: r.id, web: p.web, email: p.mail };
  });
  const link = `${ctx.publicUrl}${event.link ?? '/dashboard'}`;
  const instant = told.filter((t) => t.email === 'instant');
  const mailIds = await enqueueMails(
    q,
    instant.map((t) => {
      const p = byPerson.get(t.userInfoId)!;
      return { to: p.email, ...event.mail({ firstName: p.firstName, link }) };
    }),
    ctx.log,
  );
  await repo.setMailIds(
    q,
    ctx.scope,
    instant.map((t, i) => ({ id: t.notificationId, mailId: mailIds[i]! })),
  );
  await repo.signal(
    q,
    LIVE_CHANNEL,
    told.filter((t) => t.web).map((t) => liveKey(ctx.scope.workspaceId, t.userInfoId)),
  );
  return told;
}

/**
 * An account's own security messages (a password reset, a changed password or e-mail, an invitation to a company):
 * they concern the account, not a workspace, so they have no notification centre row; they are locked types, always
 * sent at once. Queued in the caller's transaction like every mail.
 */
export async function notifyAccount(
  q: Queryable,
  event: { type: NotificationType; to: { email: string }; mail: MailContent },
  log?: MailLogger | null,
) {
  if (!isLocked(event.type)) throw new Error(`notifyAccount: ${event.type} is not an account type`);
  return enqueueMail(q, { to: event.to.email, ...event.mail }, log);
}
