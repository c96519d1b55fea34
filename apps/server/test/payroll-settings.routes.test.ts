import type { PayrollEmployeePage } from '@timbro/shared';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceScope } from '../src/db/scope';
import { justifications, payrollSettings, userInfos } from '../src/db/schema';
import { payrollCodes } from '../src/modules/payroll-settings/payroll-codes.service';
import { buildEmployee, justificationId, type BuiltEmployee } from './factories';
import {
  auditOf,
  coldStatements,
  expectError,
  fieldErrors,
  membershipIdOf,
  useDemoContext,
  type DemoContext,
  type Session,
} from './helpers';

/**
 * The payroll integration's three sections: the company codes, the employees' codes (grid, bulk save, CSV import) and
 * the absence types' codes. Access (401/403/foreign 404) is in payroll-settings.access.test.ts.
 */

let { ctx, admin } = {} as DemoContext;
let marioId: string;
let betaEmployeeId: string;
/** Employees built for this file (Demo): codes are set and read on them, not on the seeded people. */
const built: BuiltEmployee[] = [];

const { asAdmin, inBeta } = useDemoContext(async (d) => {
  ({ ctx, admin } = d);
  marioId = await membershipIdOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo);
  betaEmployeeId = await membershipIdOf(ctx, 'valentina.barbieri@beta.timbro.it', ctx.ws.beta);
  for (const lastName of ['Paghetti', 'Paghenti', 'Paghelli', 'Paghesi', 'Paghetto'])
    built.push(await buildEmployee(ctx, ctx.ws.demo, { lastName, firstName: 'Zeno' }));
});

const put = (url: string, body: unknown, opts = asAdmin()) => ctx.request('PUT', url, body, opts);

async function codeOf(id: string) {
  const [row] = await ctx.db.select({ c: userInfos.payrollCode }).from(userInfos).where(eq(userInfos.id, id));
  return row!.c;
}

/** Runs `fn` and counts the SQL statements it makes. */
const counted = <T>(fn: () => Promise<T>) => coldStatements(ctx, fn);

describe('company section', () => {
  const url = '/admin/payroll/company';

  it('reads nulls before anything was saved', async () => {
    const res = await ctx.get(url, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ companyCode: null, branchCode: null, workedCode: null, overtimeCode: null });
  });

  it('refuses each wrong code with its Italian message, on its field', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ companyCode: '12345' }, { companyCode: 'Il codice azienda ha al massimo 4 cifre' }],
      [{ companyCode: '12a' }, { companyCode: 'Il codice azienda ha al massimo 4 cifre' }],
      [{ branchCode: '123' }, { branchCode: 'Il codice filiale ha al massimo 2 cifre' }],
      [{ branchCode: 'B1' }, { branchCode: 'Il codice filiale ha al massimo 2 cifre' }],
      [{ workedCode: 'ORDIN' }, { workedCode: 'Il codice paghe ha al massimo 4 caratteri alfanumerici' }],
      [{ overtimeCode: 'S-1' }, { overtimeCode: 'Il codice paghe ha al massimo 4 caratteri alfanumerici' }],
      [{ companyCode: 12 }, { companyCode: 'Il codice azienda ha al massimo 4 cifre' }],
    ];
    for (const [body, errors] of cases) {
      const res = await put(url, body);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(body)).toEqual(errors);
    }
    expect(await ctx.db.select().from(payrollSettings)).toEqual([]);
  });

  it('saves (spaces dropped, item codes upper-cased), audits, and keeps each workspace apart', async () => {
    const res = await put(url, { companyCode: ' 01 23 ', branchCode: '7', workedCode: ' ord ', overtimeCode: 'st1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ companyCode: '0123', branchCode: '7', workedCode: 'ORD', overtimeCode: 'ST1' });
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({ action: 'payroll.company.update', entityType: 'payroll-settings' });
    expect(entry!.changes).toMatchObject({ companyCode: { from: null, to: '0123' } });
    expect((await ctx.get(url, asAdmin())).json()).toMatchObject({ companyCode: '0123', workedCode: 'ORD' });
    // Beta has its own (none).
    const beta = await ctx.get(url, inBeta());
    expect(beta.json()).toEqual({ companyCode: null, branchCode: null, workedCode: null, overtimeCode: null });
    // A second save replaces the row; empty values clear a code.
    const again = await put(url, { companyCode: '45', branchCode: '', workedCode: 'ORD', overtimeCode: null });
    expect(again.json()).toEqual({ companyCode: '45', branchCode: null, workedCode: 'ORD', overtimeCode: null });
    expect(await ctx.db.select().from(payrollSettings)).toHaveLength(1);
  });
});

