import type { ImportPreview, User } from '@timbro/shared';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditLog, groups, users } from '../src/db/schema';
import { demoIban } from '../src/seed';
import { cells, csv, HEADER, importCalls, person, snapshotOf } from './user-import.fixtures';
import { expectError, fieldErrors, useDemoContext, type DemoContext } from './helpers';

/** Importing employees (CSV and XLSX) and exporting them; the upload's refusals and the preview are in user-import.preview.test.ts. */

let { ctx, admin, accountant, member, betaAdmin } = {} as DemoContext;

const { inDemo, asAdmin } = useDemoContext((d) => {
  ({ ctx, admin, accountant, member, betaAdmin } = d);
});

const { preview, runImport } = importCalls(() => ({ ctx, admin }));
const snapshot = () => snapshotOf(ctx);

async function demoTotal(): Promise<number> {
  const res = await ctx.get('/admin/user', asAdmin());
  return res.json().total;
}

async function findByEmail(email: string): Promise<User | undefined> {
  const res = await ctx.get('/admin/user', asAdmin({ search: email }));
  return (res.json().items as User[]).find((u) => u.email === email);
}

describe('POST /admin/user/import', () => {
  it('refuses the whole file when one row of 20 is bad: nothing is written, no mail leaves', async () => {
    const people = Array.from({ length: 20 }, (_, i) => person(100 + i));
    const rows = people.map((p, i) => cells(p, i === 12 ? { 'Email aziendale': '' } : {}));
    const before = await snapshot();
    const res = await runImport(csv(rows));
    const body = expectError(res, 400, 'VALIDATION_FAILED');
    expect(body.message).toBe('Il file contiene 1 riga con errori: nessun dipendente è stato importato');
    expect(body.errors).toEqual([{ path: 'rows.14.workEmail', message: "Riga 14: Inserisci l'email aziendale" }]);
    expect(await snapshot()).toEqual(before);
    for (const p of people)
      expect(await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, p.email))).toEqual([]);
    const groupNames = await ctx.db
      .select({ name: groups.name })
      .from(groups)
      .where(eq(groups.workspaceId, ctx.ws.demo));
    expect(groupNames).toEqual([]);
  });

  it('imports 20 employees from a ;-separated CSV: accounts, records, groups, invitations, one audit entry', async () => {
    const people = Array.from({ length: 20 }, (_, i) => person(200 + i));
    const rows = people.map((p, i) =>
      cells(p, {
        Ruoli: i === 0 ? 'Dipendente, Consulente' : i === 1 ? 'amministratore|dipendente' : '',
        Gruppi: i < 5 ? 'Magazzino; Turno A' : i < 8 ? 'magazzino' : '',
        'Codice fiscale': i === 2 ? p.fiscalCode.toLowerCase() : p.fiscalCode,
        Email: i === 3 ? p.email.toUpperCase() : p.email,
      }),
    );
    const total = await demoTotal();
    const before = await snapshot();
    const res = await runImport(csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 20 });
    expect(await demoTotal()).toBe(total + 20);
    const after = await snapshot();
    expect(after).toEqual({
      users: before.users + 20,
      userInfos: before.userInfos + 20,
      groups: before.groups + 2,
      mails: before.mails + 20,
      audit: before.audit + 1,
    });

    const first = (await findByEmail(people[0]!.email))!;
    expect(first).toMatchObject({
      firstName: people[0]!.firstName,
      lastName: people[0]!.lastName,
      fiscalCode: people[0]!.fiscalCode,
      roles: ['accountant', 'member'],
      enabled: true,
      invitationPending: true,
      phoneNumber: `+39${people[0]!.phone.replace(/\s/g, '')}`,
      iban: people[0]!.iban,
      birthday: people[0]!.birthday,
      birthplace: 'Milano',
      homeAddress: 'Via Roma 1; scala B',
      workEmail: `${people[0]!.email.split('@')[0]}@demo.timbro.it`,
    });
    expect(first.groups.map((g) => g.name)).toEqual(['Magazzino', 'Turno A']);
    expect((await findByEmail(people[1]!.email))!.roles).toEqual(['admin', 'member']);
    expect((await findByEmail(people[2]!.email))!.fiscalCode).toBe(people[2]!.fiscalCode);
    expect(await findByEmail(people[3]!.email)).toBeDefined();
    expect((await findByEmail(people[19]!.email))!).toMatchObject({ roles: ['member'], groups: [] });

    const groupList = await ctx.get('/admin/group', asAdmin());
    expect(
      (groupList.json().items as { name: string; usersCount: number }[]).map((g) => [g.name, g.usersCount]),
    ).toEqual([
      ['Magazzino', 8],
      ['Turno A', 5],
    ]);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
    expect(entry).toMatchObject({
      workspaceId: ctx.ws.demo,
      actorUserId: admin.userId,
      action: 'user.import',
      entityType: 'user',
    });
    expect(entry!.changes).toEqual({ created: 20, rows: 20 });

    // Every new person has an invitation; the link works.
    for (const p of people) expect((await ctx.outbox(p.email)).map((m) => m.template)).toEqual(['invitation']);
    const mail = (await ctx.outbox(people[5]!.email))[0]!;
    const token = /\/first-login\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
    const password = 'Importato-2026!';
    expect(
      (await ctx.post(`/auth/first-login/${token}`, { password, password_confirmation: password })).statusCode,
    ).toBe(200);
    const s = await ctx.login(people[5]!.email, password);
    expect((await ctx.get('/workspace/list', { session: s })).json()).toEqual([
      expect.objectContaining({ id: ctx.ws.demo }),
    ]);

    // The same file again: every row is now a person already in the workspace.
    const again = await preview(csv(rows));
    expect(again.json()).toMatchObject({ total: 20, valid: 0, invalid: 20 });
    expectError(await runImport(csv(rows)), 400, 'VALIDATION_FAILED');
  });

  it('imports 20 employees from an XLSX built with exceljs (English headers, dates, numbers, rich text)', async () => {
    const people = Array.from({ length: 20 }, (_, i) => person(300 + i));
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Foglio1');
    ws.addRow([
      'First name',
      'Last name',
      'E-mail',
      'CF',
      'Role',
      'Work email',
      'Personal email',
      'Phone',
      'Address',
      'IBAN',
      'Date of birth',
      'Place of birth',
      'Groups',
    ]);
    people.forEach((p, i) => {
      const local = p.email.split('@')[0];
      ws.addRow([
        i === 0
          ? { richText: [{ text: p.firstName.slice(0, 2), font: { bold: true } }, { text: p.firstName.slice(2) }] }
          : p.firstName,
        p.lastName,
        i === 1 ? { text: p.email, hyperlink: `mailto:${p.email}` } : p.email,
        p.fiscalCode,
        i === 2 ? 'employee, accountant' : 'dipendente',
        `${local}@demo.timbro.it`,
        `${local}@pec.it`,
        Number(`347${p.phone.slice(4)}`),
        `Via Milano ${i + 1}`,
        p.iban,
        new Date(`${p.birthday}T00:00:00Z`),
        'Torino',
        i % 2 === 0 ? 'Turno B' : null,
      ]);
    });
    const buf = Buffer.from(await wb.xlsx.writeBuffer());

    const pre = await preview(buf, 'dipendenti.xlsx');
    expect(pre.statusCode, pre.body).toBe(200);
    const body = pre.json() as ImportPreview;
    expect(body).toMatchObject({ total: 20, valid: 20, invalid: 0 });
    expect(body.rows.map((r) => r.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(body.rows[0]!.values).toMatchObject({
      firstName: people[0]!.firstName,
      birthday: people[0]!.birthday,
      phoneNumber: `347${people[0]!.phone.slice(4)}`,
    });
    expect(body.rows[1]!.values.email).toBe(people[1]!.email);

    const total = await demoTotal();
    const res = await runImport(buf, 'dipendenti.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 20 });
    expect(await demoTotal()).toBe(total + 20);
    const first = (await findByEmail(people[0]!.email))!;
    expect(first).toMatchObject({
      firstName: people[0]!.firstName,
      birthday: people[0]!.birthday,
      birthplace: 'Torino',
      phoneNumber: `+39347${people[0]!.phone.slice(4)}`,
    });
    expect(first.groups.map((g) => g.name)).toEqual(['Turno B']);
    expect((await findByEmail(people[2]!.email))!.roles).toEqual(['accountant', 'member']);
    const turnoB = (await ctx.get('/admin/group', asAdmin({ search: 'turno b' }))).json();
    expect(turnoB.items).toEqual([expect.objectContaining({ name: 'Turno B', usersCount: 10 })]);

    // An XLSX with one bad row is refused as a whole too, with the sheet's row number.
    const bad = new ExcelJS.Workbook();
    const sheet = bad.addWorksheet('Dipendenti');
    sheet.addRow(HEADER);
    const extra = [person(400), person(401), person(402)];
    extra.forEach((p, i) => sheet.addRow(cells(p, i === 1 ? { 'Codice fiscale': 'XXXXXXXXXXXXXXXX' } : {})));
    const before = await snapshot();
    const refused = await runImport(Buffer.from(await bad.xlsx.writeBuffer()), 'errori.xlsx');
    expectError(refused, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(refused)).toEqual({ 'rows.3.fiscalCode': 'Riga 3: Il codice fiscale non è valido' });
    expect(await snapshot()).toEqual(before);
  });

  it('never binds an existing account: it is invited and accepts or declines; nothing of it shows before', async () => {
    const [paolo] = await ctx.db.select().from(users).where(eq(users.email, 'paolo.lombardi@beta.timbro.it'));
    const fresh = person(500);
    const rows = [
      cells(person(501), {
        Nome: 'Paolino',
        Cognome: 'Lombardi',
        Email: 'paolo.lombardi@beta.timbro.it',
        Gruppi: 'Trasferte',
      }),
      cells(fresh),
    ];
    const usersBefore = (await snapshot()).users;
    const res = await runImport(csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 2 });
    expect((await snapshot()).users).toBe(usersBefore + 1);
    const invited = (await findByEmail('paolo.lombardi@beta.timbro.it'))!;
    // The workspace's names, pending, no activity of the account shown.
    expect(invited).toMatchObject({
      userId: paolo!.id,
      firstName: 'Paolino',
      invitationStatus: 'pending',
      loginEmailEditable: false,
      lastLoginAt: { web: null, app: null },
    });
    expect((await ctx.outbox('paolo.lombardi@beta.timbro.it')).map((m) => m.template)).toEqual([
      'workspace-invitation',
    ]);
    expect((await ctx.outbox(fresh.email)).map((m) => m.template)).toEqual(['invitation']);
    // Paolo cannot enter Demo until he accepts.
    const session = await ctx.login('paolo.lombardi@beta.timbro.it');
    expect(((await ctx.get('/workspace/list', { session })).json() as { id: string }[]).map((w) => w.id)).toEqual([
      ctx.ws.beta,
    ]);
    expectError(await ctx.get('/attendance/user-info/current', inDemo(session)), 403, 'WORKSPACE_FORBIDDEN');
  });
});

