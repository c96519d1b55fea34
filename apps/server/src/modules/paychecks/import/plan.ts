import { importMsg, type FieldError, type PublishImport } from '@timbro/shared';
import { slipsOf, type PageAnalysis } from './classify';

/**
 * How a page came to its employee, as the audit keeps it (ADR 0019):
 * - `fiscal_code`: the employee's codice fiscale is on the page;
 * - `continuation`: no codice fiscale at all on the page, and the page before went to the same employee in the
 *   same way (a slip's second page): the slip as a whole carries the employee's code;
 * - `manual`: a person chose this employee although their code is not on the page (confirmed: `manual: true`);
 * - `excluded`: left out (a summary page, a page of someone who is not an employee here).
 */
export type PageHow = 'fiscal_code' | 'continuation' | 'manual' | 'excluded';

export interface PlannedSlip {
  userInfoId: string;
  pages: number[];
  year: number;
  month: number;
  netAmount: number;
  description: string | null;
  /** Absent in plans stored before slips had their own (the plan's then). */
  currencyCode?: string;
}

export interface Plan {
  currencyCode: string;
  decisions: { page: number; userInfoId: string | null; how: PageHow }[];
  slips: PlannedSlip[];
}

/**
 * Checks a publication request against the analysis of the file and the workspace's employees, and makes the plan
 * the job carries out: every page decided once, the hard rule that a page goes to someone whose codice fiscale is not
 * on it only when a person said so, every slip with its fields. Field errors point at `pages.i` / `slips.i`.
 */
export function planPublication(
  analysis: readonly PageAnalysis[],
  fiscalCodeOf: ReadonlyMap<string, string | null>,
  input: PublishImport,
): { plan: Plan } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const total = analysis.length;
  const seen = new Map<number, number>();
  input.pages.forEach((c, i) => {
    if (c.page > total) errors.push({ path: `pages.${i}.page`, message: importMsg.pageUnknown });
    else if (seen.has(c.page)) errors.push({ path: `pages.${i}.page`, message: importMsg.pageTwice });
    else seen.set(c.page, i);
    if (c.userInfoId && !fiscalCodeOf.has(c.userInfoId))
      errors.push({ path: `pages.${i}.userInfoId`, message: importMsg.employeeUnknown });
  });
  if (seen.size < total && errors.length === 0) errors.push({ path: 'pages', message: importMsg.pagesIncomplete });
  if (errors.length) return { errors };

  const decisions: Plan['decisions'] = [];
  for (let page = 1; page <= total; page++) {
    const i = seen.get(page)!;
    const choice = input.pages[i]!;
    const a = analysis[page - 1]!;
    if (!choice.userInfoId) {
      // Left out only by a person's choice, or as a company summary: a page that needed a person (no text, two codici
      // fiscali, nobody recognised) is never dropped in silence (issue 30 item 11).
      if (choice.excluded || a.class === 'summary') decisions.push({ page, userInfoId: null, how: 'excluded' });
      else errors.push({ path: `pages.${i}.userInfoId`, message: importMsg.pageUndecided });
      continue;
    }
    const code = fiscalCodeOf.get(choice.userInfoId)?.toUpperCase() ?? null;
    const before = decisions[page - 2];
    let how: PageHow;
    if (code && a.fiscalCodes.includes(code)) how = 'fiscal_code';
    else if (
      a.fiscalCodes.length === 0 &&
      a.class !== 'no_text' &&
      before?.userInfoId === choice.userInfoId &&
      (before.how === 'fiscal_code' || before.how === 'continuation')
    )
      how = 'continuation';
    else if (choice.manual) how = 'manual';
    else {
      errors.push({ path: `pages.${i}.userInfoId`, message: importMsg.manualRequired });
      continue;
    }
    decisions.push({ page, userInfoId: choice.userInfoId, how });
  }
  if (errors.length) return { errors };

  const groups = slipsOf(decisions);
  if (groups.length === 0) return { errors: [{ path: 'pages', message: importMsg.nothingToPublish }] };
  const fields = new Map(input.slips.map((s, i) => [s.firstPage, { ...s, i }]));
  const starts = new Set(groups.map((g) => g.pages[0]!));
  input.slips.forEach((s, i) => {
    if (!starts.has(s.firstPage)) errors.push({ path: `slips.${i}.firstPage`, message: importMsg.slipUnknown });
  });
  const slips: PlannedSlip[] = [];
  for (const g of groups) {
    const f = fields.get(g.pages[0]!);
    if (!f) {
      errors.push({ path: 'slips', message: importMsg.slipMissing });
      break;
    }
    slips.push({
      userInfoId: g.userInfoId,
      pages: g.pages,
      year: f.year,
      month: f.month,
      netAmount: f.netAmount,
      description: f.description ?? null,
      currencyCode: f.currencyCode ?? input.currencyCode,
    });
  }
  if (errors.length) return { errors };
  return { plan: { currencyCode: input.currencyCode, decisions, slips } };
}
