import type { ImportPage, ImportPerson, PaycheckImportDetail, PublishImportInput } from '@timbro/shared';

/**
 * The review of an import, on the client (ADR 0019): the chosen employee of every page (the analysis's suggestion
 * until a person changes it), the slips those choices make (consecutive pages of one employee), and the fields of each
 * slip, pre-filled from what its first page shows. The server checks all of it again when it is published.
 */

export interface PageChoice {
  userInfoId: string | null;
  /** A person chose it (not the analysis): sent as `manual`. */
  byPerson: boolean;
}

export interface SlipFields {
  year: number;
  month: number;
  netAmount: string;
  description: string;
}

export interface Slip {
  userInfoId: string;
  pages: number[];
}

/** Pages that need a person: ambiguous, no text layer, no employee recognised. */
export const needsAttention = (p: ImportPage) =>
  p.class === 'ambiguous' || p.class === 'no_text' || p.class === 'unassigned';

export function initialChoices(pages: readonly ImportPage[]): Record<number, PageChoice> {
  return Object.fromEntries(pages.map((p) => [p.page, { userInfoId: p.userInfoId, byPerson: false }]));
}

/** Pages still to decide: no employee, not left out by the person, not a company summary (issue 30 item 11). */
export function undecidedPages(pages: readonly ImportPage[], choices: Record<number, PageChoice>): number[] {
  return pages
    .filter((p) => p.class !== 'summary' && !choices[p.page]?.userInfoId && !choices[p.page]?.byPerson)
    .map((p) => p.page);
}

/** Consecutive pages of one employee make one slip (pages left out break nothing but are skipped). */
export function slipsOf(choices: Record<number, PageChoice>, total: number): Slip[] {
  const slips: Slip[] = [];
  for (let page = 1; page <= total; page++) {
    const who = choices[page]?.userInfoId;
    if (!who) continue;
    const last = slips.at(-1);
    if (last && last.userInfoId === who && last.pages.at(-1) === page - 1) last.pages.push(page);
    else slips.push({ userInfoId: who, pages: [page] });
  }
  return slips;
}

/** The fields of a slip as first shown: the period its first page names (or the import's), the net it shows. */
export function suggestedFields(detail: PaycheckImportDetail, firstPage: number): SlipFields {
  const page = detail.pages[firstPage - 1];
  return {
    year: page?.period?.year ?? detail.year,
    month: page?.period?.month ?? detail.month,
    netAmount: page?.netAmount != null ? page.netAmount.toFixed(2).replace('.', ',') : '',
    description: '',
  };
}

/** The currency a slip's first page writes its net in, or the euro. */
export const slipCurrency = (detail: PaycheckImportDetail, firstPage: number) =>
  detail.pages[firstPage - 1]?.currencyCode ?? 'EUR';

/** Whether the chosen employee's codice fiscale is on the page (otherwise a person must have chosen them). */
export function codeOnPage(page: ImportPage, person: ImportPerson | undefined) {
  return !!person?.fiscalCode && page.fiscalCodes.includes(person.fiscalCode.toUpperCase());
}

export function publishBody(
  detail: PaycheckImportDetail,
  choices: Record<number, PageChoice>,
  fields: Record<number, SlipFields>,
): PublishImportInput {
  const slips = slipsOf(choices, detail.pages.length);
  return {
    pages: detail.pages.map((p) => ({
      page: p.page,
      userInfoId: choices[p.page]?.userInfoId ?? null,
      manual: choices[p.page]?.byPerson ?? false,
      // Left out by the person's own choice (the server publishes a page without employee only so, or a summary).
      excluded: !choices[p.page]?.userInfoId && (choices[p.page]?.byPerson ?? false),
    })),
    slips: slips.map((s) => {
      const f = fields[s.pages[0]!] ?? suggestedFields(detail, s.pages[0]!);
      return {
        firstPage: s.pages[0]!,
        year: f.year,
        month: f.month,
        netAmount: f.netAmount,
        description: f.description.trim() || undefined,
        // The currency the slip's first page writes its net in (issue 30 item 14); the euro when it writes none.
        currencyCode: slipCurrency(detail, s.pages[0]!),
      };
    }),
    currencyCode: 'EUR',
  };
}

/** "1", "1–2", "4–6": a slip's pages. */
export const pageRange = (pages: readonly number[]) =>
  pages.length === 1 ? String(pages[0]) : `${pages[0]}–${pages.at(-1)}`;
