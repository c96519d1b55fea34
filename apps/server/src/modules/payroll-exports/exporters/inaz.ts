import { CRLF, compactDate, impliedDecimalHours, itemCode, spaceRight, splitMonth, zeroLeft } from './fixed-width';
import type { PayrollExporter, PayrollFileInput, PayrollMovement, RenderedFile } from './types';

/** Bytes per record, CR LF included (DATRILEU spec). */
export const INAZ_RECORD_BYTES = 128;
const LIMITS = { company: 5, branch: 3, employee: 9, item: 3 };
/**
 * The short employee field (13–17) holds 5 digits; a code with more significant digits leaves it at zeros and is
 * only in the 9-digit field (79–87).
 */
const SHORT_EMPLOYEE = 5;

/** One field of a record: its first position (1-based, as in the spec) and its already padded text. */
type Field = [start: number, text: string];

/** Joins the fields, checking that each starts where the spec puts it, so no field can shift the ones after it. */
function record(fields: Field[]): string {
  let line = '';
  for (const [start, text] of fields) {
    if (line.length !== start - 1) throw new Error(`DATRILEU: field at ${start} would start at ${line.length + 1}`);
    line += text;
  }
  line += CRLF;
  if (line.length !== INAZ_RECORD_BYTES) throw new Error(`DATRILEU: record of ${line.length} bytes`);
  return line;
}

function movementRecord(
  year: string,
  month: string,
  company: string,
  branch: string | null,
  m: PayrollMovement,
): string {
  const date = compactDate(m.date);
  const employee9 = zeroLeft(m.employeeCode, LIMITS.employee);
  // Numeric fields: "000040" is 40, which the 5-digit field holds; a code of 6 or more significant digits does not.
  const significant = employee9.replace(/^0+(?=\d)/, '');
  const employee5 =
    significant.length > SHORT_EMPLOYEE ? '0'.repeat(SHORT_EMPLOYEE) : zeroLeft(significant, SHORT_EMPLOYEE);
  return record([
    [1, 'X'], // tipo presenze: third-party attendance system
    [2, year],
    [6, month],
    [8, company],
    [13, employee5],
    [18, spaceRight('', 3)], // codice ente: not used
    [21, branch === null ? '000' : zeroLeft(branch, 3)], // codice cantiere
    [24, '0'], // tipo cedolino
    [25, '0'], // numero cedolino
    [26, spaceRight(itemCode(m.code, LIMITS.item), 3)], // codice voce cedolino
    [29, zeroLeft(impliedDecimalHours(m.minutes, 4), 9)], // ore, 4 implied decimals
    [38, '0'.repeat(11)], // dato base
    [49, '0'.repeat(11)], // importo
    [60, date], // data dal, AAAAMMGG
    [68, date], // data al: the same day (one record per day)
    [76, ' '], // aggregazione
    [77, '00'], // numero cedolino bis
    [79, employee9],
    [88, branch === null ? '00000' : zeroLeft(branch, 5)], // codice cantiere, 5 digits
    [93, spaceRight('', 34)], // filler up to the CR LF
  ]);
}

/**
 * INAZ Paghe.NET "DATRILEU — Riepilogo Mensile" (rev. 2008-03-19): fixed width, 128 bytes per record with the CR LF,
 * ASCII, one record per employee, day and item, the time in hours with 4 implied decimals. The file must be called
 * DATRILEU (copied into the IMPORTA folder), so the month and the version are in the records, not in the name.
 * Decisions where the spec is silent: numeric fields zero-left, alphanumeric ones space-right; dates AAAAMMGG; an
 * employee code of more than 5 significant digits leaves the 5-digit field at zeros and is written in the 9-digit
 * one; no branch → cantiere 000 / 00000; ente, tipo and numero cedolino, dato base, importo and aggregazione unused.
 */
function render(input: PayrollFileInput): RenderedFile {
  const { year, month } = splitMonth(input.month);
  const company = zeroLeft(input.companyCode, LIMITS.company);
  const text = input.movements.map((m) => movementRecord(year, month, company, input.branchCode, m)).join('');
  if (Buffer.byteLength(text, 'utf8') !== text.length) throw new Error('DATRILEU: not ASCII');
  return {
    fileName: 'DATRILEU',
    contentType: 'text/plain; charset=us-ascii',
    body: Buffer.from(text, 'ascii'),
    rows: input.movements.length,
  };
}

export const inazExporter: PayrollExporter = { id: 'inaz', limits: LIMITS, render };
