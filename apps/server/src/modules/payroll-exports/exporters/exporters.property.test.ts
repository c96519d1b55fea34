import { PAYROLL_PROFILES, type PayrollProfileId } from '@timbro/shared';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { CSV_HEADER, CSV_TOTAL_LABEL } from './csv';
import { INAZ_RECORD_BYTES } from './inaz';
import { exporterOf } from './index';
import type { PayrollExporter, PayrollFileInput, PayrollMovement } from './types';

/** What a file says about one movement, read back from its bytes. */
interface Parsed {
  employee: string;
  date: string;
  code: string;
  minutes: number;
}

/** A cheap `expect(actual).toEqual(expected)` for the hot loops (vitest's expect is slow at 10⁵ calls). */
function same(actual: unknown, expected: unknown, what: string) {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`);
}
function matches(actual: string, re: RegExp, what: string) {
  if (!re.test(actual)) throw new Error(`${what}: ${JSON.stringify(actual)} does not match ${re}`);
}

const ZUCCHETTI_MOVEMENT = [
  /^ {6}<Movimento>$/,
  /^ {8}<CodGiustificativoUfficiale>([A-Za-z0-9]+)<\/CodGiustificativoUfficiale>$/,
  /^ {8}<Data>(\d{4}-\d{2}-\d{2})<\/Data>$/,
  /^ {8}<NumOre>(0|[1-9]\d*)<\/NumOre>$/,
  /^ {8}<NumMinuti>([0-9]|[1-5][0-9])<\/NumMinuti>$/,
  /^ {8}<GiornoDiRiposo>N<\/GiornoDiRiposo>$/,
  /^ {6}<\/Movimento>$/,
];

/** Reads a TRRIPW file line by line, refusing any line out of the expected grammar. */
function parseZucchetti(body: Buffer, company: string): { movements: Parsed[]; employees: number } {
  const text = body.toString('utf8');
  same(text.endsWith('\r\n'), true, 'last CR LF');
  const lines = text.slice(0, -2).split('\r\n');
  for (const l of lines) matches(l, /^[^\r\n]*$/, 'bare CR or LF');
  let i = 0;
  const next = (re: RegExp) => {
    const m = re.exec(lines[i++] ?? '');
    if (!m) throw new Error(`line ${i}: ${lines[i - 1]} does not match ${re}`);
    return m;
  };
  next(/^<\?xml version="1\.0" encoding="UTF-8"\?>$/);
  next(
    /^<!-- Timbro: azienda \d{6}(, filiale \d{2})?, mese \d{2}\/\d{4} \(versione e variazioni nel nome del file\) -->$/,
  );
  next(/^<Fornitura>$/);
  const movements: Parsed[] = [];
  let employees = 0;
  while (lines[i] !== '</Fornitura>') {
    const head = next(/^ {2}<Dipendente CodAziendaUfficiale="(\d{6})" CodDipendenteUfficiale="(\d{7})">$/);
    same(head[1], company.padStart(6, '0'), 'company');
    employees++;
    next(/^ {4}<Movimenti GenerazioneAutomaticaDaTeorico="N">$/);
    do {
      const [, code = '', date = '', hours, minutes] = ZUCCHETTI_MOVEMENT.map(next).map((m) => m[1]);
      movements.push({ employee: head[2] ?? '', date, code, minutes: Number(hours) * 60 + Number(minutes) });
    } while (lines[i] === '      <Movimento>');
    next(/^ {4}<\/Movimenti>$/);
    next(/^ {2}<\/Dipendente>$/);
  }
  same(i, lines.length - 1, 'lines after </Fornitura>');
  return { movements, employees };
}

/** Reads DATRILEU records by position, checking the constant fields. */
function parseInaz(body: Buffer, input: PayrollFileInput): Parsed[] {
  same(body.length % INAZ_RECORD_BYTES, 0, 'record length');
  same(
    body.every((b) => b < 0x80),
    true,
    'ASCII',
  );
  const out: Parsed[] = [];
  for (let at = 0; at < body.length; at += INAZ_RECORD_BYTES) {
    const r = body.subarray(at, at + INAZ_RECORD_BYTES).toString('ascii');
    const f = (pos: number, len: number) => r.slice(pos - 1, pos - 1 + len);
    same(r.length, INAZ_RECORD_BYTES, 'record length');
    same(f(127, 2), '\r\n', 'CR LF');
    matches(r.slice(0, 126), /^[^\r\n]*$/, 'bare CR or LF');
    same(f(1, 7), `X${input.month.replace('-', '')}`, 'type, year, month');
    same(f(8, 5), input.companyCode.padStart(5, '0'), 'company');
    const employee = f(79, 9);
    same(f(13, 5), /^0{4}/.test(employee) ? employee.slice(4) : '00000', 'employee (5)');
    same(f(18, 8), `   ${(input.branchCode ?? '').padStart(3, '0')}00`, 'ente, cantiere, cedolino');
    same(f(88, 5), (input.branchCode ?? '').padStart(5, '0'), 'cantiere (5)');
    same(f(38, 22), '0'.repeat(22), 'dato base, importo');
    same(f(60, 8), f(68, 8), 'data dal = data al');
    same(f(76, 3), ' 00', 'aggregazione, cedolino bis');
    same(f(93, 34), ' '.repeat(34), 'filler');
    matches(f(26, 3), /^[A-Za-z0-9]+ *$/, 'voce');
    matches(f(29, 9), /^\d{9}$/, 'ore');
    const d = f(60, 8);
    out.push({
      employee,
      date: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`,
      code: f(26, 3).trimEnd(),
      // 4 implied decimals of hours: one minute is 166.7 units, so rounding back is exact.
      minutes: Math.round((Number(f(29, 9)) * 6) / 1000),
    });
  }
  return out;
}

