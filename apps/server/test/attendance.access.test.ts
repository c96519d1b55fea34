import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { justificationRequests, justifications, punches } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import type { RequestCtx } from '../src/plugins/request-context';
import { attendanceData } from '../src/modules/attendance/attendance-data.service';
import { attendanceRoutes } from '../src/modules/attendance/attendance.routes';
import { clock } from '../src/modules/attendance/punches.service';
import { createOwnRequest } from '../src/modules/attendance/requests.service';
import type { Membership } from '../src/plugins/request-context';
import { buildPunch, buildRequest } from './factories';
import {
  describeAccessTable,
  foreignCalls,
  listAndCreateRoutes,
  type AccessRoute,
  type AccessTable,
  type WorkspaceRole,
} from './access-table';
import {
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  membershipOf,
  useDemoContext,
  type Session,
  type TestContext,
} from './helpers';

/**
 * Access to every attendance route, table-driven: 401 without a session, 403 for each role the route does not grant
 * (before the body is validated), the allowed roles get past the check, and another workspace's records read as not
 * found (404 with the Italian text). The generated tests come from the shared access-table helper (access-table.ts).
 */

let ctx: TestContext;
const session = {} as Record<WorkspaceRole, Session>;
let betaAdmin: Session;
let marioId: string;
let giuliaId: string;
let paoloId: string;
let demoRequestId: string;
let betaRequestId: string;
let demoPunchId: string;
let betaPunchId: string;
let ferId: string;

const TZ = 'Europe/Rome';
const PUNCH = { at: '2026-06-08 09:00:00', direction: 'in', reason: 'Badge dimenticato' };
const REQUEST = () => ({ date: '2026-06-09', justificationId: ferId, wholeDay: true });
const RANGE = { from: '2026-06-01', to: '2026-06-07' };

/**
 * A request's own routes on one side (the employee's own, or the admin's): edit, move by days, delete. The granted
 * role's probes are a malformed id, a move by `badMove` days and a malformed id; Beta's request is not found.
 */
function requestRecordRoutes(side: 'member' | 'admin', badMove: number): AccessRoute[] {
  const path = `/${side}/justification-request` as const;
  const foreign = (call: () => { url: string; body?: unknown }) => ({
    as: side,
    call,
    message: 'Richiesta non trovata',
  });
  return [
    {
      route: `POST ${path}/:id`,
      grants: [side],
      call: () => ({ url: `${path}/${demoRequestId}`, body: REQUEST() }),
      probe: () => ({ url: `${path}/x`, body: REQUEST() }),
      probeStatus: 400,
      foreign: foreign(() => ({ url: `${path}/${betaRequestId}`, body: REQUEST() })),
    },
    {
      route: `POST ${path}/:id/move`,
      grants: [side],
      call: () => ({ url: `${path}/${demoRequestId}/move`, body: { days: 1 } }),
      probe: () => ({ url: `${path}/${demoRequestId}/move`, body: { days: badMove } }),
      probeStatus: 400,
      foreign: foreign(() => ({ url: `${path}/${betaRequestId}/move`, body: { days: 1 } })),
    },
    {
      route: `DELETE ${path}/:id`,
      grants: [side],
      call: () => ({ url: `${path}/${demoRequestId}` }),
      probe: () => ({ url: `${path}/x` }),
      probeStatus: 400,
      foreign: foreign(() => ({ url: `${path}/${betaRequestId}` })),
    },
  ];
}

