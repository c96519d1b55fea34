import fs from 'node:fs';
import path from 'node:path';
import { PAYROLL_PROFILES } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { csvCell } from './csv';
import { INAZ_RECORD_BYTES } from './inaz';
import { exporterOf, PAYROLL_EXPORTERS } from './index';
import type { PayrollFileInput, PayrollMovement } from './types';
import { xmlEscape } from './zucchetti';

const FIXTURES = path.join(import.meta.dirname, '__fixtures__');

const rossi = { employeeCode: '123', fiscalCode: 'RSSMRA80A01H501U', lastName: 'Rossi', firstName: 'Mario' };
// A 6-digit code (too long for the INAZ 5-digit field), an accent and the characters files must escape.
const sciarra = { employeeCode: '123456', fiscalCode: null, lastName: "Sciarrà & Dell'Orto", firstName: 'Nicolò' };
const mov = (
  who: Pick<PayrollMovement, 'employeeCode' | 'fiscalCode' | 'lastName' | 'firstName'>,
  date: string,
  code: string,
  kind: PayrollMovement['kind'],
  minutes: number,
): PayrollMovement => ({ ...who, date, code, kind, minutes });

/** Two employees, a few days of March 2026: worked, overtime, holidays, sick leave and a permit. */
const FIXTURE_INPUT: PayrollFileInput = {
  month: '2026-03',
  companyCode: '145',
  branchCode: '3',
  versionNumber: 2,
  baseVersionNumber: null,
  movements: [
    mov(rossi, '2026-03-02', 'ORD', 'worked', 480),
    mov(rossi, '2026-03-03', 'ORD', 'worked', 450),
    mov(rossi, '2026-03-03', 'STR', 'overtime', 20),
    mov(rossi, '2026-03-04', 'FE', 'justification', 480),
    mov(sciarra, '2026-03-02', 'MAL', 'justification', 480),
    mov(sciarra, '2026-03-03', 'ORD', 'worked', 240),
    mov(sciarra, '2026-03-03', 'PE', 'justification', 240),
    mov(sciarra, '2026-03-31', 'ORD', 'worked', 7),
  ],
};

const FIXTURE_FILES = {
  zucchetti: 'zucchetti-TRRIPW-000145-03-2026-03-v2.xml',
  inaz: 'DATRILEU',
  csv: 'presenze-2026-03-v2.csv',
};

describe('payroll profiles: byte-exact fixtures', () => {
  for (const id of PAYROLL_PROFILES) {
    it(`${id} renders the fixture month byte for byte`, () => {
      const file = exporterOf(id).render(FIXTURE_INPUT);
      const fixture = path.join(FIXTURES, FIXTURE_FILES[id]);
      // To rewrite a fixture after a deliberate format change: UPDATE_PAYROLL_FIXTURES=1, then check it by hand.
      if (process.env.UPDATE_PAYROLL_FIXTURES) fs.writeFileSync(fixture, file.body);
      expect(file.fileName).toBe(FIXTURE_FILES[id]);
      expect(file.rows).toBe(FIXTURE_INPUT.movements.length);
      expect(file.body.equals(fs.readFileSync(fixture))).toBe(true);
    });
  }

  it('has one exporter per profile, under its own id', () => {
    expect(Object.keys(PAYROLL_EXPORTERS).sort()).toEqual([...PAYROLL_PROFILES].sort());
    for (const id of PAYROLL_PROFILES) expect(exporterOf(id).id).toBe(id);
  });

  it('declares the code lengths each profile holds', () => {
    expect(exporterOf('zucchetti').limits).toEqual({ company: 6, branch: 2, employee: 7, item: 4 });
    expect(exporterOf('inaz').limits).toEqual({ company: 5, branch: 3, employee: 9, item: 3 });
    expect(exporterOf('csv').limits).toEqual({ company: 4, branch: 2, employee: 9, item: 4 });
  });
});

describe('the branch code in every profile (issue 30 item 14)', () => {
  it('Zucchetti, whose TRRIPW has no branch field, names the branch in the file name and its opening comment', () => {
    const file = exporterOf('zucchetti').render(FIXTURE_INPUT);
    expect(file.fileName).toContain('-000145-03-');
    expect(file.body.toString('utf8').split('\r\n')[1]).toBe(
      '<!-- Timbro: azienda 000145, filiale 03, mese 03/2026 (versione e variazioni nel nome del file) -->',
    );
    const none = exporterOf('zucchetti').render({ ...FIXTURE_INPUT, branchCode: null });
    expect(none.body.toString('utf8').split('\r\n')[1]).toBe(
      '<!-- Timbro: azienda 000145, mese 03/2026 (versione e variazioni nel nome del file) -->',
    );
  });
});