/** RFC 4180 with `;`: quoted cells may hold ; " CR LF, quotes doubled. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && cell === '') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quote');
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') break;
        else cell += text[i++];
      }
      i++;
      if (!(text[i] === ';' || text.startsWith('\r\n', i))) throw new Error(`text after a quote at ${i}`);
    } else if (text[i] === ';') {
      row.push(cell);
      cell = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 2;
    } else if (text[i] === '"' || text[i] === '\r' || text[i] === '\n') throw new Error(`bare ${text[i]} at ${i}`);
    else cell += text[i++];
  }
  if (cell !== '' || row.length) throw new Error('last record without CR LF');
  return rows;
}

/** An independent reference for the decimal hours (float, then fixed to two places, comma). */
const decimalHours = (minutes: number) => (Math.round((minutes * 100) / 60) / 100).toFixed(2).replace('.', ',');
const neutralised = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function parseCsv(body: Buffer, input: PayrollFileInput): Parsed[] {
  same([...body.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'BOM');
  const rows = readCsv(body.subarray(3).toString('utf8'));
  same(rows[0], CSV_HEADER, 'header');
  const data = rows.slice(1, -1);
  const total = rows.at(-1) as string[];
  const out: Parsed[] = data.map((cells, n) => {
    const m = input.movements[n] as PayrollMovement;
    const r = (k: number) => cells[k] ?? '';
    same(cells.length, CSV_HEADER.length, 'cells');
    same(
      cells.slice(0, 2),
      [input.companyCode.padStart(4, '0'), input.branchCode?.padStart(2, '0') ?? ''],
      'company, branch',
    );
    same(
      cells.slice(3, 6),
      [
        neutralised(m.fiscalCode ?? ''),
        neutralised(m.lastName.normalize('NFC')),
        neutralised(m.firstName.normalize('NFC')),
      ],
      'fiscal code and names',
    );
    matches(r(9), /^([0-9]|[1-5][0-9])$/, 'minuti');
    const minutes = Number(r(8)) * 60 + Number(r(9));
    same(r(10), decimalHours(minutes), 'ore_decimali');
    return { employee: r(2), date: r(6), code: r(7), minutes };
  });
  // The totals row: hours and minutes of the summed minutes, equal to the rows' hours and minutes summed.
  same(total.slice(0, 8), [CSV_TOTAL_LABEL, '', '', '', '', '', '', ''], 'totals row');
  const rowsHours = data.reduce((s, r) => s + Number(r[8]), 0);
  const rowsMinutes = data.reduce((s, r) => s + Number(r[9]), 0);
  same(Number(total[8]), rowsHours + Math.floor(rowsMinutes / 60), 'total hours');
  same(Number(total[9]), rowsMinutes % 60, 'total minutes');
  const sum = Number(total[8]) * 60 + Number(total[9]);
  same(total[10], decimalHours(sum), 'total ore_decimali');
  return out;
}

const digits = (max: number) => fc.stringMatching(new RegExp(`^\\d{1,${max}}$`));
const name = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      'a',
      'è',
      'ò',
      'À',
      'o\u0300',
      '&',
      ';',
      '"',
      "'",
      '\r',
      '\n',
      '\t',
      '=',
      '+',
      '-',
      '@',
      ' ',
      '<',
    ),
    maxLength: 12,
  }),
);

