import { shiftMsg } from '@timbro/shared';
import { beforeAll, expect, it } from 'vitest';
import { workShiftRoutes } from '../src/modules/work-shifts/work-shifts.routes';
import { describeAccessTable, useAccessContext, type AccessRoute } from './access-table';
import { buildEmployee, buildWaitingSwap } from './factories';
import { membershipOf, type Session } from './helpers';

/**
 * Access to every work-shift and swap route (access-table.ts): 401, 403 for the roles a route does not grant (the
 * consultant has none; the employee none of the admin's; the admin not the employee's own), the granted roles get
 * past, and Beta's shifts and swaps used from Demo are not found — for the admin and for the employee.
 */

const t = useAccessContext();
let demoShift: string;
let marioShift: string;
let demoSwap: string;
let betaShift: string;
let betaSwap: string;
let marioId: string;

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function planned(s: Session, workspace: string, userInfoId: string, date: string) {
  const res = await t.ctx.post(
    '/admin/work-shift',
    { date, userInfoIds: [userInfoId], startMinutes: 480, endMinutes: 960, pauseMinutes: 30 },
    { session: s, workspace },
  );
  expect(res.statusCode, res.body).toBe(201);
  const pub = await t.ctx.post(
    '/admin/work-shift/publish',
    { from: date, to: date, overrideNote: 'Turno di prova' },
    { session: s, workspace },
  );
  expect(pub.json().published, pub.body).toBe(1);
  return res.json().shifts[0].id as string;
}

beforeAll(async () => {
  const demo = t.ctx.ws.demo;
  const beta = t.ctx.ws.beta;
  const mario = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', demo))!.id;
  marioId = mario;
  const colleague = await buildEmployee(t.ctx, demo, { firstName: 'Collega', lastName: 'Turnista' });
  marioShift = await planned(t.sessions.admin, demo, mario, day(45));
  demoShift = await planned(t.sessions.admin, demo, colleague.userInfoId, day(46));
  const asked = await t.ctx.post(
    '/member/shift-swap',
    { sourceShiftId: marioShift, targetShiftId: demoShift, targetUserInfoId: colleague.userInfoId },
    { session: t.sessions.member, workspace: demo },
  );
  expect(asked.statusCode, asked.body).toBe(201);
  demoSwap = asked.json().swap.id;
  const paolo = (await membershipOf(t.ctx, 'paolo.lombardi@beta.timbro.it', beta))!.id;
  const other = await buildEmployee(t.ctx, beta, { firstName: 'Altro', lastName: 'Beta' });
  betaShift = await planned(t.betaAdmin, beta, paolo, day(45));
  const betaOther = await planned(t.betaAdmin, beta, other.userInfoId, day(46));
  const swap = await buildWaitingSwap(t.ctx, beta, {
    source: betaShift,
    target: betaOther,
    requester: paolo,
    colleague: other.userInfoId,
    date: day(45),
  });
  betaSwap = swap.id;
});

const shiftNotFound = shiftMsg.shiftNotFound;
const swapNotFound = shiftMsg.swapNotFound;
// Far enough ahead to stay clear of the demo's own shifts (next week and the one after).
const range = () => ({ from: day(40), to: day(60) });
const badShift = { date: 'x', userInfoIds: [] };

