import { notifyMsg } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { notifications } from '../src/db/schema';
import { notificationRoutes } from '../src/modules/notifications/notifications.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { buildDocumentNotice } from './factories';
import { membershipOf } from './helpers';

/**
 * Access to every notification route (access-table.ts): 401 without a session, 403 for a role a route does not grant
 * (the workspace defaults are the admin's), every role reaches its own centre and settings, and nobody reaches a
 * notification of someone else — of the same workspace or of another.
 */

const t = useAccessContext();
let mine: string;
let betaOne: string;
let colleagues: string;

const tell = (workspaceId: string, userInfoId: string) => buildDocumentNotice(t.ctx, workspaceId, userInfoId);

beforeAll(async () => {
  const mario = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo))!.id;
  const paolo = (await membershipOf(t.ctx, 'paolo.lombardi@beta.timbro.it', t.ctx.ws.beta))!.id;
  const admin = (await membershipOf(t.ctx, 'admin@demo.timbro.it', t.ctx.ws.demo))!.id;
  mine = await tell(t.ctx.ws.demo, mario);
  betaOne = await tell(t.ctx.ws.beta, paolo);
  colleagues = await tell(t.ctx.ws.demo, admin);
});

const settings = { categories: [{ category: 'documents', web: true, app: true, email: 'digest' }] };
const badSettings = { categories: [{ category: 'nope', web: true, app: true, email: 'sometimes' }] };
const everyone = ['admin', 'accountant', 'member'] as const;

const ROUTES: AccessRoute[] = [
  { route: 'GET /notification', grants: [...everyone], call: () => ({ url: '/notification' }), probeStatus: 200 },
  {
    route: 'GET /notification/unread-count',
    grants: [...everyone],
    call: () => ({ url: '/notification/unread-count' }),
    probeStatus: 200,
  },
  // A plain request (no Accept: text/event-stream) is answered at once: the probe does not hang on a stream.
  {
    route: 'GET /notification/stream',
    grants: [...everyone],
    call: () => ({ url: '/notification/stream' }),
    probeStatus: 400,
  },
  {
    route: 'POST /notification/:id/read',
    grants: [...everyone],
    call: () => ({ url: `/notification/${mine}/read` }),
    probe: () => ({ url: '/notification/x/read' }),
    probeStatus: 400,
    foreign: {
      as: 'member',
      call: () => ({ url: `/notification/${betaOne}/read` }),
      message: notifyMsg.notificationNotFound,
    },
  },
  {
    route: 'POST /notification/read-all',
    grants: [...everyone],
    call: () => ({ url: '/notification/read-all' }),
    probeStatus: 200,
  },
  {
    route: 'GET /notification/settings',
    grants: [...everyone],
    call: () => ({ url: '/notification/settings' }),
    probeStatus: 200,
  },
  {
    route: 'POST /notification/settings',
    grants: [...everyone],
    call: () => ({ url: '/notification/settings', body: settings }),
    probe: () => ({ url: '/notification/settings', body: badSettings }),
    probeStatus: 400,
  },
  {
    route: 'DELETE /notification/settings',
    grants: [...everyone],
    call: () => ({ url: '/notification/settings' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/setting/notification',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/admin/setting/notification' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/setting/notification',
    grants: ['admin'],
    call: () => ({ url: '/admin/setting/notification', body: settings }),
    probe: () => ({ url: '/admin/setting/notification', body: badSettings }),
    probeStatus: 400,
  },
];

describeAccessTable(
  {
    module: 'notifications',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [notificationRoutes],
    routeCount: 10,
  },
  () => {
    it('a colleague’s notification of the same workspace is not found, and stays unread', async () => {
      const admin = (await membershipOf(t.ctx, 'admin@demo.timbro.it', t.ctx.ws.demo))!.id;
      colleagues = await tell(t.ctx.ws.demo, admin);
      const res = await t.ctx.post(`/notification/${colleagues}/read`, undefined, {
        session: t.sessions.member,
        workspace: t.ctx.ws.demo,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(notifyMsg.notificationNotFound);
      const [row] = await t.ctx.db.select().from(notifications).where(eq(notifications.id, colleagues));
      expect(row!.readAt).toBeNull();
    });

    it('each person lists only their own notifications', async () => {
      const list = (await t.ctx.get('/notification', { session: t.sessions.member, workspace: t.ctx.ws.demo })).json();
      expect((list.items as { id: string }[]).map((n) => n.id)).toContain(mine);
      expect((list.items as { id: string }[]).map((n) => n.id)).not.toContain(colleagues);
      expect((list.items as { id: string }[]).map((n) => n.id)).not.toContain(betaOne);
    });
  },
);
