import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, userInfos, workspaces } from '../src/db/schema';
import { expectError, fieldErrors, membershipOf, useDemoContext, type DemoContext, type Session } from './helpers';

let { ctx, admin, accountant, member } = {} as DemoContext;
let operator: Session;

useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member } = d);
  operator = await ctx.login('operator@demo.timbro.it');
});

async function setMembershipEnabled(email: string, workspaceId: string, enabled: boolean) {
  const m = await membershipOf(ctx, email, workspaceId);
  if (!m) throw new Error(`${email} has no membership in ${workspaceId}`);
  await ctx.db.update(userInfos).set({ enabled }).where(eq(userInfos.id, m.id));
}

describe('GET /workspace/list', () => {
  it('lists the admin’s workspace and names the current one in X-Workspace-Id', async () => {
    const res = await ctx.get('/workspace/list', { session: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-workspace-id']).toBe(ctx.ws.demo);
    expect(res.json()).toEqual([
      { id: ctx.ws.demo, name: 'Demo S.r.l.', attendance_auto_approve_request: false, square_logo: null },
    ]);
  });

  it('the accountant sees Demo and Beta; the header follows the chosen workspace and is remembered', async () => {
    const res = await ctx.get('/workspace/list', { session: accountant });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; name: string }[];
    expect(list).toEqual([
      { id: ctx.ws.beta, name: 'Beta S.p.A.', attendance_auto_approve_request: true, square_logo: null },
      { id: ctx.ws.demo, name: 'Demo S.r.l.', attendance_auto_approve_request: false, square_logo: null },
    ]);
    expect(list.map((w) => w.id)).toContain(res.headers['x-workspace-id']);

    for (const ws of [ctx.ws.demo, ctx.ws.beta]) {
      const chosen = await ctx.get('/workspace/list', { session: accountant, workspace: ws });
      expect(chosen.statusCode).toBe(200);
      expect(chosen.headers['x-workspace-id']).toBe(ws);
      // Without the header the last chosen workspace is the current one.
      const later = await ctx.get('/workspace/list', { session: accountant });
      expect(later.headers['x-workspace-id']).toBe(ws);
    }
  });

  it('the operator sees every workspace', async () => {
    const all = await ctx.db.select({ id: workspaces.id }).from(workspaces);
    const res = await ctx.get('/workspace/list', { session: operator });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((w) => w.id).sort();
    expect(ids).toEqual(all.map((w) => w.id).sort());
    expect(ids).toEqual(expect.arrayContaining([ctx.ws.demo, ctx.ws.beta]));
    expect(ids).toContain(res.headers['x-workspace-id']);

    // GET /user: the operator flag in every workspace, without employee records.
    const me = await ctx.get('/user', { session: operator });
    expect(me.json().workspace_roles).toHaveLength(all.length);
    for (const r of me.json().workspace_roles)
      expect(r).toMatchObject({ oimmei: true, admin: false, accountant: false, member: false });
    expect(me.json().attendance_infos).toEqual([]);
  });

  it('a disabled membership disappears at once and its header is refused (403 WORKSPACE_FORBIDDEN)', async () => {
    // The accountant chose Beta last; then the Beta membership is disabled.
    expect((await ctx.get('/workspace/list', { session: accountant, workspace: ctx.ws.beta })).statusCode).toBe(200);
    await setMembershipEnabled('consulente@demo.timbro.it', ctx.ws.beta, false);
    try {
      const res = await ctx.get('/workspace/list', { session: accountant });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ id: ctx.ws.demo })]);
      expect(res.headers['x-workspace-id']).toBe(ctx.ws.demo);

      expectError(
        await ctx.get('/workspace/list', { session: accountant, workspace: ctx.ws.beta }),
        403,
        'WORKSPACE_FORBIDDEN',
      );
      expectError(
        await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: accountant, workspace: ctx.ws.beta }),
        403,
        'WORKSPACE_FORBIDDEN',
      );
      expectError(await ctx.get('/user', { session: accountant, workspace: ctx.ws.beta }), 403, 'WORKSPACE_FORBIDDEN');
      const me = await ctx.get('/user', { session: accountant });
      expect(me.json().workspace_roles.map((r: { workspace_id: string }) => r.workspace_id)).toEqual([ctx.ws.demo]);
      // Demo still works.
      expect(
        (await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: accountant, workspace: ctx.ws.demo })).statusCode,
      ).toBe(200);
    } finally {
      await setMembershipEnabled('consulente@demo.timbro.it', ctx.ws.beta, true);
    }
    // Enabled again: visible again.
    const back = await ctx.get('/workspace/list', { session: accountant, workspace: ctx.ws.beta });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toHaveLength(2);
  });

  it('a user whose only membership is disabled sees no workspace and no current one', async () => {
    const paolo = await ctx.login('paolo.lombardi@beta.timbro.it');
    const before = await ctx.get('/workspace/list', { session: paolo });
    expect(before.headers['x-workspace-id']).toBe(ctx.ws.beta);
    await setMembershipEnabled('paolo.lombardi@beta.timbro.it', ctx.ws.beta, false);
    try {
      const res = await ctx.get('/workspace/list', { session: paolo });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers['x-workspace-id']).toBeUndefined();
      expectError(
        await ctx.get('/workspace/list', { session: paolo, workspace: ctx.ws.beta }),
        403,
        'WORKSPACE_FORBIDDEN',
      );
      const me = await ctx.get('/user', { session: paolo });
      expect(me.statusCode).toBe(200);
      expect(me.json().workspace_roles).toEqual([]);
      expect(me.json().attendance_infos).toEqual([]);
      // No workspace, no workspace permission.
      expectError(await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: paolo }), 403, 'FORBIDDEN');
    } finally {
      await setMembershipEnabled('paolo.lombardi@beta.timbro.it', ctx.ws.beta, true);
    }
  });

  it('refuses a random uuid, garbage or a foreign workspace in the header (403 WORKSPACE_FORBIDDEN)', async () => {
    for (const value of [
      randomUUID(),
      'not-a-uuid',
      `${ctx.ws.demo}x`,
      ctx.ws.demo.toUpperCase().replace(/[0-9A-F]/, 'Z'),
    ]) {
      expectError(await ctx.get('/workspace/list', { session: admin, workspace: value }), 403, 'WORKSPACE_FORBIDDEN');
    }
    // admin@demo has no membership in Beta.
    expectError(
      await ctx.get('/workspace/list', { session: admin, workspace: ctx.ws.beta }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    expectError(
      await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: admin, workspace: ctx.ws.beta }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
    // The refused header is not remembered.
    expect((await ctx.get('/workspace/list', { session: admin })).headers['x-workspace-id']).toBe(ctx.ws.demo);
  });
});

