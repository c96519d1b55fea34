import type { CategorySettingView, Notification, NotificationSettings } from '@timbro/shared';
import { NOTIFICATION_CATEGORIES } from '@timbro/shared/notifications';
import { demoUserWith, marioUser, sessionOf } from '../../testing/fake-api';

/** Test data of the notification centre and the settings page. */

export const adminSession = sessionOf();

export const memberSession = sessionOf({ ...marioUser, email: 'mario.rossi@demo.timbro.it' });

export const accountantSession = sessionOf(
  demoUserWith(
    { admin: false, accountant: true, member: false },
    { id: 'u-carla', first_name: 'Carla', last_name: 'Conti' },
  ),
);

export function notification(over: Partial<Notification> = {}): Notification {
  return {
    id: 'n-1',
    type: 'paycheck.published',
    category: 'paychecks',
    title: 'Il tuo cedolino di ottobre 2026 è disponibile',
    body: '',
    params: { year: 2026, month: 10 },
    link: '/member/paycheck',
    readAt: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...over,
  };
}

export const announcement = (over: Partial<Notification> = {}) =>
  notification({
    id: 'n-ann',
    type: 'announcement.published',
    category: 'announcements',
    title: 'Chiusura estiva',
    body: "L'ufficio resta chiuso dal 10 al 21 agosto.",
    params: { title: 'Chiusura estiva', requiresAck: true },
    link: '/member/announcement/a-1',
    ...over,
  });

export const listPage = (items: Notification[], over: { total?: number; page?: number; unread?: number } = {}) => ({
  items,
  total: over.total ?? items.length,
  page: over.page ?? 1,
  perPage: 10,
  unread: over.unread ?? items.filter((n) => n.readAt === null).length,
});

/**
 * A server-sent events body the test writes to: `unread(n)` sends the count as the server does; the handler answers
 * GET /notification/stream with it (a new body per connection).
 */
export function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let connections = 0;
  return {
    get connections() {
      return connections;
    },
    handler: () => {
      connections += 1;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    },
    unread(n: number) {
      controller?.enqueue(encoder.encode(`event: unread\ndata: {"unread":${n}}\n\n`));
    },
  };
}

const LOCKED = new Set(['account']);

/** The settings view: every category on, e-mail at once, from the product's standard unless told. */
export function settings(over: Partial<Record<string, Partial<CategorySettingView>>> = {}): NotificationSettings {
  return {
    categories: NOTIFICATION_CATEGORIES.map((category) => ({
      category,
      web: true,
      app: true,
      email: 'instant' as const,
      source: 'default' as const,
      lockedTypes: LOCKED.has(category)
        ? ['invitation.received', 'account.password_reset', 'account.password_changed', 'account.email_changed']
        : [],
      locked: LOCKED.has(category),
      ...over[category],
    })),
  };
}
