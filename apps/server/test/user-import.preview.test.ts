import type { ImportPreview } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { cells, csv, HEADER, importCalls, line, person, snapshotOf } from './user-import.fixtures';
import { coldStatements, createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';

/** Importing employees: the upload's access and unusable files, and the preview; the import and the export are in user-import.test.ts. */

let ctx: TestContext;
let admin: Session;
let accountant: Session;
let member: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  accountant = await ctx.login('consulente@demo.timbro.it');
  member = await ctx.login('mario.rossi@demo.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

const { upload, preview, runImport } = importCalls(() => ({ ctx, admin }));
const snapshot = () => snapshotOf(ctx);

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
      const { value: res, n: statements } = await coldStatements(ctx, () =>
        preview(csv(Array.from({ length: n }, (_, i) => cells(person(from + i))))),
      );
      expect(res.statusCode, res.body).toBe(200);
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
