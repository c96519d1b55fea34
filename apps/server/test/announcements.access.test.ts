import { annMsg } from '@timbro/shared';
import { beforeAll, expect, it } from 'vitest';
import { announcementRoutes } from '../src/modules/announcements/announcements.routes';
import { runAnnouncementJob } from '../src/modules/announcements/announcements.job';
import { announcementForm, attachment, createAnnouncement } from './announcement-forms';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { membershipOf } from './helpers';

/**
 * Access to every announcement route (access-table.ts): 401, 403 for the roles a route does not grant (the
 * consultant has none; the employee none of the admin's; the admin not the employee's own list), the granted roles
 * get past, and Beta's announcements used from Demo are not found — for the admin and for the employee.
 */

const t = useAccessContext();
let demoAnn: string;
let demoFile: string;
let betaAnn: string;
let betaFile: string;

beforeAll(async () => {
  const mario = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo))!.id;
  const paolo = (await membershipOf(t.ctx, 'paolo.lombardi@beta.timbro.it', t.ctx.ws.beta))!.id;
  const demo = await createAnnouncement(t.ctx, t.sessions.admin, t.ctx.ws.demo, {
    audience: { userInfoIds: [mario] },
    requiresAck: true,
    files: [attachment()],
  });
  const beta = await createAnnouncement(t.ctx, t.betaAdmin, t.ctx.ws.beta, {
    audience: { userInfoIds: [paolo] },
    requiresAck: true,
    files: [attachment()],
  });
  [demoAnn, demoFile, betaAnn, betaFile] = [demo.id, demo.attachments[0]!.id, beta.id, beta.attachments[0]!.id];
  // Sent now: processed by the job (both workspaces).
  await runAnnouncementJob(t.ctx.deps, undefined, () => new Date(Date.now() + 1000));
});

const notFound = annMsg.announcementNotFound;
const form = () => announcementForm({ title: '' });

const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/announcement',
    grants: ['admin'],
    call: () => ({ url: '/admin/announcement' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/announcement',
    grants: ['admin'],
    call: () => ({ url: '/admin/announcement', body: form() }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/announcement/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/announcement/${demoAnn}` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/announcement/${betaAnn}` }), message: notFound },
  },
  {
    route: 'POST /admin/announcement/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/announcement/${demoAnn}`, body: form() }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/announcement/${betaAnn}`, body: form() }), message: notFound },
  },
  {
    route: 'DELETE /admin/announcement/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/announcement/${demoAnn}` }),
    probe: () => ({ url: '/admin/announcement/x' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/announcement/${betaAnn}` }), message: notFound },
  },
  {
    route: 'GET /admin/announcement/:id/reach',
    grants: ['admin'],
    call: () => ({ url: `/admin/announcement/${demoAnn}/reach` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/announcement/${betaAnn}/reach` }), message: notFound },
  },
  {
    route: 'POST /admin/announcement/:id/remind',
    grants: ['admin'],
    call: () => ({ url: `/admin/announcement/${demoAnn}/remind` }),
    probe: () => ({ url: '/admin/announcement/x/remind' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/announcement/${betaAnn}/remind` }), message: notFound },
  },
  {
    route: 'GET /admin/announcement/:id/attachment/:fileId',
    grants: ['admin'],
    call: () => ({ url: `/admin/announcement/${demoAnn}/attachment/${demoFile}` }),
    probeStatus: 200,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/announcement/${betaAnn}/attachment/${betaFile}` }),
      message: notFound,
    },
  },
  {
    route: 'GET /member/announcement',
    grants: ['member'],
    call: () => ({ url: '/member/announcement' }),
    probeStatus: 200,
  },
  {
    route: 'GET /member/announcement/:id',
    grants: ['member'],
    call: () => ({ url: `/member/announcement/${demoAnn}` }),
    probeStatus: 200,
    foreign: { as: 'member', call: () => ({ url: `/member/announcement/${betaAnn}` }), message: notFound },
  },
  {
    route: 'POST /member/announcement/:id/acknowledge',
    grants: ['member'],
    call: () => ({ url: `/member/announcement/${demoAnn}/acknowledge` }),
    probe: () => ({ url: '/member/announcement/x/acknowledge' }),
    probeStatus: 400,
    foreign: { as: 'member', call: () => ({ url: `/member/announcement/${betaAnn}/acknowledge` }), message: notFound },
  },
  {
    route: 'GET /member/announcement/:id/attachment/:fileId',
    grants: ['member'],
    call: () => ({ url: `/member/announcement/${demoAnn}/attachment/${demoFile}` }),
    probeStatus: 200,
    foreign: {
      as: 'member',
      call: () => ({ url: `/member/announcement/${betaAnn}/attachment/${betaFile}` }),
      message: notFound,
    },
  },
];

describeAccessTable(
  {
    module: 'announcements',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [announcementRoutes],
    routeCount: 12,
  },
  () => {
    it('nothing of the refused or foreign calls was written: both announcements are still there, unchanged', async () => {
      const demo = await t.ctx.get(`/admin/announcement/${demoAnn}`, {
        session: t.sessions.admin,
        workspace: t.ctx.ws.demo,
      });
      const beta = await t.ctx.get(`/admin/announcement/${betaAnn}`, {
        session: t.betaAdmin,
        workspace: t.ctx.ws.beta,
      });
      expect(demo.json()).toMatchObject({ title: 'Chiusura estiva', state: 'published', remindedAt: null });
      expect(beta.json()).toMatchObject({ title: 'Chiusura estiva', state: 'published', remindedAt: null });
      expect(beta.json().reach).toMatchObject({ recipients: 1, opened: 0, acknowledged: 0 });
    });
  },
);