/** A random month: employees with random codes (within the app's limits), days, items and minutes. */
const monthArb = fc
  .record({
    year: fc.integer({ min: 2000, max: 2099 }),
    month: fc.integer({ min: 1, max: 12 }),
    companyCode: digits(4),
    branchCode: fc.option(digits(2)),
    versionNumber: fc.integer({ min: 1, max: 99 }),
    changesOnly: fc.boolean(),
    employees: fc.array(
      fc.record({
        employeeCode: digits(9),
        fiscalCode: fc.option(fc.oneof(fc.stringMatching(/^[A-Z0-9]{16}$/), name)),
        lastName: name,
        firstName: name,
        lines: fc.array(
          fc.record({
            day: fc.integer({ min: 1, max: 31 }),
            code: fc.stringMatching(/^[A-Z0-9]{1,4}$/),
            kind: fc.constantFrom<PayrollMovement['kind']>('worked', 'overtime', 'justification'),
            minutes: fc.integer({ min: 1, max: 1440 }),
          }),
          { maxLength: 12 },
        ),
      }),
      { maxLength: 6 },
    ),
  })
  .map((r): PayrollFileInput => {
    const month = `${r.year}-${String(r.month).padStart(2, '0')}`;
    const days = new Date(Date.UTC(r.year, r.month, 0)).getUTCDate();
    return {
      month,
      companyCode: r.companyCode,
      branchCode: r.branchCode,
      versionNumber: r.versionNumber + 1,
      baseVersionNumber: r.changesOnly ? r.versionNumber : null,
      movements: r.employees.flatMap(({ lines, ...who }) =>
        lines
          .map((l) => ({
            ...who,
            date: `${month}-${String(Math.min(l.day, days)).padStart(2, '0')}`,
            code: l.code,
            kind: l.kind,
            // A changes-only file carries 0 for a line that went away.
            minutes: r.changesOnly && l.minutes % 5 === 0 ? 0 : l.minutes,
          }))
          .sort((a, b) => a.date.localeCompare(b.date)),
      ),
    };
  });

/** The input cut to what the profile holds (preflight refuses longer codes; here they are shortened instead). */
function fit(input: PayrollFileInput, { limits }: PayrollExporter): PayrollFileInput {
  return {
    ...input,
    companyCode: input.companyCode.slice(-limits.company),
    branchCode: input.branchCode?.slice(-limits.branch) ?? null,
    movements: input.movements.map((m) => ({
      ...m,
      employeeCode: m.employeeCode.slice(-limits.employee),
      code: m.code.slice(0, limits.item),
    })),
  };
}

const WIDTH: Record<PayrollProfileId, number> = { zucchetti: 7, inaz: 9, csv: 9 };

describe('payroll profiles: property', () => {
  it(
    'write every movement once, keep the minutes, and give the same bytes for the same month',
    { timeout: 120_000 },
    () => {
      fc.assert(
        fc.property(monthArb, (month) => {
          for (const id of PAYROLL_PROFILES) {
            const exporter = exporterOf(id);
            const input = fit(month, exporter);
            const file = exporter.render(input);
            const parsed =
              id === 'zucchetti'
                ? parseZucchetti(file.body, input.companyCode)
                : { movements: id === 'inaz' ? parseInaz(file.body, input) : parseCsv(file.body, input), employees: 0 };
            const sum = (ms: { minutes: number }[]) => ms.reduce((s, m) => s + m.minutes, 0);
            same(parsed.movements.length, input.movements.length, `${id}: data rows`);
            same(file.rows, input.movements.length, `${id}: rows`);
            same(sum(parsed.movements), sum(input.movements), `${id}: minutes`);
            same(
              parsed.movements,
              input.movements.map((m) => ({
                employee: m.employeeCode.padStart(WIDTH[id], '0'),
                date: m.date,
                code: m.code,
                minutes: m.minutes,
              })),
              `${id}: movements`,
            );
            if (id === 'zucchetti') {
              const runs = input.movements.filter(
                (m, n) => n === 0 || input.movements[n - 1]?.employeeCode !== m.employeeCode,
              );
              same(parsed.employees, runs.length, 'zucchetti: one Dipendente per run of the same employee');
            }
            const again = exporter.render(structuredClone(input));
            same(again.body.equals(file.body), true, `${id}: same bytes`);
            same(again.fileName, file.fileName, `${id}: same name`);
          }
        }),
        { numRuns: 1000 },
      );
    },
  );
});
