import { generateCodiceFiscale, type ImportPreview, type User } from '@timbro/shared';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryObservers } from '../src/db/client';
import { auditLog, groups, mailOutbox, userInfos, users } from '../src/db/schema';
import { demoIban } from '../src/seed';
import { createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let member: Session;
let betaAdmin: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  accountant = await ctx.login('consulente@demo.timbro.it');
  member = await ctx.login('mario.rossi@demo.timbro.it');
  betaAdmin = await ctx.login('admin@beta.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

const HEADER = [
  'Nome',
  'Cognome',
  'Email',
  'Codice fiscale',
  'Ruoli',
  'Email aziendale',
  'PEC',
  'Telefono',
  'Indirizzo',
  'IBAN',
  'Data di nascita',
  'Luogo di nascita',
  'Gruppi',
];
const FIRST = [
  'Aldo',
  'Bianca',
  'Carla',
  'Dario',
  'Ezio',
  'Fabio',
  'Gino',
  'Ida',
  'Lea',
  'Mauro',
  'Nora',
  'Olga',
  'Pietro',
  'Rita',
  'Sergio',
  'Tina',
  'Ugo',
  'Vera',
  'Zeno',
  'Alba',
];
const LAST = [
  'Abate',
  'Barone',
  'Caruso',
  'De Angelis',
  'Ferraro',
  'Galli',
  'Leone',
  'Longo',
  'Mancini',
  'Mazza',
  'Orlando',
  'Pace',
  'Pellegrini',
  'Riva',
  'Sala',
  'Santoro',
  'Testa',
  'Valentini',
  'Villa',
  'Zanetti',
];

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  fiscalCode: string;
  birthday: string;
  iban: string;
  phone: string;
}

/** Person n (distinct names, birth dates, fiscal codes and e-mails for n < 840). */
function person(n: number): Person {
  const firstName = FIRST[n % 20]!;
  const lastName = LAST[Math.floor(n / 20) % 20]!;
  const birthday = `${1960 + (n % 40)}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
  const sex = n % 2 === 0 ? 'M' : 'F';
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName.replace(/\s/g, '')}.${n}@example.it`.toLowerCase(),
    fiscalCode: generateCodiceFiscale({ lastName, firstName, birthDate: birthday, sex, belfiore: 'F205' }),
    birthday,
    iban: demoIban(500 + n),
    phone: `347 ${String(1000000 + n).slice(-7)}`,
  };
}

/** The spreadsheet cells of a person, in HEADER order. */
function cells(p: Person, overrides: Partial<Record<(typeof HEADER)[number], string>> = {}): string[] {
  const [y, m, d] = p.birthday.split('-');
  const local = p.email.split('@')[0];
  const base: Record<string, string> = {
    Nome: p.firstName,
    Cognome: p.lastName,
    Email: p.email,
    'Codice fiscale': p.fiscalCode,
    Ruoli: 'dipendente',
    'Email aziendale': `${local}@demo.timbro.it`,
    PEC: `${local}@pec.it`,
    Telefono: p.phone,
    Indirizzo: 'Via Roma 1; scala B',
    IBAN: p.iban,
    'Data di nascita': `${d}/${m}/${y}`,
    'Luogo di nascita': 'Milano',
    Gruppi: 'Magazzino; Turno A',
    ...overrides,
  };
  return HEADER.map((h) => base[h]!);
}

