import { docMsg, peopleMsg } from '@timbro/shared';
import { beforeAll, expect, it } from 'vitest';
import { documentRoutes } from '../src/modules/documents/documents.routes';
import { buildEmployee } from './factories';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { membershipOf, type Session } from './helpers';
import { pdf } from './upload-corpus';

/**
 * Access to every document route (access-table.ts): 401, 403 for the roles a route does not grant (before the upload
 * is read: the labour consultant has no document permission at all, the employee none of the admin's, the admin and
 * the consultant not the employee's own routes), the granted roles get past, and Beta's documents or employees used
 * from Demo are not found.
 */

const t = useAccessContext();
let mario: string;
let paolo: string;
let demoDoc: string;
let betaDoc: string;

async function fileDocument(session: Session, workspace: string, userInfoId: string, label: string) {
  const form = new FormData();
  form.append('label', label);
  form.append('file', new Blob([pdf([['DOCUMENTO']])]), 'documento.pdf');
  const res = await t.ctx.request('POST', `/admin/user/${userInfoId}/document`, form, { session, workspace });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

beforeAll(async () => {
  mario = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo))!.id;
  paolo = (await membershipOf(t.ctx, 'paolo.lombardi@beta.timbro.it', t.ctx.ws.beta))!.id;
  demoDoc = await fileDocument(t.sessions.admin, t.ctx.ws.demo, mario, 'Contratto di assunzione');
  betaDoc = await fileDocument(t.betaAdmin, t.ctx.ws.beta, paolo, 'Attestato sicurezza');
});

const notFound = docMsg.documentNotFound;
const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/document',
    grants: ['admin'],
    call: () => ({ url: '/admin/document' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/user/:id/document',
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${mario}/document` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/user/${paolo}/document` }), message: peopleMsg.userNotFound },
  },
  {
    route: 'POST /admin/user/:id/document',
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${mario}/document`, body: { label: 'Contratto' } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/user/${paolo}/document`, body: {} }),
      message: peopleMsg.userNotFound,
    },
  },
  {
    route: 'GET /admin/document/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/document/${demoDoc}` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/document/${betaDoc}` }), message: notFound },
  },
  {
    route: 'POST /admin/document/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/document/${demoDoc}`, body: { label: 'Contratto' } }),
    probe: () => ({ url: `/admin/document/${demoDoc}`, body: {} }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/document/${betaDoc}`, body: {} }), message: notFound },
  },
  {
    route: 'DELETE /admin/document/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/document/${demoDoc}` }),
    probe: () => ({ url: '/admin/document/x' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/document/${betaDoc}` }), message: notFound },
  },
  {
    route: 'GET /admin/document/:id/attachment',
    grants: ['admin'],
    call: () => ({ url: `/admin/document/${demoDoc}/attachment` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/document/${betaDoc}/attachment` }), message: notFound },
  },
  {
    route: 'GET /admin/document/settings',
    grants: ['admin'],
    call: () => ({ url: '/admin/document/settings' }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/document/settings',
    grants: ['admin'],
    call: () => ({ url: '/admin/document/settings', body: { reminderDays: [30, 7, 0] } }),
    probe: () => ({ url: '/admin/document/settings', body: { reminderDays: [-1] } }),
    probeStatus: 400,
  },
  { route: 'GET /member/document', grants: ['member'], call: () => ({ url: '/member/document' }), probeStatus: 200 },
  {
    route: 'GET /member/document/:id',
    grants: ['member'],
    call: () => ({ url: `/member/document/${demoDoc}` }),
    probeStatus: 200,
    foreign: { as: 'member', call: () => ({ url: `/member/document/${betaDoc}` }), message: notFound },
  },
  {
    route: 'GET /member/document/:id/attachment',
    grants: ['member'],
    call: () => ({ url: `/member/document/${demoDoc}/attachment` }),
    probeStatus: 200,
    foreign: { as: 'member', call: () => ({ url: `/member/document/${betaDoc}/attachment` }), message: notFound },
  },
];

describeAccessTable(
  {
    module: 'documents',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [documentRoutes],
    routeCount: 12,
  },
  () => {
    it('nothing of the refused or foreign calls was written: both documents are still there, unchanged', async () => {
      const demo = await t.ctx.get(`/admin/document/${demoDoc}`, {
        session: t.sessions.admin,
        workspace: t.ctx.ws.demo,
      });
      const beta = await t.ctx.get(`/admin/document/${betaDoc}`, { session: t.betaAdmin, workspace: t.ctx.ws.beta });
      expect(demo.json()).toMatchObject({ label: 'Contratto di assunzione', userInfo: { id: mario } });
      expect(beta.json()).toMatchObject({ label: 'Attestato sicurezza', userInfo: { id: paolo } });
    });

    it('an employee never reaches another employee’s document of the same workspace', async () => {
      const colleague = (await buildEmployee(t.ctx, t.ctx.ws.demo)).userInfoId;
      const theirs = await fileDocument(t.sessions.admin, t.ctx.ws.demo, colleague, 'Visita medica');
      const member = { session: t.sessions.member, workspace: t.ctx.ws.demo };
      for (const url of [`/member/document/${theirs}`, `/member/document/${theirs}/attachment`]) {
        const res = await t.ctx.get(url, member);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe(notFound);
      }
      const list = (await t.ctx.get('/member/document', member)).json();
      expect((list.items as { id: string }[]).map((d) => d.id)).toEqual([demoDoc]);
    });
  },
);
