import {
  apiMsg,
  employeeCodeField,
  ErrorCode,
  monthMsg,
  normalizeCodiceFiscale,
  type PayrollCodesImportResult,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { AppError, fileError } from '../../lib/errors';
import { DEFAULT_MAX_ROWS, locateColumns, readImportTable, type Table } from '../../lib/spreadsheet';
import type { RequestCtx } from '../../plugins/request-context';
import { applyEmployeeCodes } from './payroll-settings.service';
import { importableEmployees } from './payroll-settings.repository';

/**
 * The employees' payroll codes from a CSV (or XLSX) file: `codice_fiscale` (or `email`, the login e-mail) and
 * `codice`. An empty code clears the employee's code, as in the grid. All or nothing, like the punch import: any wrong
 * row refuses the file (400, every row's error in Italian); otherwise one transaction writes the codes.
 */
export const PAYROLL_CODE_COLUMNS = [
  { key: 'fiscalCode', aliases: ['codice_fiscale', 'codicefiscale', 'cf', 'fiscal_code'] },
  { key: 'email', aliases: ['email', 'e_mail', 'mail'] },
  { key: 'code', aliases: ['codice', 'codice_paghe', 'codice_dipendente', 'matricola', 'code'] },
] as const;
type Key = (typeof PAYROLL_CODE_COLUMNS)[number]['key'];

/** "Codice fiscale", "codice-fiscale" and "CODICE_FISCALE" are the same header. */
const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');

function mapColumns(table: Table): Map<Key, number> {
  const map = locateColumns(table, PAYROLL_CODE_COLUMNS, norm);
  if (!map.has('code') || !(map.has('fiscalCode') || map.has('email'))) throw fileError(monthMsg.csvHeaderMissing);
  return map;
}

interface RowError {
  line: number;
  field: string;
  message: string;
}

export async function importEmployeeCodes(
  deps: AppDeps,
  ctx: RequestCtx,
  buf: Buffer,
): Promise<PayrollCodesImportResult> {
  // Bounded while read: a file over the row limit is refused whole (400), a workbook that inflates too much is a 413.
  const table = await readImportTable(buf, { maxRows: DEFAULT_MAX_ROWS });
  const columns = mapColumns(table);
  const codeRule = employeeCodeField();
  return deps.db.transaction(async (tx) => {
    const people = await importableEmployees(tx, ctx.scope);
    const byCf = new Map(people.filter((p) => p.fiscalCode).map((p) => [p.fiscalCode!.toUpperCase(), p.id]));
    const byEmail = new Map(people.map((p) => [p.email.toLowerCase(), p.id]));
    const errors: RowError[] = [];
    const items: { id: string; payrollCode: string | null }[] = [];
    const firstLine = new Map<string, number>();
    for (const r of table.rows) {
      const cell = (key: Key) => (columns.has(key) ? (r.cells[columns.get(key)!] ?? '').trim() : '');
      const [cf, email, code] = [cell('fiscalCode'), cell('email'), cell('code')];
      const fail = (field: string, message: string) => errors.push({ line: r.line, field, message });
      let id: string | undefined;
      if (cf) {
        id = byCf.get(normalizeCodiceFiscale(cf));
        if (!id) fail('fiscalCode', apiMsg.import.noEmployeeWithFiscalCode(normalizeCodiceFiscale(cf)));
      } else if (email) {
        id = byEmail.get(email.toLowerCase());
        if (!id) fail('email', apiMsg.import.noEmployeeWithEmail(email));
      } else fail(columns.has('fiscalCode') ? 'fiscalCode' : 'email', apiMsg.import.employeeMissing);
      const parsed = codeRule.safeParse(code);
      if (!parsed.success) fail('code', monthMsg.employeeCodeInvalid);
      if (id) {
        const first = firstLine.get(id);
        if (first !== undefined) fail('row', apiMsg.import.duplicateOfRow(first));
        else firstLine.set(id, r.line);
      }
      if (id && parsed.success) items.push({ id, payrollCode: parsed.data });
    }
    if (errors.length > 0) {
      const badRows = new Set(errors.map((e) => e.line)).size;
      throw new AppError(ErrorCode.VALIDATION_FAILED, apiMsg.import.payrollCodesRefused(badRows), {
        errors: errors
          .slice(0, 200)
          .map((e) => ({ path: `rows.${e.line}.${e.field}`, message: apiMsg.import.row(e.line, e.message) })),
      });
    }
    const updated = await applyEmployeeCodes(tx, ctx, items, 'payroll.employee-codes.import');
    return { updated, errors: [] };
  });
}