const ROUTES: AccessRoute[] = [
  // Clock-ins and own requests: the employee role only.
  ...listAndCreateRoutes('/member/clock', ['member'], ['member'], () => ({ direction: 'in' })),
  ...listAndCreateRoutes('/member/justification-request', ['member'], ['member'], REQUEST),
  ...requestRecordRoutes('member', 2),

  // Requests, admin side: the accountant may read, only the admin writes and decides.
  ...listAndCreateRoutes('/admin/justification-request', ['admin', 'accountant'], ['admin'], () => ({
    ...REQUEST(),
    userInfoIds: [marioId],
  })),
  ...(['approve', 'reject'] as const).map((verb): AccessRoute => ({
    route: `POST /admin/justification-request/${verb}`,
    grants: ['admin'],
    call: () => ({ url: `/admin/justification-request/${verb}`, body: { ids: [demoRequestId] } }),
    probe: () => ({ url: `/admin/justification-request/${verb}`, body: { ids: [] } }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/justification-request/${verb}`, body: { ids: [betaRequestId] } }),
      message: 'Richiesta non trovata',
    },
  })),
  ...requestRecordRoutes('admin', 0),

  // Punches, admin side.
  {
    route: 'GET /admin/user/:id/punch',
    grants: ['admin', 'accountant'],
    call: () => ({ url: `/admin/user/${marioId}/punch`, query: RANGE }),
    probe: () => ({ url: `/admin/user/${marioId}/punch`, query: RANGE }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: `/admin/user/${paoloId}/punch`, query: RANGE }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'POST /admin/user/:id/punch',
    grants: ['admin'],
    call: () => ({ url: `/admin/user/${marioId}/punch`, body: PUNCH }),
    probe: () => ({ url: `/admin/user/${marioId}/punch`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/user/${paoloId}/punch`, body: PUNCH }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'POST /admin/punch/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/punch/${demoPunchId}`, body: PUNCH }),
    probe: () => ({ url: `/admin/punch/${demoPunchId}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/punch/${betaPunchId}`, body: PUNCH }),
      message: 'Timbratura non trovata',
    },
  },
  {
    route: 'DELETE /admin/punch/:id',
    grants: ['admin'],
    call: () => ({ url: `/admin/punch/${demoPunchId}`, body: { reason: 'Doppia' } }),
    probe: () => ({ url: `/admin/punch/${demoPunchId}`, body: {} }),
    probeStatus: 400,
    foreign: {
      as: 'admin',
      call: () => ({ url: `/admin/punch/${betaPunchId}`, body: { reason: 'Doppia' } }),
      message: 'Timbratura non trovata',
    },
  },
  // Without a multipart file the import answers 400 "Carica un file CSV o Excel": nothing is read or written.
  {
    route: 'POST /admin/punch/import/preview',
    grants: ['admin'],
    call: () => ({ url: '/admin/punch/import/preview', body: {} }),
    probe: () => ({ url: '/admin/punch/import/preview', body: {} }),
    probeStatus: 400,
  },
  {
    route: 'POST /admin/punch/import',
    grants: ['admin'],
    call: () => ({ url: '/admin/punch/import', body: {} }),
    probe: () => ({ url: '/admin/punch/import', body: {} }),
    probeStatus: 400,
  },

  // Reads.
  {
    route: 'GET /attendance/attendance-data',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/attendance-data', query: RANGE }),
    probe: () => ({ url: '/attendance/attendance-data', query: RANGE }),
    probeStatus: 200,
    foreign: {
      as: 'accountant',
      call: () => ({ url: '/attendance/attendance-data', query: { ...RANGE, 'user_info_ids[]': [paoloId] } }),
      message: 'Utente non trovato',
    },
  },
  {
    route: 'GET /attendance/user-info/current',
    grants: ['admin', 'accountant', 'member'],
    call: () => ({ url: '/attendance/user-info/current' }),
    probe: () => ({ url: '/attendance/user-info/current' }),
    probeStatus: 200,
  },
  {
    route: 'GET /attendance/attendance-data/timesheet',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/attendance/attendance-data/timesheet', query: RANGE }),
    probe: () => ({ url: '/attendance/attendance-data/timesheet', query: RANGE }),
    probeStatus: 200,
  },
  {
    route: 'GET /attendance/attendance-data/timesheet/export',
    grants: ['admin', 'accountant'],
    call: () => ({ url: '/attendance/attendance-data/timesheet/export', query: RANGE }),
    probe: () => ({ url: '/attendance/attendance-data/timesheet/export', query: { ...RANGE, format: 'doc' } }),
    probeStatus: 400,
  },
];

const TABLE: AccessTable = {
  module: 'attendance',
  routes: ROUTES,
  ctx: () => ctx,
  sessions: () => session,
  plugins: [attendanceRoutes],
  routeCount: 24,
};

const { inDemo, asAdmin } = useDemoContext(async (d) => {
  // One role each: the Demo admin (no employee role), the labour consultant (accountant only) and an employee.
  ({ ctx, betaAdmin } = d);
  Object.assign(session, { admin: d.admin, accountant: d.accountant, member: d.member });
  marioId = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
  giuliaId = (await membershipOf(ctx, 'giulia.esposito@demo.timbro.it', ctx.ws.demo))!.id;
  paoloId = (await membershipOf(ctx, 'paolo.lombardi@beta.timbro.it', ctx.ws.beta))!.id;
  const [fer] = await ctx.db
    .select()
    .from(justifications)
    .where(and(eq(justifications.workspaceId, ctx.ws.demo), eq(justifications.code, 'FER')));
  ferId = fer!.id;
  // A pending request of Mario's and one of Paolo's in Beta; a punch each (09:00 in Rome, 07:00 UTC in summer).
  const request = (workspaceId: string, userInfoId: string) =>
    buildRequest(ctx, workspaceId, userInfoId, { code: 'FER', date: '2026-06-10' });
  demoRequestId = (await request(ctx.ws.demo, marioId)).id;
  betaRequestId = (await request(ctx.ws.beta, paoloId)).id;
  const punch = async (workspaceId: string, userInfoId: string) =>
    (
      await buildPunch(ctx, workspaceId, userInfoId, {
        date: '2026-06-08',
        time: '09:00',
        direction: 'in',
        source: 'import',
      })
    ).id;
  demoPunchId = await punch(ctx.ws.demo, marioId);
  betaPunchId = await punch(ctx.ws.beta, paoloId);
});

describeAccessTable(TABLE, () => {
  it('nothing of the refused or foreign calls was written: the requests and punches are as they were', async () => {
    const [demo] = await ctx.db.select().from(justificationRequests).where(eq(justificationRequests.id, demoRequestId));
    const [beta] = await ctx.db.select().from(justificationRequests).where(eq(justificationRequests.id, betaRequestId));
    expect(demo).toMatchObject({ status: 'open', date: '2026-06-10', decidedAt: null });
    expect(beta).toMatchObject({ status: 'open', date: '2026-06-10', decidedAt: null });
    const rows = await ctx.db.select().from(punches).where(eq(punches.localDate, '2026-06-08'));
    expect(rows.map((p) => p.id).sort()).toEqual([demoPunchId, betaPunchId].sort());
    expect(rows.every((p) => p.source === 'import' && p.at.toISOString() === '2026-06-08T07:00:00.000Z')).toBe(true);
  });

  it('the shared cross-workspace check agrees, for the Demo admin and for Mario', async () => {
    await expectForeignRecordsHidden(ctx, session.admin, ctx.ws.demo, foreignCalls(TABLE, 'admin'));
    await expectForeignRecordsHidden(ctx, session.member, ctx.ws.demo, foreignCalls(TABLE, 'member'));
    // And the other way round: Beta's admin does not reach Demo's request or punch.
    await expectForeignRecordsHidden(ctx, betaAdmin, ctx.ws.beta, [
      { method: 'POST', url: '/admin/justification-request/reject', body: { ids: [demoRequestId] } },
      { method: 'DELETE', url: `/admin/punch/${demoPunchId}`, body: { reason: 'x' } },
    ]);
  });

  it('an unknown id reads exactly like a foreign one', async () => {
    const id = randomUUID();
    expect(
      expectError(await ctx.post('/admin/justification-request/reject', { ids: [id] }, asAdmin()), 404, 'NOT_FOUND')
        .message,
    ).toBe('Richiesta non trovata');
    expect(
      expectError(await ctx.del(`/member/justification-request/${id}`, inDemo(session.member)), 404, 'NOT_FOUND')
        .message,
    ).toBe('Richiesta non trovata');
    expect(
      expectError(await ctx.request('DELETE', `/admin/punch/${id}`, { reason: 'x' }, asAdmin()), 404, 'NOT_FOUND')
        .message,
    ).toBe('Timbratura non trovata');
    // One unknown id among known ones refuses the whole decision: the known request stays pending.
    expectError(
      await ctx.post('/admin/justification-request/approve', { ids: [demoRequestId, id] }, asAdmin()),
      404,
      'NOT_FOUND',
    );
    const [demo] = await ctx.db.select().from(justificationRequests).where(eq(justificationRequests.id, demoRequestId));
    expect(demo!.status).toBe('open');
  });
});

describe('attendance data of other people', () => {
  const asMario = (query: Record<string, string | string[]>) =>
    ctx.get('/attendance/attendance-data', inDemo(session.member, query));

  it('an employee reads only their own: a colleague or a group is refused with the Italian text', async () => {
    for (const query of [
      { ...RANGE, 'user_info_ids[]': [giuliaId] },
      { ...RANGE, 'user_info_ids[]': [marioId, giuliaId] },
      { ...RANGE, group_id: randomUUID() },
    ]) {
      expect(expectError(await asMario(query), 403, 'FORBIDDEN').message, JSON.stringify(query)).toBe(
        'Puoi vedere solo le tue presenze',
      );
    }
    const own = await asMario({ ...RANGE, 'user_info_ids[]': [marioId] });
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json().users as { userInfo: { id: string } }[]).map((u) => u.userInfo.id)).toEqual([marioId]);
    // The admin and the accountant read anyone of their workspace.
    for (const s of [session.admin, session.accountant]) {
      const res = await ctx.get('/attendance/attendance-data', inDemo(s, { ...RANGE, 'user_info_ids[]': [giuliaId] }));
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('mode and format take only their listed values (Italian field error)', async () => {
    let res = await asMario({ ...RANGE, mode: 'everything' });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ mode: 'Valore non valido' });
    res = await ctx.get('/attendance/attendance-data/timesheet/export', asAdmin({ ...RANGE, format: 'csv' }));
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ format: 'Valore non valido' });
  });
});