const ROUTES: AccessRoute[] = [
  {
    route: 'GET /admin/work-shift',
    grants: ['admin'],
    call: () => ({ url: '/admin/work-shift', query: range() }),
    probeStatus: 200,
  },
  {
    route: 'POST /admin/work-shift',
    grants: ['admin'],
    call: () => ({ url: '/admin/work-shift', body: badShift }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/work-shift/check',
    grants: ['admin'],
    call: () => ({ url: '/admin/work-shift/check', body: badShift }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/work-shift/publish',
    grants: ['admin'],
    call: () => ({ url: '/admin/work-shift/publish', body: { from: 'x' } }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/work-shift/copy-week',
    grants: ['admin'],
    call: () => ({ url: '/admin/work-shift/copy-week', body: { from: 'x' } }),
    probeStatus: 400,
  },
  {
    route: 'GET /admin/work-shift/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/work-shift/${demoShift}` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/work-shift/${betaShift}` }), message: shiftNotFound },
  },
  {
    route: 'POST /admin/work-shift/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/work-shift/${demoShift}`, body: badShift }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({
        url: `/admin/work-shift/${betaShift}`,
        body: { date: day(47), userInfoIds: [marioId], startMinutes: 480, endMinutes: 960 },
      }),
      message: shiftNotFound,
    },
  },
  {
    route: 'DELETE /admin/work-shift/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/work-shift/${demoShift}` }),
    probe: () => ({ url: '/admin/work-shift/x' }),
    probeStatus: 400,
    foreign: { as: 'admin', call: () => ({ url: `/admin/work-shift/${betaShift}` }), message: shiftNotFound },
  },
  {
    route: 'GET /admin/shift-swap',
    grants: ['admin'],
    call: () => ({ url: '/admin/shift-swap' }),
    probeStatus: 200,
  },
  {
    route: 'GET /admin/shift-swap/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/shift-swap/${demoSwap}` }),
    probeStatus: 200,
    foreign: { as: 'admin', call: () => ({ url: `/admin/shift-swap/${betaSwap}` }), message: swapNotFound },
  },
  {
    route: 'POST /admin/shift-swap/:id/approve',
    grants: ['admin'],
    call: () => ({ url: `/admin/shift-swap/${demoSwap}/approve`, body: {} }),
    probe: () => ({ url: '/admin/shift-swap/x/approve', body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/shift-swap/${betaSwap}/approve`, body: {} }),
      message: swapNotFound,
    },
  },
  {
    route: 'POST /admin/shift-swap/:id/reject',
    grants: ['admin'],
    call: () => ({ url: `/admin/shift-swap/${demoSwap}/reject`, body: {} }),
    probe: () => ({ url: '/admin/shift-swap/x/reject', body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/shift-swap/${betaSwap}/reject`, body: {} }),
      message: swapNotFound,
    },
  },
  {
    route: 'GET /member/work-shift',
    grants: ['member'],
    call: () => ({ url: '/member/work-shift', query: range() }),
    probeStatus: 200,
  },
  {
    route: 'GET /member/work-shift/calendar-feed',
    grants: ['member'],
    call: () => ({ url: '/member/work-shift/calendar-feed' }),
    probeStatus: 200,
  },
  {
    route: 'POST /member/work-shift/calendar-feed',
    grants: ['member'],
    call: () => ({ url: '/member/work-shift/calendar-feed', body: {} }),
    probeStatus: 200,
  },
  {
    route: 'POST /member/work-shift/calendar-feed/settings',
    grants: ['member'],
    call: () => ({ url: '/member/work-shift/calendar-feed/settings', body: { showAbsenceType: false } }),
    probe: () => ({ url: '/member/work-shift/calendar-feed/settings', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'DELETE /member/work-shift/calendar-feed',
    grants: ['member'],
    call: () => ({ url: '/member/work-shift/calendar-feed' }),
    probeStatus: 200,
  },
  {
    route: 'GET /member/work-shift/:id/swap-candidates',
    grants: ['member'],
    call: () => ({ url: `/member/work-shift/${marioShift}/swap-candidates` }),
    probeStatus: 200,
    foreign: {
      as: 'member',
      call: () => ({ url: `/member/work-shift/${betaShift}/swap-candidates` }),
      message: shiftNotFound,
    },
  },
  {
    route: 'POST /member/shift-swap',
    grants: ['member'],
    call: () => ({ url: '/member/shift-swap', body: { sourceShiftId: 'x' } }),
    probeStatus: 400,
  },
  {
    route: 'GET /member/shift-swap',
    grants: ['member'],
    call: () => ({ url: '/member/shift-swap' }),
    probeStatus: 200,
  },
  {
    route: 'GET /member/shift-swap/:id',
    grants: ['member'],
    call: () => ({ url: `/member/shift-swap/${demoSwap}` }),
    probeStatus: 200,
    foreign: { as: 'member', call: () => ({ url: `/member/shift-swap/${betaSwap}` }), message: swapNotFound },
  },
  {
    route: 'POST /member/shift-swap/:id/accept',
    grants: ['member'],
    call: () => ({ url: `/member/shift-swap/${demoSwap}/accept`, body: {} }),
    probe: () => ({ url: '/member/shift-swap/x/accept', body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'member',
      call: () => ({ url: `/member/shift-swap/${betaSwap}/accept`, body: {} }),
      message: swapNotFound,
    },
  },
  {
    route: 'POST /member/shift-swap/:id/decline',
    grants: ['member'],
    call: () => ({ url: `/member/shift-swap/${demoSwap}/decline`, body: {} }),
    probe: () => ({ url: '/member/shift-swap/x/decline', body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'member',
      call: () => ({ url: `/member/shift-swap/${betaSwap}/decline`, body: {} }),
      message: swapNotFound,
    },
  },
];

describeAccessTable(
  {
    module: 'work-shifts',
    routes: ROUTES,
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [workShiftRoutes],
    routeCount: 23,
  },
  () => {
    it('nothing of the refused or foreign calls was written: the shifts and swaps are as they were', async () => {
      const shift = await t.ctx.get(`/admin/work-shift/${demoShift}`, {
        session: t.sessions.admin,
        workspace: t.ctx.ws.demo,
      });
      expect(shift.json()).toMatchObject({ version: 1, status: 'published' });
      const swap = await t.ctx.get(`/admin/shift-swap/${demoSwap}`, {
        session: t.sessions.admin,
        workspace: t.ctx.ws.demo,
      });
      expect(swap.json().status).toBe('waiting_colleague');
      const beta = await t.ctx.get(`/admin/shift-swap/${betaSwap}`, { session: t.betaAdmin, workspace: t.ctx.ws.beta });
      expect(beta.json().status).toBe('waiting_admin');
    });

    it('a member never sees drafts, nor a colleague’s shifts in their own list', async () => {
      const mario = (await membershipOf(t.ctx, 'mario.rossi@demo.timbro.it', t.ctx.ws.demo))!.id;
      await t.ctx.post(
        '/admin/work-shift',
        { date: day(47), userInfoIds: [mario], startMinutes: 480, endMinutes: 960 },
        { session: t.sessions.admin, workspace: t.ctx.ws.demo },
      );
      const mine = await t.ctx.get('/member/work-shift', {
        session: t.sessions.member,
        workspace: t.ctx.ws.demo,
        query: range(),
      });
      expect(mine.json().shifts.map((s: { id: string }) => s.id)).toEqual([marioShift]);
    });
  },
);
