import {
  generateCodiceFiscale,
  type CurrentUser,
  type PlatformWorkspace,
  type PlatformWorkspacePage,
} from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { holidays, justifications, userInfos, users, workspaces } from '../src/db/schema';
import { insertInScope, workspaceScope } from '../src/db/scope';
import { buildEmployee } from './factories';
import {
  auditOf,
  countRows,
  expectError,
  fieldErrors,
  statementsOf,
  useDemoContext,
  type DemoContext,
  type Session,
} from './helpers';

/** The platform operator's area (ADR 0023): the list with its counts, a new workspace and its first admin, disabling. */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;
let operator: Session;

const { inDemo } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member, betaAdmin } = d);
  operator = await ctx.login('operator@demo.timbro.it');
});

const asOperator = { session: () => operator };
const list = async (query: Record<string, string> = {}) => {
  const res = await ctx.get('/platform/workspace', { session: asOperator.session(), query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PlatformWorkspacePage;
};
const create = (body: unknown) => ctx.post('/platform/workspace', body, { session: operator });
const fiscalCode = (firstName: string, lastName: string) =>
  generateCodiceFiscale({ firstName, lastName, birthDate: '1984-02-11', sex: 'F', belfiore: 'L219' });
const newWorkspace = (over: { name?: string; email?: string; vatNumber?: string | null; admin?: object } = {}) => ({
  workspace_company: {
    name: over.name ?? 'Gamma S.n.c.',
    email: over.email ?? 'amministrazione@gamma.example.it',
    vatNumber: over.vatNumber ?? null,
  },
  admin: {
    email: 'Elena.Conti@Gamma.example.it',
    firstName: 'Elena',
    lastName: 'Conti',
    fiscalCode: fiscalCode('Elena', 'Conti'),
    ...over.admin,
  },
});

/** The counts as the database has them: enabled records, accepted members and admins, pending admins. */
async function countsOf(workspaceId: string) {
  const [row] = await ctx.db
    .select({
      employees: sql<number>`count(*) filter (where ${userInfos.isMember} and ${userInfos.invitationStatus} = 'accepted')::int`,
      admins: sql<number>`count(*) filter (where ${userInfos.isAdmin} and ${userInfos.invitationStatus} = 'accepted')::int`,
    })
    .from(userInfos)
    .where(and(eq(userInfos.workspaceId, workspaceId), eq(userInfos.enabled, true)));
  return row!;
}

describe('GET /platform/workspace', () => {
  it('lists every workspace with its active employees, admins, creation date and state', async () => {
    const page = await list();
    expect(page).toMatchObject({ page: 1, perPage: 25 });
    expect(page.total).toBe(await ctx.db.$count(workspaces));
    const demo = page.items.find((w) => w.id === ctx.ws.demo)!;
    const beta = page.items.find((w) => w.id === ctx.ws.beta)!;
    for (const [w, id] of [
      [demo, ctx.ws.demo],
      [beta, ctx.ws.beta],
    ] as const) {
      const expected = await countsOf(id);
      expect(w).toMatchObject({
        employeesCount: expected.employees,
        adminsCount: expected.admins,
        pendingAdminsCount: 0,
        disabledAt: null,
      });
      expect(new Date(w.createdAt).getTime()).not.toBeNaN();
    }
    expect(demo.name).toBe('Demo S.r.l.');
    expect(demo.employeesCount).toBeGreaterThan(5);
    expect(demo.adminsCount).toBe(1);
  });

  it('searches, sorts and pages in SQL: the same statements for one row as for a whole page', async () => {
    expect((await list({ search: 'beta' })).items.map((w) => w.id)).toEqual([ctx.ws.beta]);
    expect((await list({ search: 'nessuna azienda' })).items).toEqual([]);
    const byStaff = await list({ sort: 'employeesCount', order: 'desc' });
    const counts = byStaff.items.map((w) => w.employeesCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const first = await list({ sort: 'name', per_page: '1' });
    const second = await list({ sort: 'name', per_page: '1', page: '2' });
    expect(first.items).toHaveLength(1);
    expect(second.items).toHaveLength(1);
    expect(first.total).toBe(second.total);
    expect(second.items[0]!.name.localeCompare(first.items[0]!.name, 'it')).toBeGreaterThan(0);

    // The page and the total: two statements besides the session's, whatever the page size (no query per row).
    // Each counted with the session loaded (a late notification may empty the actor cache between the two).
    ctx.deps.actors.invalidate('*');
    const one = await statementsOf(() => list({ per_page: '1' }));
    ctx.deps.actors.invalidate('*');
    const all = await statementsOf(() => list({ per_page: '200' }));
    expect(all.length).toBe(one.length);
    expect(all.filter((q) => q.includes(' "people" on '))).toHaveLength(1);
    expect(all.filter((q) => q.startsWith('select count(*)::int from "workspaces"'))).toHaveLength(1);
  });

  it('refuses an unknown sort field in Italian', async () => {
    const res = await ctx.get('/platform/workspace', { session: operator, query: { sort: 'secret' } });
    expect(fieldErrors(res)).toEqual({ sort: 'Valore non valido' });
  });
});

describe('POST /platform/workspace', () => {
  it('answers every missing or invalid field in Italian and writes nothing', async () => {
    const before = await ctx.db.$count(workspaces);
    const empty = await create({});
    expectError(empty, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(empty)).toMatchObject({
      workspace_company: expect.any(String),
      admin: expect.any(String),
    });
    const blank = await create({
      workspace_company: { name: ' ', email: '' },
      admin: { email: '', firstName: '', lastName: ' ', fiscalCode: '' },
    });
    expect(fieldErrors(blank)).toEqual({
      'workspace_company.name': 'Inserisci la ragione sociale',
      'workspace_company.email': "Inserisci l'indirizzo email",
      'admin.email': "Inserisci l'indirizzo email",
      'admin.firstName': 'Inserisci il nome',
      'admin.lastName': 'Inserisci il cognome',
      'admin.fiscalCode': 'Inserisci il codice fiscale',
    });
    const invalid = await create({
      workspace_company: { name: 'Delta S.r.l.', email: 'non-una-email', vatNumber: '12345678901' },
      admin: { email: 'anche@', firstName: 'Dario', lastName: 'Neri', fiscalCode: 'RSSMRA80A01H501X' },
    });
    expect(fieldErrors(invalid)).toEqual({
      'workspace_company.email': 'Inserisci un indirizzo email valido',
      'workspace_company.vatNumber': 'La partita IVA non è valida',
      'admin.email': 'Inserisci un indirizzo email valido',
      'admin.fiscalCode': 'Il codice fiscale non è valido',
    });
    expect(await ctx.db.$count(workspaces)).toBe(before);
  });

  it('refuses a company already on the platform and a first admin who could never answer (409 on the field)', async () => {
    const before = await ctx.db.$count(workspaces);
    const sameName = await create(newWorkspace({ name: '  demo s.r.l. ' }));
    expectError(sameName, 409, 'CONFLICT');
    expect(fieldErrors(sameName)).toEqual({
      'workspace_company.name': 'Esiste già un’azienda con questa ragione sociale',
    });
    const theOperator = await create(newWorkspace({ admin: { email: 'OPERATOR@demo.timbro.it' } }));
    expectError(theOperator, 409, 'CONFLICT');
    expect(fieldErrors(theOperator)).toEqual({
      'admin.email': 'Questo indirizzo è di un operatore della piattaforma, che non può amministrare un’azienda',
    });
    expect(await ctx.db.$count(workspaces)).toBe(before);
    expect(await ctx.outbox('operator@demo.timbro.it')).toEqual([]);
  });

  it('creates the workspace with its defaults and a new account for the first admin, who sets a password and runs it', async () => {
    const res = await create(newWorkspace());
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as PlatformWorkspace;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Gamma S.n.c.',
      email: 'amministrazione@gamma.example.it',
      vatNumber: null,
      createdAt: expect.any(String),
      disabledAt: null,
      employeesCount: 0,
      adminsCount: 0,
      pendingAdminsCount: 1,
      // A new company starts with no file and the default quota (issue 30 item 8).
      storage: { usedBytes: 0, usedFiles: 0, quotaMb: 2048, quotaFiles: 20000 },
    });
    // The defaults: national holidays and absence types.
    expect(await countRows(ctx, holidays, created.id)).toBeGreaterThan(5);
    expect(await countRows(ctx, justifications, created.id)).toBeGreaterThan(3);
    // The audit trail of the new workspace says who created it, with the first admin.
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: created.id,
      actorUserId: operator.userId,
      action: 'workspace.create',
      entityType: 'workspace',
      entityId: created.id,
    });
    expect(entry!.changes).toMatchObject({ name: 'Gamma S.n.c.', admin: { email: 'elena.conti@gamma.example.it' } });
    // A new account, created by this workspace, without a password; its record is a pending admin.
    const [account] = await ctx.db.select().from(users).where(eq(users.email, 'elena.conti@gamma.example.it'));
    expect(account).toMatchObject({ passwordHash: null, isOperator: false, createdByWorkspaceId: created.id });

    // The first-login e-mail: setting the password accepts, and Elena administers Gamma.
    const mails = await ctx.outbox('elena.conti@gamma.example.it');
    expect(mails.map((m) => m.template)).toEqual(['invitation']);
    expect(mails[0]!.subject).toContain('Gamma S.n.c.');
    const token = /http:\/\/localhost:3000\/first-login\/([A-Za-z0-9_-]+)/.exec(mails[0]!.textBody)![1]!;
    const password = 'PrimoAccesso-Elena-1';
    const first = await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password });
    expect(first.statusCode, first.body).toBe(200);
    const elena = await ctx.login('elena.conti@gamma.example.it', password);
    expect((await ctx.get('/workspace/list', { session: elena })).json()).toEqual([
      expect.objectContaining({ id: created.id, name: 'Gamma S.n.c.' }),
    ]);
    const people = await ctx.get('/admin/user', { session: elena, workspace: created.id });
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().items).toEqual([
      expect.objectContaining({ email: 'elena.conti@gamma.example.it', roles: ['admin'] }),
    ]);
    expect((await list({ search: 'gamma' })).items[0]).toMatchObject({ adminsCount: 1, pendingAdminsCount: 0 });
  });

  it('invites an existing account, who accepts from their invitations', async () => {
    const res = await create(
      newWorkspace({
        name: 'Epsilon S.p.A.',
        vatNumber: '12345670587',
        admin: { email: 'admin@beta.timbro.it', firstName: 'Paolo', lastName: 'Verdi' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as PlatformWorkspace;
    expect(created).toMatchObject({ vatNumber: '12345670587', pendingAdminsCount: 1 });
    const mails = await ctx.outbox('admin@beta.timbro.it');
    expect(mails.map((m) => m.template)).toEqual(['workspace-invitation']);
    // Nothing is bound until the person answers.
    expect((await ctx.get('/workspace/list', { session: betaAdmin })).json()).toHaveLength(1);
    const invitations = (await ctx.get('/user/invitations', { session: betaAdmin })).json() as { id: string }[];
    expect(invitations).toEqual([
      expect.objectContaining({ workspace: { id: created.id, name: 'Epsilon S.p.A.' }, roles: ['admin'] }),
    ]);
    const accept = await ctx.post(`/user/invitations/${invitations[0]!.id}/accept`, {}, { session: betaAdmin });
    expect(accept.statusCode, accept.body).toBe(200);
    const ids = ((await ctx.get('/workspace/list', { session: betaAdmin })).json() as { id: string }[]).map(
      (w) => w.id,
    );
    expect(ids.sort()).toEqual([ctx.ws.beta, created.id].sort());

    // The same VAT number again is the same company.
    const again = await create(newWorkspace({ name: 'Epsilon bis', vatNumber: '12345670587' }));
    expectError(again, 409, 'CONFLICT');
    expect(fieldErrors(again)).toEqual({
      'workspace_company.vatNumber': 'Esiste già un’azienda con questa partita IVA',
    });
  });
});

describe('POST /platform/workspace/{id}/disable and /enable', () => {
  it('a disabled workspace is in nobody’s list and gives its people no access; enabling gives everything back', async () => {
    const res = await ctx.post(`/platform/workspace/${ctx.ws.demo}/disable`, {}, { session: operator });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ctx.ws.demo, disabledAt: expect.any(String) });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: operator.userId,
      action: 'workspace.disable',
      entityId: ctx.ws.demo,
    });

    // Demo's admin and employee: no workspace left, every Demo call refused.
    for (const s of [admin, member]) {
      expect((await ctx.get('/workspace/list', { session: s })).json()).toEqual([]);
      expect((await ctx.get('/user', { session: s })).json().workspace_roles).toEqual([]);
    }
    expectError(await ctx.get('/admin/user', inDemo(admin)), 403, 'WORKSPACE_FORBIDDEN');
    expectError(await ctx.get('/admin/user', { session: admin }), 403, 'FORBIDDEN');
    expectError(await ctx.get('/attendance/ajax/holidays', inDemo(member)), 403, 'WORKSPACE_FORBIDDEN');
    // The consultant keeps Beta only.
    const consultant = (await ctx.get('/workspace/list', { session: accountant })).json() as { id: string }[];
    expect(consultant.map((w) => w.id)).not.toContain(ctx.ws.demo);
    expect(consultant.map((w) => w.id)).toContain(ctx.ws.beta);
    expectError(await ctx.get('/admin/user', inDemo(accountant)), 403, 'WORKSPACE_FORBIDDEN');
    // The operator no longer enters it either, but still finds it in the platform list.
    const operatorList = (await ctx.get('/workspace/list', { session: operator })).json() as { id: string }[];
    expect(operatorList.map((w) => w.id)).not.toContain(ctx.ws.demo);
    expect((await list({ search: 'demo' })).items[0]).toMatchObject({
      id: ctx.ws.demo,
      disabledAt: expect.any(String),
    });
    // Its people's records are untouched.
    expect(await countsOf(ctx.ws.demo)).toEqual({
      employees: expect.any(Number),
      admins: 1,
    });

    // Disabling twice is a conflict; an unknown workspace is not found.
    expect(
      expectError(
        await ctx.post(`/platform/workspace/${ctx.ws.demo}/disable`, {}, { session: operator }),
        409,
        'CONFLICT',
      ).message,
    ).toBe('L’azienda è già disattivata');
    expect(
      expectError(
        await ctx.post('/platform/workspace/00000000-0000-4000-8000-000000000000/disable', {}, { session: operator }),
        404,
        'NOT_FOUND',
      ).message,
    ).toBe('Azienda non trovata');

    // Enabled again: the same people, the same access.
    const enable = await ctx.post(`/platform/workspace/${ctx.ws.demo}/enable`, {}, { session: operator });
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json()).toMatchObject({ id: ctx.ws.demo, disabledAt: null });
    expect((await auditOf(ctx, enable))[0]).toMatchObject({ action: 'workspace.enable', entityId: ctx.ws.demo });
    expect((await ctx.get('/admin/user', inDemo(admin))).statusCode).toBe(200);
    expect((await ctx.get('/workspace/list', { session: member })).json()).toEqual([
      expect.objectContaining({ id: ctx.ws.demo }),
    ]);
    expect(
      expectError(
        await ctx.post(`/platform/workspace/${ctx.ws.demo}/enable`, {}, { session: operator }),
        409,
        'CONFLICT',
      ).message,
    ).toBe('L’azienda è già attiva');
  });

  it('a disabled workspace’s pending invitation is neither listed nor counted until it is enabled again', async () => {
    const res = await create(
      newWorkspace({
        name: 'Zeta S.r.l.',
        admin: { email: 'consulente@demo.timbro.it', firstName: 'Carla', lastName: 'Gallo' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as PlatformWorkspace).id;
    const pending = async () => ({
      listed: ((await ctx.get('/user/invitations', { session: accountant })).json() as unknown[]).length,
      counted: (await ctx.get('/user', { session: accountant })).json().pending_invitations as number,
    });
    expect(await pending()).toEqual({ listed: 1, counted: 1 });
    expect((await ctx.post(`/platform/workspace/${id}/disable`, {}, { session: operator })).statusCode).toBe(200);
    expect(await pending()).toEqual({ listed: 0, counted: 0 });
    expect((await ctx.post(`/platform/workspace/${id}/enable`, {}, { session: operator })).statusCode).toBe(200);
    expect(await pending()).toEqual({ listed: 1, counted: 1 });
  });

  it('GET /user names the disabled companies a person belongs to, in the same statements; never the operator’s', async () => {
    // Someone in Demo with a record in Beta that gives no access (disabled) and an unanswered invitation there: when
    // Beta is disabled, neither is theirs to be told about.
    const peopleWithoutNotice: Session[] = [];
    for (const o of [
      { enabled: false, invitationStatus: 'accepted' as const },
      { enabled: true, invitationStatus: 'pending' as const },
    ]) {
      const p = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
      await insertInScope(ctx.db, workspaceScope(ctx.ws.beta), userInfos, {
        userId: p.userId,
        firstName: p.firstName,
        lastName: p.lastName,
        ...o,
      });
      peopleWithoutNotice.push(await ctx.login(p.email, 'Password1!x'));
    }
    const me = async (s: Session) => {
      const res = await ctx.get('/user', { session: s });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as CurrentUser;
    };
    // Counted on a load from the database: the actor cache is emptied first (a cached actor costs no statement).
    const statementsFor = async (s: Session) => {
      ctx.deps.actors.invalidate('*');
      return (await statementsOf(() => me(s))).length;
    };
    const before = { accountant: await statementsFor(accountant), betaAdmin: await statementsFor(betaAdmin) };
    expect((await me(accountant)).disabled_workspaces).toEqual([]);

    expect((await ctx.post(`/platform/workspace/${ctx.ws.beta}/disable`, {}, { session: operator })).statusCode).toBe(
      200,
    );
    const beta = { id: ctx.ws.beta, name: 'Beta S.p.A.' };
    // The consultant keeps Demo, Beta's admin the company they joined above (Epsilon): both are told Beta is off.
    for (const s of [accountant, betaAdmin]) {
      const user = await me(s);
      expect(user.disabled_workspaces, s.email).toEqual([beta]);
      expect(user.workspace_roles.map((r) => r.workspace_id)).not.toContain(ctx.ws.beta);
      expect(user.attendance_infos.map((r) => r.workspace_id)).not.toContain(ctx.ws.beta);
    }
    // Nobody else: Demo's people, a disabled record or a pending invitation in Beta, the operator.
    for (const s of [member, admin, operator, ...peopleWithoutNotice])
      expect((await me(s)).disabled_workspaces, s.email).toEqual([]);
    // The same statements as before: the disabled ones come with the memberships.
    expect({ accountant: await statementsFor(accountant), betaAdmin: await statementsFor(betaAdmin) }).toEqual(before);

    expect((await ctx.post(`/platform/workspace/${ctx.ws.beta}/enable`, {}, { session: operator })).statusCode).toBe(
      200,
    );
    expect((await me(betaAdmin)).disabled_workspaces).toEqual([]);
    expect((await me(accountant)).workspace_roles.map((r) => r.workspace_id).sort()).toEqual(
      [ctx.ws.demo, ctx.ws.beta].sort(),
    );
  });

  it('the operator stays an operator on GET /user, whatever the workspaces', async () => {
    const me = await ctx.get('/user', { session: operator });
    expect(me.json()).toMatchObject({ is_operator: true });
    expect((await ctx.get('/user', { session: admin })).json()).toMatchObject({ is_operator: false });
  });
});
