import type { CategorySettingView, Notification, NotificationSettings } from '@timbro/shared';
import { NOTIFICATION_CATEGORIES } from '@timbro/shared/notifications';
import { demoUser, demoWorkspaces, json } from '../../testing/fake-api';

/** Test data of the notification centre and the settings page. */

export const adminSession = {
  'GET /user': () => json(200, demoUser),
  'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
};

export const memberSession = {
  'GET /user': () =>
    json(200, {
      ...demoUser,
      id: 'u-mario',
      first_name: 'Mario',
      last_name: 'Rossi',
      email: 'mario.rossi@demo.timbro.it',
      workspace_roles: [{ ...demoUser.workspace_roles[0]!, admin: false, accountant: false, member: true }],
    }),
  'GET /workspace/list': () => json(200, demoWorkspaces, { 'x-workspace-id': 'ws-demo' }),
};

export const accountantSession = {
  ...memberSession,
  'GET /user': () =>
    json(200, {
      ...demoUser,
      id: 'u-carla',
      first_name: 'Carla',
      last_name: 'Conti',
      workspace_roles: [{ ...demoUser.workspace_roles[0]!, admin: false, accountant: true, member: false }],
    }),
};

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
