import { z } from 'zod';
import { ITALIAN_MONTHS } from '../domain/dates';
import { msg } from '../messages';
import { optionalString, paginationFields, yearField } from './common';
import { currencyCodeField, docMsg, parseAmount } from './paychecks';
import { pageOf } from './people';

/**
 * The bulk pay-slip import (spec §2 "/admin/paycheck/import", §5 "Import needs a file with at least one page and a
 * chosen employee per page"; ADR 0019): one PDF, read page by page, reviewed, published all at once.
 */

/** At most this many pages in one import (500-page monthly files are the benchmark; twice that is refused). */
export const IMPORT_MAX_PAGES = 1000;

/** Slips unopened this many days after publication get their one reminder. */
export const PAYSLIP_REMINDER_DAYS = 7;

const monthName = (year: number, month: number) => `${ITALIAN_MONTHS[month - 1]} ${year}`;

export const importMsg = {
  notFound: 'Importazione non trovata',
  duplicate: (year: number, month: number) =>
    `Questo file è già stato importato per ${monthName(year, month)}. Vuoi importarlo di nuovo?`,
  notReady: "L'importazione non è pronta: attendi la fine della lettura delle pagine",
  alreadyPublished: 'Questa importazione è già stata pubblicata',
  notCancellable: 'Un’importazione pubblicata o in pubblicazione non può essere annullata',
  deleted: 'Importazione eliminata',
  noPages: 'Il file non contiene pagine',
  tooManyPages: `Il file ha più di ${IMPORT_MAX_PAGES} pagine: dividilo in più file`,
  unreadable: 'Il PDF non è leggibile: esportalo di nuovo dal programma paghe',
  encrypted: 'Il PDF è protetto da password: esportalo senza password',
  absurd:
    'Il PDF contiene dati compressi anomali (troppo grandi una volta decompressi): esportalo di nuovo dal programma paghe',
  limitMemory: (mb: number) =>
    `Il PDF richiede più di ${mb} MB di memoria per essere letto: esportalo di nuovo dal programma paghe o dividilo in più file`,
  limitPageTime: (seconds: number) =>
    `Una pagina del PDF richiede più di ${seconds} secondi per essere letta: esportalo di nuovo dal programma paghe`,
  limitFileTime: (seconds: number) =>
    `La lettura del PDF ha superato il tempo massimo (${seconds} secondi): dividilo in più file`,
  crashed: 'La lettura si è interrotta più volte: carica di nuovo il file',
  failedGeneric: 'Pubblicazione non riuscita: nessun cedolino è stato pubblicato. Riprova',
  pagesIncomplete: 'Scegli un dipendente, o escludi la pagina, per ogni pagina del file',
  pageUndecided: 'Scegli un dipendente per questa pagina, oppure escludila',
  pageUnknown: 'Pagina non presente nel file',
  pageTwice: 'Pagina indicata più volte',
  employeeUnknown: 'Dipendente non trovato in questa azienda',
  manualRequired:
    'Il codice fiscale del dipendente scelto non compare su questa pagina: conferma che l’assegnazione è voluta',
  slipMissing: 'Indica anno, mese e importo netto di ogni cedolino',
  slipUnknown: 'Nessun cedolino inizia da questa pagina',
  nothingToPublish: 'Nessuna pagina è assegnata: non c’è nulla da pubblicare',
  publishing: (n: number) => `Pubblicazione di ${n} cedolini avviata`,
} as const;

export const IMPORT_STATUSES = ['waiting', 'analysing', 'ready', 'publishing', 'published', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const PAGE_CLASSES = ['assigned', 'continuation', 'ambiguous', 'summary', 'no_text', 'unassigned'] as const;
export type ImportPageClass = (typeof PAGE_CLASSES)[number];

const monthField = z.coerce
  .number({ error: docMsg.monthInvalid })
  .int({ error: docMsg.monthInvalid })
  .min(1, { error: docMsg.monthInvalid })
  .max(12, { error: docMsg.monthInvalid });

/** The upload form's fields (multipart, beside the PDF as `file`). */
export const ImportUploadFieldsSchema = z.object({
  year: yearField({ coerce: true }),
  month: monthField,
  /** "true" after the person confirmed importing again a file already imported for this month. */
  confirm: z
    .enum(['true', 'false'], { error: msg.invalidValue })
    .optional()
    .transform((v) => v === 'true'),
});

const PersonSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fiscalCode: z.string().nullable(),
});
export type ImportPerson = z.infer<typeof PersonSchema>;

