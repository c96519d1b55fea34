import type { ImportPage, PaycheckImportDetail } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { initialChoices, publishBody, undecidedPages, type PageChoice } from './review-state';

const page = (n: number, cls: ImportPage['class']) => ({ page: n, class: cls }) as ImportPage;

describe('undecidedPages (issue 30 item 11)', () => {
  it('a page with no employee is decided only when a person left it out; a company summary needs no one', () => {
    const pages = [
      page(1, 'assigned'),
      page(2, 'no_text'),
      page(3, 'ambiguous'),
      page(4, 'summary'),
      page(5, 'unassigned'),
    ];
    const choices: Record<number, PageChoice> = {
      1: { userInfoId: 'ui-mario', byPerson: false },
      2: { userInfoId: null, byPerson: false },
      3: { userInfoId: null, byPerson: true },
      4: { userInfoId: null, byPerson: false },
      5: { userInfoId: null, byPerson: false },
    };
    expect(undecidedPages(pages, choices)).toEqual([2, 5]);
    expect(
      undecidedPages(pages, {
        ...choices,
        2: { userInfoId: 'ui-anna', byPerson: true },
        5: { userInfoId: null, byPerson: true },
      }),
    ).toEqual([]);
  });
});

describe('publishBody: the slip’s currency (issue 30 item 14)', () => {
  it('is the one its first page writes its net in, or the euro', () => {
    const detail = {
      year: 2026,
      month: 10,
      pages: [
        {
          page: 1,
          class: 'assigned',
          userInfoId: 'ui-a',
          fiscalCodes: [],
          period: null,
          netAmount: 2400,
          currencyCode: 'CHF',
        },
        {
          page: 2,
          class: 'assigned',
          userInfoId: 'ui-b',
          fiscalCodes: [],
          period: null,
          netAmount: 1000,
          currencyCode: null,
        },
      ],
    } as unknown as PaycheckImportDetail;
    const body = publishBody(detail, initialChoices(detail.pages), {});
    expect(body.slips.map((s) => [s.firstPage, s.currencyCode])).toEqual([
      [1, 'CHF'],
      [2, 'EUR'],
    ]);
  });
});