describe('employees section', () => {
  const url = '/admin/payroll/employees';
  const list = async (query: Record<string, string> = {}) => {
    const res = await ctx.get(url, asAdmin(query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PayrollEmployeePage;
  };

  it('lists the employees (member role) with their code, searchable by name and fiscal code, paginated', async () => {
    const all = await list({ per_page: '200' });
    expect(all.items.map((e) => e.id)).toContain(marioId);
    expect(all.items.map((e) => e.id)).not.toContain(
      await membershipIdOf(ctx, 'admin@demo.timbro.it', ctx.ws.demo), // an admin only, not an employee
    );
    expect(all.items.every((e) => e.payrollCode === null)).toBe(true);
    expect(all.missing).toBe(all.total);
    const page = await list({ search: 'paghe', per_page: '2', page: '2' });
    expect(page).toMatchObject({ total: 5, page: 2, perPage: 2, missing: all.total });
    expect(page.items).toHaveLength(2);
    const byCf = await list({ search: built[0]!.fiscalCode.toLowerCase() });
    expect(byCf.items.map((e) => e.id)).toEqual([built[0]!.userInfoId]);
  });

  it('refuses wrong codes, with the row in the path, and writes nothing', async () => {
    const [a] = built;
    const cases: [unknown, Record<string, string>][] = [
      [
        { items: [{ id: a!.userInfoId, payrollCode: '1234567890' }] },
        { 'items.0.payrollCode': 'Il codice dipendente ha al massimo 9 cifre' },
      ],
      [
        { items: [{ id: a!.userInfoId, payrollCode: '12A' }] },
        { 'items.0.payrollCode': 'Il codice dipendente ha al massimo 9 cifre' },
      ],
      [{ items: [] }, { items: 'Campo obbligatorio' }],
      [{ items: [{ id: 'x', payrollCode: '1' }] }, { 'items.0.id': expect.any(String) as unknown as string }],
      [
        { items: Array.from({ length: 2001 }, () => ({ id: a!.userInfoId, payrollCode: '1' })) },
        { items: 'Troppe righe in una volta (al massimo 2000)' },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await put(url, body);
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual(errors);
    }
    expect(await codeOf(a!.userInfoId)).toBeNull();
  });

  it('a record of another workspace (or not an employee) refuses the whole save: 404, nothing written', async () => {
    const [a] = built;
    const adminRecord = await membershipIdOf(ctx, 'admin@demo.timbro.it', ctx.ws.demo);
    for (const other of [betaEmployeeId, adminRecord]) {
      const res = await put(url, {
        items: [
          { id: a!.userInfoId, payrollCode: '11' },
          { id: other, payrollCode: '12' },
        ],
      });
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Dipendente non trovato');
    }
    expect(await codeOf(a!.userInfoId)).toBeNull();
    expect(await codeOf(betaEmployeeId)).toBeNull();
  });

  it('saves several codes at once (spaces dropped, empty clears), in a fixed number of statements, audited', async () => {
    const [a, b, c, d, e] = built;
    const one = await counted(() => put(url, { items: [{ id: a!.userInfoId, payrollCode: '100' }] }));
    expect(one.value.statusCode, one.value.body).toBe(200);
    expect(one.value.json()).toEqual({ updated: 1, errors: [] });
    const many = await counted(() =>
      put(url, {
        items: [
          { id: a!.userInfoId, payrollCode: '101' },
          { id: b!.userInfoId, payrollCode: ' 2 02 ' },
          { id: c!.userInfoId, payrollCode: '9' },
          { id: d!.userInfoId, payrollCode: '000000010' },
          { id: e!.userInfoId, payrollCode: '' },
        ],
      }),
    );
    expect(many.value.statusCode, many.value.body).toBe(200);
    // e had no code and keeps none: 4 changed.
    expect(many.value.json()).toEqual({ updated: 4, errors: [] });
    // Session, memberships, the lock, the update, the audit entry (+ transaction statements): as many for 5 rows as for 1.
    expect(many.n).toBe(one.n);
    expect([await codeOf(a!.userInfoId), await codeOf(b!.userInfoId), await codeOf(d!.userInfoId)]).toEqual([
      '101',
      '202',
      '000000010',
    ]);
    const [entry] = await auditOf(ctx, many.value);
    expect(entry).toMatchObject({ action: 'payroll.employee-codes.update', entityType: 'payroll-settings' });
    expect(entry!.changes).toMatchObject({ [a!.userInfoId]: { from: '100', to: '101' } });
    // Cleared again.
    expect((await put(url, { items: [{ id: c!.userInfoId, payrollCode: null }] })).json()).toEqual({
      updated: 1,
      errors: [],
    });
    expect(await codeOf(c!.userInfoId)).toBeNull();
  });

  it('filters the employees without a code and counts them; sorts by code', async () => {
    const all = await list({ per_page: '200' });
    const withCode = all.items.filter((x) => x.payrollCode !== null).map((x) => x.id);
    expect(withCode.sort()).toEqual([built[0]!.userInfoId, built[1]!.userInfoId, built[3]!.userInfoId].sort());
    expect(all.missing).toBe(all.total - 3);
    const missing = await list({ missing: 'true', per_page: '200' });
    expect(missing.total).toBe(all.missing);
    expect(missing.items.every((x) => x.payrollCode === null)).toBe(true);
    // The count ignores the search: it is the workspace's.
    expect((await list({ missing: 'true', search: 'paghe' })).missing).toBe(all.missing);
    const byCode = await list({ sort: 'code', order: 'asc', per_page: '3' });
    expect(byCode.items.map((x) => x.payrollCode)).toEqual(['000000010', '101', '202']);
  });
});

describe('employee codes import (CSV)', () => {
  function upload(content: string, session: Session = admin, workspace = ctx.ws.demo) {
    const form = new FormData();
    form.append('file', new Blob([content]), 'codici.csv');
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payroll/employees/import',
      headers: { cookie: session.cookie, 'x-client': 'timbro-web', 'x-workspace-id': workspace },
      payload: form,
    });
  }

  it('refuses the whole file while a row is wrong, each error with its line, and writes nothing', async () => {
    const [a, b, , , e] = built;
    const file = [
      'codice_fiscale;email;codice',
      `${a!.fiscalCode};;555`,
      `RSSMRA80A01H501U;;1`,
      `;${b!.email.toUpperCase()};12AB`,
      `;;3`,
      `${a!.fiscalCode.toLowerCase()};;556`,
      `;nessuno@example.it;4`,
      `${e!.fiscalCode};;1234567890`,
    ].join('\r\n');
    const res = await upload(file);
    const body = expectError(res, 400, 'VALIDATION_FAILED');
    expect(body.message).toBe('Il file contiene 6 righe con errori: nessun codice è stato importato');
    expect(body.errors).toEqual([
      { path: 'rows.3.fiscalCode', message: 'Riga 3: Nessun dipendente con codice fiscale RSSMRA80A01H501U' },
      { path: 'rows.4.code', message: 'Riga 4: Il codice dipendente ha al massimo 9 cifre' },
      { path: 'rows.5.fiscalCode', message: 'Riga 5: Indica il dipendente' },
      { path: 'rows.6.row', message: 'Riga 6: Duplicato della riga 2' },
      { path: 'rows.7.email', message: 'Riga 7: Nessun dipendente con email nessuno@example.it' },
      { path: 'rows.8.code', message: 'Riga 8: Il codice dipendente ha al massimo 9 cifre' },
    ]);
    expect(await codeOf(a!.userInfoId)).toBe('101');
  });

  it('refuses a file without the columns, an empty one, and Beta’s people from Demo', async () => {
    const header = expectError(await upload('nome;codice\nMario;1'), 400, 'VALIDATION_FAILED');
    expect(header.message).toBe('Il file deve avere le colonne codice_fiscale (oppure email) e codice');
    const noCode = expectError(await upload(`codice_fiscale\n${built[0]!.fiscalCode}`), 400, 'VALIDATION_FAILED');
    expect(noCode.message).toBe('Il file deve avere le colonne codice_fiscale (oppure email) e codice');
    const empty = expectError(await upload('codice_fiscale;codice\n'), 400, 'VALIDATION_FAILED');
    expect(empty.message).toBe('Il file non contiene righe da importare');
    const [valentina] = await ctx.db
      .select({ cf: userInfos.fiscalCode })
      .from(userInfos)
      .where(eq(userInfos.id, betaEmployeeId));
    const foreign = expectError(await upload(`codice_fiscale;codice\n${valentina!.cf};1`), 400, 'VALIDATION_FAILED');
    expect(foreign.errors![0]!.message).toBe(`Riga 2: Nessun dipendente con codice fiscale ${valentina!.cf}`);
    expect(await codeOf(betaEmployeeId)).toBeNull();
  });

  it('applies a good file (fiscal code or login e-mail, headers in any case, empty code clears) in one go', async () => {
    const [a, b, c, d] = built;
    const file = [
      'Codice Fiscale,Email,Codice',
      `${a!.fiscalCode.toLowerCase()},,701`,
      `,${b!.email},0 702`,
      `${c!.fiscalCode},,703`,
      `${d!.fiscalCode},,`,
    ].join('\n');
    const res = await upload(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 4, errors: [] });
    expect(await Promise.all(built.slice(0, 4).map((x) => codeOf(x.userInfoId)))).toEqual(['701', '0702', '703', null]);
    const [entry] = await auditOf(ctx, res);
    expect(entry).toMatchObject({ action: 'payroll.employee-codes.import', entityType: 'payroll-settings' });
  });

  it('is the admin’s: the labour consultant is refused before the file is read', async () => {
    const accountant = await ctx.login('consulente@demo.timbro.it');
    expectError(await upload(`codice_fiscale;codice\n${built[0]!.fiscalCode};9`, accountant), 403, 'FORBIDDEN');
    expect(await codeOf(built[0]!.userInfoId)).toBe('701');
  });
});

