import type { AdminPaycheck, PaycheckImportDetail } from '@timbro/shared';
import { marioUser, sessionOf } from '../../testing/fake-api';

/** Test data of the pay-slip pages. */

export const adminSession = sessionOf();

export const memberSession = sessionOf(marioUser);

export function paycheck(over: Partial<AdminPaycheck> = {}): AdminPaycheck {
  return {
    id: 'pc-1',
    userInfo: { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' },
    year: 2026,
    month: 10,
    description: null,
    netAmount: 1534.2,
    currencyCode: 'EUR',
    attachment: {
      id: 'f-1',
      name: 'cedolino.pdf',
      contentType: 'application/pdf',
      size: 48_000,
      sha256: 'a'.repeat(64),
      createdAt: '2026-11-03T09:00:00.000Z',
    },
    attachmentFirstOpenAt: null,
    createdAt: '2026-11-03T09:00:00.000Z',
    updatedAt: '2026-11-03T09:00:00.000Z',
    opens: 0,
    ...over,
  };
}

export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, perPage: 25 });

export const people = [
  { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi', fiscalCode: 'RSSMRA80A01F205X' },
  { id: 'ui-anna', firstName: 'Anna', lastName: 'Verdi', fiscalCode: 'VRDNNA85C41F205Y' },
];

export function importDetail(over: Partial<PaycheckImportDetail> = {}): PaycheckImportDetail {
  return {
    id: 'imp-1',
    fileName: 'cedolini-ottobre.pdf',
    size: 30_000,
    sha256: 'b'.repeat(64),
    year: 2026,
    month: 10,
    status: 'ready',
    pagesDone: 3,
    pagesTotal: 3,
    error: null,
    publishedCount: null,
    createdAt: '2026-11-03T09:00:00.000Z',
    createdBy: 'u-anna',
    publishedAt: null,
    publishedBy: null,
    pages: [
      {
        page: 1,
        class: 'assigned',
        userInfoId: 'ui-mario',
        fiscalCodes: ['RSSMRA80A01F205X'],
        period: { year: 2026, month: 10 },
        netAmount: 1534.2,
      },
      { page: 2, class: 'continuation', userInfoId: 'ui-mario', fiscalCodes: [], period: null, netAmount: null },
      { page: 3, class: 'unassigned', userInfoId: null, fiscalCodes: [], period: null, netAmount: 980 },
    ],
    people,
    published: null,
    ...over,
  };
}