describe('a session without an employee record', () => {
  // The member role needs an enabled employee record, so over HTTP these refusals cannot be reached; the services
  // still guard themselves (`noMembership`) in case a caller passes a membership without one.
  const noRecord = (): Membership => ({
    workspaceId: '',
    workspaceName: 'Demo S.r.l.',
    userInfoId: null,
    flags: { oimmei: false, admin: false, accountant: false, member: true },
    enabled: true,
    autoApprove: null,
    workspaceAutoApprove: false,
    timeZone: TZ,
  });

  it('is refused with “Non risulti dipendente di questa azienda”', async () => {
    const scope = workspaceScope(ctx.ws.demo);
    const text = 'Non risulti dipendente di questa azienda';
    const actor = { userId: session.member.userId, userInfoId: null, requestId: 'test' };
    const membership = { ...noRecord(), workspaceId: ctx.ws.demo };
    const rc: RequestCtx = {
      scope,
      actor,
      timeZone: TZ,
      membership,
      roles: [],
      log: { info() {}, warn() {}, error() {} },
    };
    await expect(attendanceData(ctx.deps, rc, false, { ...RANGE, mode: 'all' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: text,
    });
    await expect(clock(ctx.deps, rc, 'in')).rejects.toMatchObject({ code: 'FORBIDDEN', message: text });
    const input = { ...REQUEST(), category: 'regular' as const, wholeDay: true, certificateCode: null, note: null };
    await expect(createOwnRequest(ctx.deps, rc, input)).rejects.toMatchObject({ code: 'FORBIDDEN', message: text });
  });
});