const quote = (v: string) => (/[;",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
/** One CSV line, `;`-separated, quoted where needed. */
const line = (r: string[]) => r.map(quote).join(';');
function csv(rows: string[][], header: string[] = HEADER): string {
  return [header, ...rows].map(line).join('\r\n') + '\r\n';
}

function upload(
  path: string,
  content: string | Buffer,
  filename = 'dipendenti.csv',
  opts: { session?: Session | null; field?: string; workspace?: string } = {},
) {
  const form = new FormData();
  form.append(opts.field ?? 'file', new Blob([content]), filename);
  const session = opts.session === undefined ? admin : opts.session;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/admin/user/${path}`,
    headers: {
      ...(session ? { cookie: session.cookie } : {}),
      'x-client': 'timbro-web',
      'x-workspace-id': opts.workspace ?? ctx.ws.demo,
    },
    payload: form,
  });
}
const preview = (content: string | Buffer, filename?: string, opts?: Parameters<typeof upload>[3]) =>
  upload('import/preview', content, filename, opts);
const runImport = (content: string | Buffer, filename?: string, opts?: Parameters<typeof upload>[3]) =>
  upload('import', content, filename, opts);

/** Counts that an import must leave alone when it refuses a file. */
async function snapshot() {
  const count = async (
    table: typeof users | typeof userInfos | typeof groups | typeof mailOutbox | typeof auditLog,
  ) => {
    const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row!.n;
  };
  return {
    users: await count(users),
    userInfos: await count(userInfos),
    groups: await count(groups),
    mails: await count(mailOutbox),
    audit: await count(auditLog),
  };
}

async function demoTotal(): Promise<number> {
  const res = await ctx.get('/admin/user', { session: admin, workspace: ctx.ws.demo });
  return res.json().total;
}

async function findByEmail(email: string): Promise<User | undefined> {
  const res = await ctx.get('/admin/user', { session: admin, workspace: ctx.ws.demo, query: { search: email } });
  return (res.json().items as User[]).find((u) => u.email === email);
}

function expectFileError(res: LightMyRequestResponse, message: string) {
  const body = expectError(res, 400, 'VALIDATION_FAILED');
  expect(body.message).toBe(message);
  expect(fieldErrors(res)).toEqual({ file: message });
}

describe('upload: access and unusable files', () => {
  const good = () => csv([cells(person(830))]);

  it('401 without a session; 403 for a member and for the accountant (preview and import)', async () => {
    for (const route of ['import/preview', 'import']) {
      expectError(await upload(route, good(), 'a.csv', { session: null }), 401, 'UNAUTHENTICATED');
      expectError(await upload(route, good(), 'a.csv', { session: member }), 403, 'FORBIDDEN');
      expectError(await upload(route, good(), 'a.csv', { session: accountant }), 403, 'FORBIDDEN');
      // Permission first, even for garbage.
      expectError(await upload(route, Buffer.from([0, 1, 2]), 'a.bin', { session: accountant }), 403, 'FORBIDDEN');
    }
  });

  it('400 with an Italian message for a missing, empty, binary, broken or oversized file', async () => {
    const before = await snapshot();
    for (const send of [preview, runImport]) {
      // Not multipart at all.
      const json = await ctx.post(
        send === preview ? '/admin/user/import/preview' : '/admin/user/import',
        {},
        { session: admin, workspace: ctx.ws.demo },
      );
      expectFileError(json, 'Carica un file CSV o Excel');
      // Multipart, but the file is in another field.
      expectFileError(await send(good(), 'a.csv', { field: 'documento' }), 'Carica un file CSV o Excel');
      expectFileError(await send('', 'vuoto.csv'), 'Il file è vuoto');
      expectFileError(await send('\r\n  \r\n;;\r\n', 'bianco.csv'), 'Il file è vuoto');
      const garbage = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
      expectFileError(await send(garbage, 'foto.jpg'), 'Formato non supportato: carica un file CSV o Excel (.xlsx)');
      const fakeZip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
      expectFileError(await send(fakeZip, 'rotto.xlsx'), 'Il file Excel non è leggibile');
      expectFileError(await send(csv([]), 'solo-intestazione.csv'), 'Il file non contiene righe da importare');
      const noCf = csv(
        [cells(person(1)).filter((_, i) => i !== 3)],
        HEADER.filter((h) => h !== 'Codice fiscale'),
      );
      expectFileError(await send(noCf, 'senza-cf.csv'), 'Manca la colonna obbligatoria «Codice fiscale»');
      expectFileError(
        await send('Nome;Cognome\r\n"Mario;Rossi\r\n', 'virgolette.csv'),
        'Il file CSV contiene un campo tra virgolette non chiuso',
      );
      const tooMany = csv(
        Array.from({ length: 2001 }, (_, i) => [`N${i}`, 'X', `n${i}@x.it`, 'ABC', '', '', '', '', '', '', '', '', '']),
      );
      expectFileError(await send(tooMany, 'enorme.csv'), 'Il file contiene più di 2000 righe: dividilo in più file');
    }
    const big = await preview(Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), 'grande.csv');
    expectError(big, 413, 'PAYLOAD_TOO_LARGE');
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /admin/user/import/preview', () => {
  it('checks the workspace’s records in a fixed number of statements, whatever the number of rows (no N+1)', async () => {
    const count = async (n: number, from: number) => {
      let statements = 0;
      const observe = () => void statements++;
      queryObservers.add(observe);
      try {
        const res = await preview(csv(Array.from({ length: n }, (_, i) => cells(person(from + i)))));
        expect(res.statusCode, res.body).toBe(200);
      } finally {
        queryObservers.delete(observe);
      }
      return statements;
    };
    const ten = await count(10, 900);
    expect(await count(40, 920)).toBe(ten);
  });

  it('shows every row of a 20-row CSV: 19 valid, the bad one with its file line and field; nothing is written', async () => {
    const people = Array.from({ length: 20 }, (_, i) => person(i));
    const rows = people.map((p, i) =>
      cells(
        p,
        i === 6 ? { 'Codice fiscale': `${p.fiscalCode.slice(0, 15)}${p.fiscalCode.endsWith('A') ? 'B' : 'A'}` } : {},
      ),
    );
    const before = await snapshot();
    const res = await preview(csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportPreview;
    expect(body).toMatchObject({ total: 20, valid: 19, invalid: 1 });
    expect(body.columns).toEqual([
      'firstName',
      'lastName',
      'email',
      'fiscalCode',
      'roles',
      'workEmail',
      'pec',
      'phoneNumber',
      'homeAddress',
      'iban',
      'birthday',
      'birthplace',
      'groups',
    ]);
    expect(body.rows.map((r) => r.line)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    const bad = body.rows.filter((r) => r.errors.length > 0);
    expect(bad).toEqual([
      {
        line: 8,
        values: expect.objectContaining({ firstName: people[6]!.firstName, email: people[6]!.email }),
        errors: [{ field: 'fiscalCode', message: 'Il codice fiscale non è valido' }],
        action: 'skip',
      },
    ]);
    for (const r of body.rows.filter((x) => x.line !== 8)) expect(r).toMatchObject({ errors: [], action: 'create' });
    // Values are shown as written in the file (quoted cells unquoted).
    expect(body.rows[0]!.values).toEqual({
      firstName: 'Aldo',
      lastName: 'Abate',
      email: people[0]!.email,
      fiscalCode: people[0]!.fiscalCode,
      roles: 'dipendente',
      workEmail: `${people[0]!.email.split('@')[0]}@demo.timbro.it`,
      pec: `${people[0]!.email.split('@')[0]}@pec.it`,
      phoneNumber: people[0]!.phone,
      homeAddress: 'Via Roma 1; scala B',
      iban: people[0]!.iban,
      birthday: `${people[0]!.birthday.slice(8)}/${people[0]!.birthday.slice(5, 7)}/${people[0]!.birthday.slice(0, 4)}`,
      birthplace: 'Milano',
      groups: 'Magazzino; Turno A',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('reports the real file line when blank lines come first, and every error of a row', async () => {
    const p = person(40);
    const q = person(41);
    // Unix line ends, a blank line after the header, no newline at the end.
    const text = [
      line(HEADER),
      '',
      line(cells(p)),
      line(cells(q, { PEC: '', IBAN: 'IT00X', Telefono: '12', 'Data di nascita': '31/02/1990', Ruoli: 'capo' })),
    ].join('\n');
    const res = await preview(text);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportPreview;
    expect(body.rows.map((r) => r.line)).toEqual([3, 4]);
    expect(body.rows[0]!.errors).toEqual([]);
    expect(body.rows[1]!.errors).toEqual([
      { field: 'roles', message: 'Ruolo sconosciuto: «capo» (usa amministratore, consulente o dipendente)' },
      { field: 'phoneNumber', message: 'Il numero di telefono non è valido' },
      { field: 'iban', message: "L'IBAN non è valido" },
      { field: 'birthday', message: 'Data non valida (formato AAAA-MM-GG)' },
      { field: 'pec', message: 'Inserisci la PEC o l’email personale' },
    ]);
    expect(body).toMatchObject({ total: 2, valid: 1, invalid: 1 });
  });

  it('says nothing about platform accounts: a disabled account elsewhere, Beta’s people and a brand-new person preview alike', async () => {
    const [valentina] = await ctx.db.select().from(users).where(eq(users.email, 'valentina.barbieri@beta.timbro.it'));
    await ctx.db.update(users).set({ enabled: false }).where(eq(users.id, valentina!.id));
    try {
      const res = await preview(
        csv([
          cells(person(70), {
            Nome: 'Valentina',
            Cognome: 'Barbieri',
            Email: valentina!.email,
            'Codice fiscale': valentina!.fiscalCode!,
          }),
          cells(person(71)),
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json() as ImportPreview).rows;
      expect(rows.map((r) => ({ action: r.action, errors: r.errors }))).toEqual([
        { action: 'create', errors: [] },
        { action: 'create', errors: [] },
      ]);
    } finally {
      await ctx.db.update(users).set({ enabled: true }).where(eq(users.id, valentina!.id));
    }
  });

  it('flags duplicates inside the file and the workspace’s own records; other accounts are simply enrolled', async () => {
    const [mario] = await ctx.db.select().from(users).where(eq(users.email, 'mario.rossi@demo.timbro.it'));
    const [paolo] = await ctx.db.select().from(users).where(eq(users.email, 'paolo.lombardi@beta.timbro.it'));
    const a = person(60);
    const b = person(61);
    const c = person(62);
    const d = person(63);
    const e = person(64);
    const f = person(65);
    const rows = [
      cells(a), // line 2
      cells(b), // line 3
      cells(c, { Email: a.email.toUpperCase() }), // line 4: e-mail of line 2
      cells(d, { 'Codice fiscale': b.fiscalCode.toLowerCase() }), // line 5: fiscal code of line 3
      cells(e, { 'Codice fiscale': mario!.fiscalCode! }), // line 6: already in Demo
      cells(f, { Email: 'Giulia.Esposito@demo.timbro.it' }), // line 7: a login e-mail of Demo
      cells(person(66), {
        Nome: 'Paolo',
        Cognome: 'Lombardi',
        Email: 'paolo.lombardi@beta.timbro.it',
        'Codice fiscale': paolo!.fiscalCode!,
      }), // line 8: Beta's Paolo
      cells(person(67), { Nome: '', Email: 'non-una-mail' }), // line 9
    ];
    const res = await preview(csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ImportPreview;
    const byLine = Object.fromEntries(body.rows.map((r) => [r.line, r]));
    expect(byLine[2]).toMatchObject({ errors: [], action: 'create' });
    expect(byLine[3]).toMatchObject({ errors: [], action: 'create' });
    expect(byLine[4]).toMatchObject({
      errors: [{ field: 'email', message: 'Duplicato della riga 2' }],
      action: 'skip',
    });
    expect(byLine[5]).toMatchObject({
      errors: [{ field: 'fiscalCode', message: 'Duplicato della riga 3' }],
      action: 'skip',
    });
    expect(byLine[6]).toMatchObject({
      errors: [{ field: 'fiscalCode', message: 'Nell’azienda c’è già una scheda con questo codice fiscale' }],
      action: 'skip',
    });
    expect(byLine[7]).toMatchObject({
      errors: [{ field: 'email', message: 'Nell’azienda c’è già una scheda con questa email di accesso' }],
      action: 'skip',
    });
    expect(byLine[8]).toMatchObject({ errors: [], action: 'create' });
    expect(byLine[9]).toMatchObject({
      errors: [
        { field: 'firstName', message: 'Inserisci il nome' },
        { field: 'email', message: 'Inserisci un indirizzo email valido' },
      ],
      action: 'skip',
    });
    expect(body).toMatchObject({ total: 8, valid: 3, invalid: 5 });

    // Importing this file is refused as a whole, every bad row listed with its line.
    const before = await snapshot();
    const refused = await runImport(csv(rows));
    const err = expectError(refused, 400, 'VALIDATION_FAILED');
    expect(err.message).toBe('Il file contiene 5 righe con errori: nessun dipendente è stato importato');
    expect(fieldErrors(refused)).toEqual({
      'rows.4.email': 'Riga 4: Duplicato della riga 2',
      'rows.5.fiscalCode': 'Riga 5: Duplicato della riga 3',
      'rows.6.fiscalCode': 'Riga 6: Nell’azienda c’è già una scheda con questo codice fiscale',
      'rows.7.email': 'Riga 7: Nell’azienda c’è già una scheda con questa email di accesso',
      'rows.9.firstName': 'Riga 9: Inserisci il nome',
      'rows.9.email': 'Riga 9: Inserisci un indirizzo email valido',
    });
    expect(await snapshot()).toEqual(before);
  });
});

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

    const groupList = await ctx.get('/admin/group', { session: admin, workspace: ctx.ws.demo });
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
    const turnoB = (
      await ctx.get('/admin/group', { session: admin, workspace: ctx.ws.demo, query: { search: 'turno b' } })
    ).json();
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
    expectError(
      await ctx.get('/attendance/user-info/current', { session, workspace: ctx.ws.demo }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
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
    expectError(await ctx.get('/admin/user/export', { session: member, workspace: ctx.ws.demo }), 403, 'FORBIDDEN');
    const bad = await ctx.get('/admin/user/export', {
      session: admin,
      workspace: ctx.ws.demo,
      query: { role: 'capo' },
    });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad)).toEqual({ role: 'Valore non valido' });
    const res = await ctx.get('/admin/user/export', { session: accountant, workspace: ctx.ws.demo });
    expect(res.statusCode).toBe(200);
  });

  it('gives an XLSX with the header row and one row per employee of the workspace, filters applied', async () => {
    const res = await ctx.get('/admin/user/export', { session: admin, workspace: ctx.ws.demo });
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

    const accountants = await readXlsx(
      await ctx.get('/admin/user/export', { session: admin, workspace: ctx.ws.demo, query: { role: 'accountant' } }),
    );
    const listed = (
      await ctx.get('/admin/user', {
        session: admin,
        workspace: ctx.ws.demo,
        query: { role: 'accountant', per_page: '200' },
      })
    ).json();
    expect(accountants).toHaveLength(listed.total + 1);
    expect(
      accountants
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual((listed.items as User[]).map((u) => u.email).sort());
    const searched = await readXlsx(
      await ctx.get('/admin/user/export', { session: admin, workspace: ctx.ws.demo, query: { search: 'rossi' } }),
    );
    expect(searched.map((r) => r[2])).toEqual(['Email', 'mario.rossi@demo.timbro.it']);
    const none = await readXlsx(
      await ctx.get('/admin/user/export', { session: admin, workspace: ctx.ws.demo, query: { enabled: 'false' } }),
    );
    expect(none).toEqual([EXPORT_HEADER]);
  });

  it('an export can be imported in another workspace: every Demo employee can be enrolled (by invitation)', async () => {
    const res = await ctx.get('/admin/user/export', {
      session: admin,
      workspace: ctx.ws.demo,
      query: { search: 'demo.timbro.it', role: 'member' },
    });
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