describe('GET /admin/user/export', () => {
  async function readXlsx(res: LightMyRequestResponse): Promise<string[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Dipendenti');
    const out: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const values = (row.values as ExcelJS.CellValue[]).slice(1);
      out.push(
        Array.from({ length: 15 }, (_, i) => (values[i] === null || values[i] === undefined ? '' : String(values[i]))),
      );
    });
    return out;
  }
  const EXPORT_HEADER = [...HEADER, 'Attivo', 'Ultimo accesso web'];

  it('401, 403 for a member, 400 for a bad filter; the accountant may export', async () => {
    expectError(await ctx.get('/admin/user/export'), 401, 'UNAUTHENTICATED');
    expectError(await ctx.get('/admin/user/export', inDemo(member)), 403, 'FORBIDDEN');
    const bad = await ctx.get('/admin/user/export', asAdmin({ role: 'capo' }));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ role: 'Valore non valido' });
    const res = await ctx.get('/admin/user/export', inDemo(accountant));
    expect(res.statusCode).toBe(200);
  });

  it('gives an XLSX with the header row and one row per employee of the workspace, filters applied', async () => {
    const res = await ctx.get('/admin/user/export', asAdmin());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="dipendenti-${new Date().toISOString().slice(0, 10)}.xlsx"`,
    );
    const rows = await readXlsx(res);
    expect(rows[0]).toEqual(EXPORT_HEADER);
    const total = await demoTotal();
    expect(rows).toHaveLength(total + 1);
    const emails = rows.slice(1).map((r) => r[2]);
    expect(new Set(emails).size).toBe(total);
    expect(emails.some((e) => e!.endsWith('@beta.timbro.it') && e !== 'paolo.lombardi@beta.timbro.it')).toBe(false);

    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const marioRow = rows.find((r) => r[2] === 'mario.rossi@demo.timbro.it')!;
    expect(marioRow.slice(0, 14)).toEqual([
      'Mario',
      'Rossi',
      'mario.rossi@demo.timbro.it',
      mario!.fiscalCode!,
      'dipendente',
      'mario.rossi@demo.timbro.it',
      'mario.rossi@pec.it',
      '+393471007919',
      'Via Garibaldi 1, Milano',
      demoIban(1),
      '1985-04-25',
      'Milano',
      '',
      'sì',
    ]);
    expect(marioRow[14]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const contiRow = rows.find((r) => r[2] === 'consulente@demo.timbro.it')!;
    expect(contiRow[4]).toBe('consulente');
    expect(rows.find((r) => r[2] === 'admin@demo.timbro.it')![4]).toBe('amministratore');

    const accountants = await readXlsx(await ctx.get('/admin/user/export', asAdmin({ role: 'accountant' })));
    const listed = (await ctx.get('/admin/user', asAdmin({ role: 'accountant', per_page: '200' }))).json();
    expect(accountants).toHaveLength(listed.total + 1);
    expect(
      accountants
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual((listed.items as User[]).map((u) => u.email).sort());
    const searched = await readXlsx(await ctx.get('/admin/user/export', asAdmin({ search: 'rossi' })));
    expect(searched.map((r) => r[2])).toEqual(['Email', 'mario.rossi@demo.timbro.it']);
    const none = await readXlsx(await ctx.get('/admin/user/export', asAdmin({ enabled: 'false' })));
    expect(none).toEqual([EXPORT_HEADER]);
  });

  it('an export can be imported in another workspace: every Demo employee can be enrolled (by invitation)', async () => {
    const res = await ctx.get('/admin/user/export', asAdmin({ search: 'demo.timbro.it', role: 'member' }));
    const rows = await readXlsx(res);
    expect(rows.length).toBeGreaterThan(10);
    const pre = await preview(res.rawPayload, 'export.xlsx', { session: betaAdmin, workspace: ctx.ws.beta });
    expect(pre.statusCode, pre.body).toBe(200);
    const body = pre.json() as ImportPreview;
    expect(body.total).toBe(rows.length - 1);
    expect(body.invalid).toBe(0);
    expect(new Set(body.rows.map((r) => r.action))).toEqual(new Set(['create']));
  });
});
