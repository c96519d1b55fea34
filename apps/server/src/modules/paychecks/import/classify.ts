import { isValidCodiceFiscale, ITALIAN_MONTHS, parseAmount } from '@timbro/shared';

/**
 * How each page of a bulk pay-slip PDF is assigned (ADR 0019, italian-domain.md §4.6): pure, from the text of the
 * pages and the workspace's employees by codice fiscale. The import job extracts the text; the review screen shows
 * the result, "needs attention" first.
 *
 * - `assigned`: exactly one employee's codice fiscale (valid check character, omocodia letters allowed) is on it;
 * - `continuation`: no codice fiscale, and the page before belongs to someone (a slip's second page) — unless the
 *   page opens a slip of its own (it names a pay period and does not say it follows: SEGUE, CONTINUA);
 * - `ambiguous`: several employees' codici fiscali;
 * - `summary`: a company summary (RIEPILOGO) page with no employee on it: left out;
 * - `no_text`: no text layer (a scan): a person assigns it;
 * - `unassigned`: text, but no employee of this company recognised on it.
 */
export type PageClass = 'assigned' | 'continuation' | 'ambiguous' | 'summary' | 'no_text' | 'unassigned';

export interface PageAnalysis {
  /** 1-based. */
  page: number;
  class: PageClass;
  /** The suggested employee (assigned or continuation), or null. */
  userInfoId: string | null;
  /** The valid codici fiscali read on the page (employees or not). */
  fiscalCodes: string[];
  /** Month and year the page names ("OTTOBRE 2026", "periodo 10/2026"), when it does. */
  period: { year: number; month: number } | null;
  /** The net pay the page shows ("NETTO … 1.534,20"), when it does: a suggestion for the review. */
  netAmount: number | null;
  /** The currency the page writes its net in ("EUR", "€", "CHF"), when it does (issue 30 item 14). */
  currencyCode: string | null;
}

const OMO = '[0-9LMNPQRSTUV]';
const CF = new RegExp(`[A-Z]{6}${OMO}{2}[ABCDEHLMPRST]${OMO}{2}[A-Z]${OMO}{3}[A-Z]`, 'g');
const MONTHS = ITALIAN_MONTHS.map((m) => m.toUpperCase());
const MONTH_YEAR = new RegExp(`\\b(${MONTHS.join('|')})\\s+(20\\d{2})\\b`);
const NUMERIC_PERIOD = /\bPERIODO\D{0,20}?\b(0?[1-9]|1[0-2])\s*[/-]\s*(20\d{2})\b/;
const NET =
  /\bNETTO(?:\s+(?:DEL\s+MESE|IN\s+BUSTA|A\s+PAGARE|DA\s+PAGARE))?\s*:?\s*(EUR|CHF|USD|GBP|€)?\s*(\d{1,3}(?:\.\d{3})*,\d{2}|\d+,\d{2}|\d+\.\d{2})\s*(EUR|CHF|USD|GBP|€)?/;
const SUMMARY = /\bRIEPILOG(?:O|HI)\b/;
const FOLLOWS = /\b(?:SEGUE|SEGUITO|CONTINUA|CONTINUAZIONE)\b/;

/** The valid codici fiscali in a text, in order of appearance, once each; spaced-out characters are read too. */
export function findFiscalCodes(text: string): string[] {
  const upper = text.toUpperCase();
  const found = new Set<string>();
  for (const candidate of [upper, upper.replace(/\s+/g, '')])
    for (const m of candidate.matchAll(CF)) if (isValidCodiceFiscale(m[0])) found.add(m[0]);
  return [...found];
}

export function periodOf(text: string): { year: number; month: number } | null {
  const upper = text.toUpperCase();
  const named = MONTH_YEAR.exec(upper);
  if (named) return { year: Number(named[2]), month: MONTHS.indexOf(named[1]!) + 1 };
  const numeric = NUMERIC_PERIOD.exec(upper);
  return numeric ? { year: Number(numeric[2]), month: Number(numeric[1]) } : null;
}

export function netAmountOf(text: string): number | null {
  const m = NET.exec(text.toUpperCase().replace(/\s+/g, ' '));
  return m ? parseAmount(m[2]!) : null;
}

/** The currency written beside the net pay ("NETTO EUR 1.534,20", "NETTO 1.534,20 €"), or null when none is. */
export function currencyOf(text: string): string | null {
  const m = NET.exec(text.toUpperCase().replace(/\s+/g, ' '));
  const code = m?.[1] ?? m?.[3] ?? null;
  return code === '€' ? 'EUR' : code;
}

/** Classifies every page; `employees` maps each employee's codice fiscale (uppercase) to their record id. */
export function classifyPages(
  pages: readonly { text: string }[],
  employees: ReadonlyMap<string, string>,
): PageAnalysis[] {
  const out: PageAnalysis[] = [];
  let previous: string | null = null;
  pages.forEach(({ text }, i) => {
    const base = { page: i + 1, period: periodOf(text), netAmount: netAmountOf(text), currencyCode: currencyOf(text) };
    if (text.replace(/\s+/g, '') === '') {
      out.push({ ...base, class: 'no_text', userInfoId: null, fiscalCodes: [] });
      previous = null;
      return;
    }
    const fiscalCodes = findFiscalCodes(text);
    const people = [...new Set(fiscalCodes.map((cf) => employees.get(cf)).filter((id): id is string => !!id))];
    let result: Pick<PageAnalysis, 'class' | 'userInfoId'>;
    if (people.length === 1) result = { class: 'assigned', userInfoId: people[0]! };
    else if (people.length > 1) result = { class: 'ambiguous', userInfoId: null };
    else if (SUMMARY.test(text.toUpperCase())) result = { class: 'summary', userInfoId: null };
    else if (fiscalCodes.length === 0 && previous && (!base.period || FOLLOWS.test(text.toUpperCase())))
      result = { class: 'continuation', userInfoId: previous };
    else result = { class: 'unassigned', userInfoId: null };
    out.push({ ...base, ...result, fiscalCodes });
    previous = result.userInfoId;
  });
  return out;
}

/** Pages that need a person, first: ambiguous, no text, unassigned; then the rest in page order. */
export function attentionFirst(pages: readonly PageAnalysis[]): PageAnalysis[] {
  const rank: Record<PageClass, number> = {
    ambiguous: 0,
    no_text: 1,
    unassigned: 2,
    continuation: 3,
    assigned: 3,
    summary: 4,
  };
  return [...pages].sort((a, b) => rank[a.class] - rank[b.class] || a.page - b.page);
}

/**
 * Consecutive pages of one employee make one slip: the groups to publish, from the chosen employee of each page
 * (null: left out).
 */
export function slipsOf(choices: readonly { page: number; userInfoId: string | null }[]) {
  const slips: { userInfoId: string; pages: number[] }[] = [];
  for (const c of [...choices].sort((a, b) => a.page - b.page)) {
    if (!c.userInfoId) continue;
    const last = slips.at(-1);
    if (last && last.userInfoId === c.userInfoId && last.pages.at(-1) === c.page - 1) last.pages.push(c.page);
    else slips.push({ userInfoId: c.userInfoId, pages: [c.page] });
  }
  return slips;
}