describe('payroll profiles: details', () => {
  const changes: PayrollFileInput = {
    ...FIXTURE_INPUT,
    versionNumber: 3,
    baseVersionNumber: 2,
    branchCode: null,
    movements: [mov(rossi, '2026-03-03', 'STR', 'overtime', 0)],
  };

  it('names a changes-only file after both versions', () => {
    expect(exporterOf('zucchetti').render(changes).fileName).toBe(
      'zucchetti-TRRIPW-000145-2026-03-v2-v3-variazioni.xml',
    );
    expect(exporterOf('csv').render(changes).fileName).toBe('presenze-2026-03-v2-v3-variazioni.csv');
    expect(exporterOf('inaz').render(changes).fileName).toBe('DATRILEU');
  });

  it('writes a line that went away as zero time, and no branch as zeros (INAZ) or empty (CSV)', () => {
    const xml = exporterOf('zucchetti').render(changes).body.toString('utf8');
    expect(xml).toContain('<NumOre>0</NumOre>\r\n        <NumMinuti>0</NumMinuti>');
    const inaz = exporterOf('inaz').render(changes).body.toString('ascii');
    expect(inaz.length).toBe(INAZ_RECORD_BYTES);
    expect(inaz.slice(20, 23)).toBe('000');
    expect(inaz.slice(28, 37)).toBe('000000000');
    expect(inaz.slice(87, 92)).toBe('00000');
    const csv = exporterOf('csv').render(changes).body.toString('utf8');
    expect(csv.split('\r\n')[1]).toBe('0145;;000000123;RSSMRA80A01H501U;Rossi;Mario;2026-03-03;STR;0;0;0,00');
  });

  it('renders an empty month', () => {
    const empty = { ...FIXTURE_INPUT, movements: [] };
    expect(exporterOf('zucchetti').render(empty).body.toString('utf8')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- Timbro: azienda 000145, filiale 03, mese 03/2026 (versione e variazioni nel nome del file) -->\r\n<Fornitura>\r\n</Fornitura>\r\n',
    );
    expect(exporterOf('inaz').render(empty).body.length).toBe(0);
    expect(exporterOf('csv').render(empty).body.toString('utf8')).toBe(
      '\ufeffcodice_azienda;codice_filiale;codice_dipendente;codice_fiscale;cognome;nome;data;codice;ore;minuti;ore_decimali\r\nTOTALE;;;;;;;;0;0;0,00\r\n',
    );
  });

  it('refuses codes longer than the profile holds, rather than cutting them', () => {
    const withCode = (patch: Partial<PayrollMovement>, input: Partial<PayrollFileInput> = {}) => ({
      ...FIXTURE_INPUT,
      ...input,
      movements: [{ ...(FIXTURE_INPUT.movements[0] as PayrollMovement), ...patch }],
    });
    expect(() => exporterOf('zucchetti').render(withCode({ employeeCode: '12345678' }))).toThrow();
    expect(() => exporterOf('inaz').render(withCode({ code: 'FERI' }))).toThrow();
    expect(() => exporterOf('inaz').render(withCode({}, { companyCode: '123456' }))).toThrow();
    expect(() => exporterOf('csv').render(withCode({}, { branchCode: '123' }))).toThrow();
    expect(() => exporterOf('csv').render(withCode({ code: 'F;E' }))).toThrow();
    expect(() => exporterOf('csv').render(withCode({ minutes: -5 }))).toThrow();
    expect(() => exporterOf('zucchetti').render(withCode({ date: '2026-3-2' }))).toThrow();
  });

  it('escapes XML and CSV cells, and neutralises spreadsheet formulas', () => {
    expect(xmlEscape(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    expect(csvCell('Rossi')).toBe('Rossi');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+39')).toBe("'+39");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('writes names in NFC, so an accent is one character whatever the input had', () => {
    const decomposed = { ...(FIXTURE_INPUT.movements[0] as PayrollMovement), firstName: 'Nicolo\u0300' };
    const csv = exporterOf('csv')
      .render({ ...FIXTURE_INPUT, movements: [decomposed] })
      .body.toString('utf8');
    expect(csv).toContain(';Nicol\u00f2;');
  });
});