describe('absence types section', () => {
  const url = '/admin/payroll/justifications';
  let ferId: string;
  let malId: string;
  let betaFerId: string;
  beforeAll(async () => {
    ferId = await justificationId(ctx, ctx.ws.demo, 'FER');
    malId = await justificationId(ctx, ctx.ws.demo, 'MAL');
    betaFerId = await justificationId(ctx, ctx.ws.beta, 'FER');
  });

  it('lists every absence type with its payroll code', async () => {
    const res = await ctx.get(url, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as { id: string; code: string; name: string; enabled: boolean; payrollCode: string }[];
    expect(items.find((j) => j.id === ferId)).toEqual({
      id: ferId,
      code: 'FER',
      name: 'Ferie',
      enabled: true,
      payrollCode: 'FE',
    });
    const [count] = await ctx.db
      .select({ id: justifications.id })
      .from(justifications)
      .where(eq(justifications.workspaceId, ctx.ws.demo));
    expect(items.length).toBeGreaterThan(10);
    expect(count).toBeTruthy();
  });

  it('refuses wrong codes and another workspace’s type, writing nothing', async () => {
    for (const code of ['ABCDE', 'F-1', 'è1']) {
      const res = await put(url, { items: [{ id: ferId, payrollCode: code }] });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({
        'items.0.payrollCode': 'Il codice paghe ha al massimo 4 caratteri alfanumerici',
      });
    }
    const foreign = await put(url, {
      items: [
        { id: ferId, payrollCode: 'X1' },
        { id: betaFerId, payrollCode: 'X2' },
      ],
    });
    expect(expectError(foreign, 404, 'NOT_FOUND').message).toBe('Giustificativo non trovato');
    const rows = await ctx.db
      .select({ id: justifications.id, c: justifications.payrollCode })
      .from(justifications)
      .where(inArray(justifications.id, [ferId, betaFerId]));
    expect(rows.map((r) => r.c)).toEqual(['FE', 'FE']);
  });

  it('saves (upper case, spaces trimmed, empty clears) and answers the whole list', async () => {
    const one = await counted(() => put(url, { items: [{ id: ferId, payrollCode: 'fe1' }] }));
    expect(one.value.statusCode, one.value.body).toBe(200);
    const many = await counted(() =>
      put(url, {
        items: [
          { id: ferId, payrollCode: ' fe2 ' },
          { id: malId, payrollCode: '' },
        ],
      }),
    );
    expect(many.n).toBe(one.n);
    const items = many.value.json() as { id: string; payrollCode: string | null }[];
    expect(items.find((j) => j.id === ferId)!.payrollCode).toBe('FE2');
    expect(items.find((j) => j.id === malId)!.payrollCode).toBeNull();
    const [entry] = await auditOf(ctx, many.value);
    expect(entry).toMatchObject({ action: 'payroll.justification-codes.update', entityType: 'payroll-settings' });
    expect(entry!.changes).toMatchObject({ [ferId]: { from: 'FE1', to: 'FE2' }, [malId]: { from: 'MA', to: null } });
  });
});

describe('payrollCodes (the pre-close check and the export read them)', () => {
  it('gives every code of the workspace in three statements', async () => {
    const { value: codes, n } = await counted(() => payrollCodes(ctx.db, workspaceScope(ctx.ws.demo)));
    expect(n).toBe(3);
    expect(codes.company).toEqual({ companyCode: '45', branchCode: null, workedCode: 'ORD', overtimeCode: null });
    expect(codes.employees.get(built[0]!.userInfoId)).toMatchObject({
      payrollCode: '701',
      fiscalCode: built[0]!.fiscalCode,
      lastName: 'Paghetti',
      isMember: true,
    });
    expect(codes.employees.get(marioId)?.payrollCode).toBeNull();
    expect(codes.employees.has(betaEmployeeId)).toBe(false);
    const fer = await justificationId(ctx, ctx.ws.demo, 'FER');
    expect(codes.justifications.get(fer)).toEqual({ code: 'FER', name: 'Ferie', payrollCode: 'FE2' });
    const beta = await payrollCodes(ctx.db, workspaceScope(ctx.ws.beta));
    expect(beta.company.companyCode).toBeNull();
    expect(beta.employees.has(marioId)).toBe(false);
  });
});