export const ImportPageSchema = z.object({
  page: z.number(),
  class: z.enum(PAGE_CLASSES),
  /** The employee the analysis suggests (by codice fiscale, or the previous page's for a continuation). */
  userInfoId: z.string().nullable(),
  fiscalCodes: z.array(z.string()),
  period: z.object({ year: z.number(), month: z.number() }).nullable(),
  netAmount: z.number().nullable(),
  /** The currency written beside the net ("EUR", "CHF"), when the page writes one (absent in older analyses). */
  currencyCode: z.string().nullable().optional(),
});
export type ImportPage = z.infer<typeof ImportPageSchema>;

export const PaycheckImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number(),
  sha256: z.string(),
  year: z.number(),
  month: z.number(),
  status: z.enum(IMPORT_STATUSES),
  pagesDone: z.number(),
  pagesTotal: z.number(),
  error: z.string().nullable(),
  publishedCount: z.number().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});
export type PaycheckImport = z.infer<typeof PaycheckImportSchema>;
export const PaycheckImportPageSchema = pageOf(PaycheckImportSchema);

/** One import with its pages (once read) and every person they name or could be given to. */
export const PaycheckImportDetailSchema = PaycheckImportSchema.extend({
  pages: z.array(ImportPageSchema),
  /** The workspace's employees, for the review's choices (id, name, codice fiscale). */
  people: z.array(PersonSchema),
  /** What was published (once published): the choice of every page and how it was made. */
  published: z
    .array(
      z.object({
        page: z.number(),
        userInfoId: z.string().nullable(),
        how: z.enum(['fiscal_code', 'continuation', 'manual', 'excluded']),
      }),
    )
    .nullable(),
});
export type PaycheckImportDetail = z.infer<typeof PaycheckImportDetailSchema>;

export const ListImportsQuerySchema = z.object({ ...paginationFields(10) });

const amount = z.union([z.string(), z.number()], { error: docMsg.netAmountRequired }).transform((v, ctx) => {
  const n = String(v).trim() === '' ? null : parseAmount(v);
  if (n === null || n < 0 || n > 1_000_000) {
    ctx.addIssue({ code: 'custom', message: n === null ? docMsg.netAmountInvalid : docMsg.netAmountRange });
    return z.NEVER;
  }
  return n;
});

const pageNumber = z
  .number({ error: importMsg.pageUnknown })
  .int({ error: importMsg.pageUnknown })
  .min(1)
  .max(IMPORT_MAX_PAGES);

/**
 * POST /admin/paycheck/import/{id}/publish: the chosen employee of every page (null with `excluded`: a person left the
 * page out; a company summary page may be left out without it, issue 30 item 11), and the
 * fields of every slip, keyed by its first page (consecutive pages of one employee make one slip). `manual` says a
 * person chose this employee for a page that does not show their codice fiscale.
 */
export const PublishImportSchema = z.object({
  pages: z
    .array(
      z.object({
        page: pageNumber,
        userInfoId: z.uuid({ error: importMsg.employeeUnknown }).nullable(),
        manual: z.boolean().default(false),
        /** A person left this page out (a page with no employee is published only so, or as a company summary). */
        excluded: z.boolean().default(false),
      }),
      { error: importMsg.pagesIncomplete },
    )
    .min(1, { error: importMsg.pagesIncomplete })
    .max(IMPORT_MAX_PAGES),
  slips: z
    .array(
      z.object({
        firstPage: pageNumber,
        year: yearField({ coerce: true }),
        month: monthField,
        netAmount: amount,
        description: optionalString(200),
        /** The slip's currency (read on its first page); the import's `currencyCode` when absent. */
        currencyCode: currencyCodeField().optional(),
      }),
    )
    .max(IMPORT_MAX_PAGES),
  currencyCode: currencyCodeField().default('EUR'),
});
export type PublishImportInput = z.input<typeof PublishImportSchema>;
export type PublishImport = z.output<typeof PublishImportSchema>;

// The delivery report -----------------------------------------------------------------------------------------

export const DeliveryQuerySchema = z.object({ year: yearField({ coerce: true }), month: monthField });

export const DeliverySummarySchema = z.object({
  year: z.number(),
  month: z.number(),
  published: z.number(),
  opened: z.number(),
  unopened: z.number(),
  /** Unopened more than PAYSLIP_REMINDER_DAYS after publication. */
  overdue: z.number(),
  reminded: z.number(),
  opens: z.number(),
});
export type DeliverySummary = z.infer<typeof DeliverySummarySchema>;
