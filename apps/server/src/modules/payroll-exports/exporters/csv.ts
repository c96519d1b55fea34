import {
  CRLF,
  checkMinutes,
  compactDate,
  italianDecimalHours,
  itemCode,
  sexagesimal,
  versionTag,
  zeroLeft,
} from './fixed-width';
import { BOM, csvCell } from '../../../lib/csv';
import type { PayrollExporter, PayrollFileInput, PayrollMovement, RenderedFile } from './types';

const LIMITS = { company: 4, branch: 2, employee: 9, item: 4 };
export const CSV_HEADER = [
  'codice_azienda',
  'codice_filiale',
  'codice_dipendente',
  'codice_fiscale',
  'cognome',
  'nome',
  'data',
  'codice',
  'ore',
  'minuti',
  'ore_decimali',
] as const;
export const CSV_TOTAL_LABEL = 'TOTALE';
export { csvCell } from '../../../lib/csv';

const line = (cells: readonly string[]) => cells.map(csvCell).join(';') + CRLF;

/** Hours, minutes and decimal hours of a number of minutes: 450 → 7, 30, "7,50". */
function time(minutes: number): string[] {
  const t = sexagesimal(minutes);
  return [String(t.hours), String(t.minutes), italianDecimalHours(minutes)];
}

function movementRow(company: string, branch: string, m: PayrollMovement): string {
  compactDate(m.date);
  return line([
    company,
    branch,
    zeroLeft(m.employeeCode, LIMITS.employee),
    m.fiscalCode ?? '',
    m.lastName.normalize('NFC'),
    m.firstName.normalize('NFC'),
    m.date,
    itemCode(m.code, LIMITS.item),
    ...time(m.minutes),
  ]);
}

/**
 * A plain grid for any payroll program or the consultant's spreadsheet: one row per employee, day and item, then a
 * TOTALE row. Semicolons, CR LF and UTF-8 with BOM, as Italian Excel opens it; codes zero-padded (company 4, branch 2,
 * employee 9, no branch → empty) and ISO dates. The codes must be imported as text to keep their leading zeros (Excel
 * drops them when it opens the file with a double click). The totals are of the summed minutes, so their hours and
 * minutes equal the rows' hours and minutes summed; their decimal hours may differ by a few hundredths from the sum of
 * the rows' (each row is rounded by itself).
 */
function render(input: PayrollFileInput): RenderedFile {
  const company = zeroLeft(input.companyCode, LIMITS.company);
  const branch = input.branchCode === null ? '' : zeroLeft(input.branchCode, LIMITS.branch);
  const total = input.movements.reduce((sum, m) => sum + checkMinutes(m.minutes), 0);
  const text =
    line(CSV_HEADER) +
    input.movements.map((m) => movementRow(company, branch, m)).join('') +
    line([CSV_TOTAL_LABEL, '', '', '', '', '', '', '', ...time(total)]);
  return {
    fileName: `presenze-${versionTag(input)}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: Buffer.concat([BOM, Buffer.from(text, 'utf8')]),
    rows: input.movements.length,
  };
}

export const csvExporter: PayrollExporter = { id: 'csv', limits: LIMITS, render };