describe('GET/POST /admin/workspace/{id}', () => {
  const demoCompany = {
    name: 'Demo S.r.l.',
    email: 'amministrazione@demo.timbro.it',
    vatNumber: '01907990012',
    fiscalCode: '01907990012',
    website: 'https://demo.timbro.it',
    phoneNumber: '+390212345678',
    mobileNumber: null,
    addressStreet: 'Via Torino 15',
    addressCity: 'Milano',
    addressPostCode: '20123',
    addressProvince: 'MI',
    addressCountry: 'IT',
    addressNote: null,
    logo: null,
    squareLogo: null,
  };

  it('the admin reads the company details of the active workspace', async () => {
    const res = await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: admin, workspace: ctx.ws.demo });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: ctx.ws.demo,
      attendance_auto_approve_request: false,
      time_zone: 'Europe/Rome',
      workspace_company: demoCompany,
    });
  });

  it('the admin updates the company details; the change is audited with the changed fields', async () => {
    const company = {
      ...demoCompany,
      phoneNumber: '02 8765 4321',
      mobileNumber: '+39 347 1234567',
      addressStreet: '  Corso Buenos Aires 1 ',
      addressProvince: 'mi',
      addressNote: '',
    };
    const res = await ctx.post(
      `/admin/workspace/${ctx.ws.demo}`,
      { workspace_company: company },
      { session: admin, workspace: ctx.ws.demo },
    );
    expect(res.statusCode).toBe(200);
    const expected = {
      ...demoCompany,
      phoneNumber: '+390287654321',
      mobileNumber: '+393471234567',
      addressStreet: 'Corso Buenos Aires 1',
      addressProvince: 'MI',
      addressNote: null,
    };
    expect(res.json()).toEqual({
      id: ctx.ws.demo,
      attendance_auto_approve_request: false,
      time_zone: 'Europe/Rome',
      workspace_company: expected,
    });

    const read = await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: admin, workspace: ctx.ws.demo });
    expect(read.json().workspace_company).toEqual(expected);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, ctx.ws.demo), eq(auditLog.action, 'workspace.update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      entityType: 'workspace',
      entityId: ctx.ws.demo,
      requestId: res.headers['x-request-id'],
    });
    expect(entry!.changes).toEqual({
      phoneNumber: { from: '+390212345678', to: '+390287654321' },
      mobileNumber: { from: null, to: '+393471234567' },
      addressStreet: { from: 'Via Torino 15', to: 'Corso Buenos Aires 1' },
    });

    // The auto-approve setting travels with the same call.
    const auto = await ctx.post(
      `/admin/workspace/${ctx.ws.demo}`,
      { workspace_company: expected, attendance_auto_approve_request: true },
      { session: admin, workspace: ctx.ws.demo },
    );
    expect(auto.statusCode).toBe(200);
    expect(auto.json().attendance_auto_approve_request).toBe(true);
    const list = await ctx.get('/workspace/list', { session: admin });
    expect(list.json()[0].attendance_auto_approve_request).toBe(true);
    const [autoEntry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(auto.headers['x-request-id'])));
    expect(autoEntry!.changes).toEqual({ attendanceAutoApproveRequest: { from: false, to: true } });
  });

  it('a member can neither update (403, even with an invalid body) nor read the /admin company details', async () => {
    const before = await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: admin, workspace: ctx.ws.demo });
    const post = await ctx.post(
      `/admin/workspace/${ctx.ws.demo}`,
      { workspace_company: { ...before.json().workspace_company, name: 'Presa dal dipendente' } },
      { session: member, workspace: ctx.ws.demo },
    );
    expectError(post, 403, 'FORBIDDEN');
    // Permission comes before validation.
    expectError(
      await ctx.post(`/admin/workspace/${ctx.ws.demo}`, {}, { session: member, workspace: ctx.ws.demo }),
      403,
      'FORBIDDEN',
    );
    // /admin/* is for admins and accountants (ADR 0015); the workspace list gives members the company's name.
    expectError(
      await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: member, workspace: ctx.ws.demo }),
      403,
      'FORBIDDEN',
    );
    const list = await ctx.get('/workspace/list', { session: member });
    expect((list.json() as { name: string }[]).map((w) => w.name)).toContain('Demo S.r.l.');
  });

  it('the accountant can read (200) but not update (403)', async () => {
    const read = await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: accountant, workspace: ctx.ws.demo });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(ctx.ws.demo);
    const post = await ctx.post(
      `/admin/workspace/${ctx.ws.demo}`,
      { workspace_company: { ...read.json().workspace_company, name: 'Presa dal consulente' } },
      { session: accountant, workspace: ctx.ws.demo },
    );
    expectError(post, 403, 'FORBIDDEN');
    const betaPost = await ctx.post(
      `/admin/workspace/${ctx.ws.beta}`,
      { workspace_company: { name: 'Presa dal consulente', email: 'x@beta.timbro.it' } },
      { session: accountant, workspace: ctx.ws.beta },
    );
    expectError(betaPost, 403, 'FORBIDDEN');
    const [demo] = await ctx.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.ws.demo));
    expect(demo!.name).toBe('Demo S.r.l.');
  });

  it('another workspace’s id while working in Demo answers 404, not 403', async () => {
    const body = { workspace_company: { name: 'Beta rubata', email: 'furto@demo.timbro.it' } };
    expectError(
      await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: admin, workspace: ctx.ws.demo }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.post(`/admin/workspace/${ctx.ws.beta}`, body, { session: admin, workspace: ctx.ws.demo }),
      404,
      'NOT_FOUND',
    );
    // Even for people who do belong to Beta, or the operator, while Demo is the active workspace.
    expectError(
      await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: accountant, workspace: ctx.ws.demo }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.post(`/admin/workspace/${ctx.ws.beta}`, body, { session: operator, workspace: ctx.ws.demo }),
      404,
      'NOT_FOUND',
    );
    // An unknown id is not found either.
    expectError(
      await ctx.get(`/admin/workspace/${randomUUID()}`, { session: admin, workspace: ctx.ws.demo }),
      404,
      'NOT_FOUND',
    );
    const [beta] = await ctx.db
      .select({ name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, ctx.ws.beta));
    expect(beta!.name).toBe('Beta S.p.A.');
  });

  it('the operator updates any workspace by sending its header', async () => {
    const current = await ctx.get(`/admin/workspace/${ctx.ws.beta}`, { session: operator, workspace: ctx.ws.beta });
    expect(current.statusCode).toBe(200);
    const company = {
      ...current.json().workspace_company,
      addressCity: 'Roma Capitale',
      website: 'https://beta.example.it',
    };
    const res = await ctx.post(
      `/admin/workspace/${ctx.ws.beta}`,
      { workspace_company: company },
      { session: operator, workspace: ctx.ws.beta },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().workspace_company).toMatchObject({
      name: 'Beta S.p.A.',
      addressCity: 'Roma Capitale',
      website: 'https://beta.example.it',
    });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
    expect(entry).toMatchObject({ workspaceId: ctx.ws.beta, actorUserId: operator.userId, entityId: ctx.ws.beta });
    expect(entry!.changes).toEqual({
      addressCity: { from: 'Roma', to: 'Roma Capitale' },
      website: { from: null, to: 'https://beta.example.it' },
    });

    const demo = await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: operator, workspace: ctx.ws.demo });
    const demoRes = await ctx.post(
      `/admin/workspace/${ctx.ws.demo}`,
      { workspace_company: { ...demo.json().workspace_company, addressCity: 'Milano (MI)' } },
      { session: operator, workspace: ctx.ws.demo },
    );
    expect(demoRes.statusCode).toBe(200);
    expect(demoRes.json().workspace_company.addressCity).toBe('Milano (MI)');
  });

  it('answers every validation message of the company with its field path', async () => {
    const post = (company: Record<string, unknown>) =>
      ctx.post(
        `/admin/workspace/${ctx.ws.demo}`,
        { workspace_company: company },
        { session: admin, workspace: ctx.ws.demo },
      );
    const before = (
      await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: admin, workspace: ctx.ws.demo })
    ).json();
    const valid = before.workspace_company as Record<string, unknown>;

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'workspace_company.name', 'Inserisci la ragione sociale'],
      [{ name: '   ' }, 'workspace_company.name', 'Inserisci la ragione sociale'],
      [{ name: undefined }, 'workspace_company.name', 'Inserisci la ragione sociale'],
      [{ email: undefined }, 'workspace_company.email', "Inserisci l'indirizzo email"],
      [{ email: '' }, 'workspace_company.email', "Inserisci l'indirizzo email"],
      [{ email: 'amministrazione@' }, 'workspace_company.email', 'Inserisci un indirizzo email valido'],
      [{ phoneNumber: '12' }, 'workspace_company.phoneNumber', 'Il numero di telefono non è valido'],
      [{ phoneNumber: '800 123 456' }, 'workspace_company.phoneNumber', 'Il numero di telefono non è valido'],
      [{ mobileNumber: 'abc' }, 'workspace_company.mobileNumber', 'Il numero di cellulare non è valido'],
      [{ addressPostCode: '2012' }, 'workspace_company.addressPostCode', 'Il CAP non è valido'],
      [{ addressPostCode: '2O123' }, 'workspace_company.addressPostCode', 'Il CAP non è valido'],
      [{ addressProvince: 'XX' }, 'workspace_company.addressProvince', 'La provincia non è valida'],
      [{ addressProvince: '1A' }, 'workspace_company.addressProvince', 'La provincia non è valida'],
      [{ vatNumber: '12345678901' }, 'workspace_company.vatNumber', 'La partita IVA non è valida'],
      [{ vatNumber: '01907990013' }, 'workspace_company.vatNumber', 'La partita IVA non è valida'],
      [{ vatNumber: 'IT019079900' }, 'workspace_company.vatNumber', 'La partita IVA non è valida'],
      [{ fiscalCode: 'ABC' }, 'workspace_company.fiscalCode', 'Il codice fiscale non è valido'],
      [{ website: 'demo.timbro' }, 'workspace_company.website', "L'indirizzo del sito non è valido"],
    ];
    for (const [patch, path, message] of cases) {
      const res = await post({ ...valid, ...patch });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(patch)).toEqual({ [path]: message });
    }

    // All at once: every error is listed.
    const all = await post({
      ...valid,
      name: '',
      email: 'x',
      phoneNumber: '12',
      mobileNumber: 'abc',
      addressPostCode: '2012',
      addressProvince: 'XX',
      vatNumber: '12345678901',
    });
    expectError(all, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(all)).toEqual({
      'workspace_company.name': 'Inserisci la ragione sociale',
      'workspace_company.email': 'Inserisci un indirizzo email valido',
      'workspace_company.phoneNumber': 'Il numero di telefono non è valido',
      'workspace_company.mobileNumber': 'Il numero di cellulare non è valido',
      'workspace_company.addressPostCode': 'Il CAP non è valido',
      'workspace_company.addressProvince': 'La provincia non è valida',
      'workspace_company.vatNumber': 'La partita IVA non è valida',
    });

    // Without the company object at all.
    const missing = await ctx.post(`/admin/workspace/${ctx.ws.demo}`, {}, { session: admin, workspace: ctx.ws.demo });
    expectError(missing, 400, 'VALIDATION_FAILED');
    expect(Object.keys(fieldErrors(missing))).toEqual(['workspace_company']);

    // Nothing was written.
    const after = (await ctx.get(`/admin/workspace/${ctx.ws.demo}`, { session: admin, workspace: ctx.ws.demo })).json();
    expect(after).toEqual(before);
  });

  it('needs a session (401) and a valid id (400)', async () => {
    expectError(await ctx.get(`/admin/workspace/${ctx.ws.demo}`), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.post(`/admin/workspace/${ctx.ws.demo}`, { workspace_company: { name: 'X', email: 'x@x.it' } }),
      401,
      'UNAUTHENTICATED',
    );
    const bad = await ctx.get('/admin/workspace/non-un-id', { session: admin, workspace: ctx.ws.demo });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ id: 'Identificativo non valido' });
  });
});
