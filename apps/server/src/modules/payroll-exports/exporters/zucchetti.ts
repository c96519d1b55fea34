import { CRLF, compactDate, itemCode, sexagesimal, splitMonth, versionTag, zeroLeft } from './fixed-width';
import type { PayrollExporter, PayrollFileInput, PayrollMovement, RenderedFile } from './types';

/** Codes as wide as the Zucchetti tools pad them (company 6, employee 7); item codes are written as they are. */
const WIDTH = { company: 6, employee: 7 } as const;
// TRRIPW has no branch field (a `Dipendente` carries the company and the employee only): the branch (spec §3) is written
// in the file's name and in the comment that opens it, so two branches' files are told apart and the consultant loads
// each into its own branch (issue 30 item 14); its limit is the app's, so it never blocks an export. Item codes have no
// fixed length in TRRIPW (2 letters are typical): the app's 4.
const LIMITS = { company: WIDTH.company, branch: 2, employee: WIDTH.employee, item: 4 };

/** The five XML entities, so no value can break out of an element or an attribute. */
export function xmlEscape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );
}

/** Only characters XML 1.0 allows, so the payroll's parser never refuses the file. */
function xmlText(value: string): string {
  if (/[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/.test(value))
    throw new Error(`Payroll field: "${value}" is not XML text`);
  return xmlEscape(value);
}

/** Runs of consecutive movements of the same employee code (the input comes sorted by employee). */
function byEmployee(movements: readonly PayrollMovement[]): { employeeCode: string; movements: PayrollMovement[] }[] {
  const runs: { employeeCode: string; movements: PayrollMovement[] }[] = [];
  for (const m of movements) {
    const last = runs.at(-1);
    if (last?.employeeCode === m.employeeCode) last.movements.push(m);
    else runs.push({ employeeCode: m.employeeCode, movements: [m] });
  }
  return runs;
}

/**
 * Zucchetti "Interfaccia rilevazione presenze", XML TRRIPW (Infinity Paghe, Paghe Smart…): one `Dipendente` per
 * employee, one `Movimento` per day and item with the time as whole hours and minutes. The payroll must not generate
 * the theoretical hours itself (`GenerazioneAutomaticaDaTeorico="N"`): the file carries worked time too. Days are never
 * marked as rest days (`GiornoDiRiposo` N): every movement is time to pay. UTF-8, CR LF, two-space indentation.
 */
function render(input: PayrollFileInput): RenderedFile {
  const company = zeroLeft(input.companyCode, WIDTH.company);
  const branch = input.branchCode === null ? null : zeroLeft(input.branchCode, LIMITS.branch);
  const { year, month } = splitMonth(input.month);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- Timbro: azienda ${company}${branch === null ? '' : `, filiale ${branch}`}, mese ${month}/${year} (versione e variazioni nel nome del file) -->`,
    '<Fornitura>',
  ];
  for (const run of byEmployee(input.movements)) {
    const employee = zeroLeft(run.employeeCode, WIDTH.employee);
    lines.push(
      `  <Dipendente CodAziendaUfficiale="${company}" CodDipendenteUfficiale="${employee}">`,
      '    <Movimenti GenerazioneAutomaticaDaTeorico="N">',
    );
    for (const m of run.movements) {
      compactDate(m.date);
      const time = sexagesimal(m.minutes);
      lines.push(
        '      <Movimento>',
        `        <CodGiustificativoUfficiale>${xmlText(itemCode(m.code, LIMITS.item))}</CodGiustificativoUfficiale>`,
        `        <Data>${xmlText(m.date)}</Data>`,
        `        <NumOre>${time.hours}</NumOre>`,
        `        <NumMinuti>${time.minutes}</NumMinuti>`,
        '        <GiornoDiRiposo>N</GiornoDiRiposo>',
        '      </Movimento>',
      );
    }
    lines.push('    </Movimenti>', '  </Dipendente>');
  }
  lines.push('</Fornitura>');
  return {
    fileName: `zucchetti-TRRIPW-${company}${branch === null ? '' : `-${branch}`}-${versionTag(input)}.xml`,
    contentType: 'application/xml',
    body: Buffer.from(lines.join(CRLF) + CRLF, 'utf8'),
    rows: input.movements.length,
  };
}

export const zucchettiExporter: PayrollExporter = {
  id: 'zucchetti',
  limits: LIMITS,
  render,
};
