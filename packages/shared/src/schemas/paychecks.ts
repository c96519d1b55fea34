import { z } from 'zod';
import { msg } from '../messages';
import { DateOnlySchema, multilineText, optionalString, paginationFields, requiredString, yearField } from './common';
import { StoredFileSchema } from './files';
import { pageOf } from './people';
import { parseAmount } from '../domain/amounts';

export { parseAmount };

/** Italian texts of pay slips and documents (spec §5, §8). */
export const docMsg = {
  paycheckNotFound: 'Cedolino non trovato',
  paycheckDeleted: 'Cedolino eliminato',
  documentNotFound: 'Documento non trovato',
  documentDeleted: 'Documento eliminato',
  monthInvalid: 'Il mese deve essere compreso tra 1 e 12',
  netAmountRequired: "Indica l'importo netto",
  netAmountInvalid: "L'importo netto deve essere un numero con al massimo due decimali",
  netAmountRange: "L'importo netto deve essere compreso tra 0 e 1.000.000",
  currencyInvalid: 'La valuta deve essere un codice di tre lettere (es. EUR)',
  labelRequired: "Indica l'etichetta del documento",
  attachmentRequired: 'Allega il file',
  reminderDaysInvalid: 'Indica fino a 5 anticipi diversi, ciascuno tra 0 e 365 giorni',
} as const;

/** The Italian texts of the month's delivery report (CSV and PDF, ADR 0019). */
export const deliveryReportText = {
  csvHeader: [
    'Cognome',
    'Nome',
    'Codice fiscale',
    'Descrizione',
    'Pubblicato il',
    'Prima apertura',
    'Aperture',
    'Promemoria inviato il',
    'Stato',
  ],
  opened: 'Aperto',
  overdue: 'Non aperto da oltre 7 giorni',
  notYetOpened: 'Non ancora aperto',
  pdfColumns: {
    employee: 'Dipendente',
    fiscalCode: 'Codice fiscale',
    publishedAt: 'Pubblicato il',
    firstOpenAt: 'Prima apertura',
    opens: 'Aperture',
    reminder: 'Promemoria',
  },
  pdfTitle: (period: string) => `Consegna cedolini ${period}`,
  pdfHeading: (company: string, period: string) => `${company} — consegna dei cedolini di ${period}`,
  pdfSummary: (s: {
    published: number;
    opened: number;
    unopened: number;
    overdue: number;
    reminded: number;
    opens: number;
  }) =>
    `Pubblicati ${s.published} · aperti ${s.opened} · non aperti ${s.unopened} (${s.overdue} da oltre 7 giorni) · ` +
    `promemoria inviati ${s.reminded} · aperture totali ${s.opens}.`,
  pdfNote:
    "Le aperture sono quelle del dipendente (i download di amministratori e consulente non contano). Orari nel fuso dell'azienda.",
  pdfEmpty: 'Nessun cedolino pubblicato in questo mese.',
} as const;

const amountField = z
  .union([z.string(), z.number()], { error: docMsg.netAmountRequired })
  .refine((v) => String(v).trim() !== '', { error: docMsg.netAmountRequired, abort: true })
  .transform((v, ctx) => {
    const n = parseAmount(v);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: docMsg.netAmountInvalid });
      return z.NEVER;
    }
    return n;
  })
  .refine((n) => n >= 0 && n <= 1_000_000, { error: docMsg.netAmountRange });

/** A currency as its ISO code: three letters, upper-cased (`eur` is EUR). */
export const currencyCodeField = () =>
  z
    .string({ error: docMsg.currencyInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: docMsg.currencyInvalid });

/** The form of a pay slip (multipart fields: strings; numbers are read from them). The file is the `file` part. */
export const PaycheckFieldsSchema = z.object({
  year: yearField({ coerce: true }),
  month: z.coerce
    .number({ error: docMsg.monthInvalid })
    .int({ error: docMsg.monthInvalid })
    .min(1, { error: docMsg.monthInvalid })
    .max(12, { error: docMsg.monthInvalid }),
  description: optionalString(200),
  netAmount: amountField,
  currencyCode: currencyCodeField().default('EUR'),
});
export type PaycheckFieldsInput = z.input<typeof PaycheckFieldsSchema>;

const PersonRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const PaycheckSchema = z.object({
  id: z.string(),
  userInfo: PersonRefSchema,
  year: z.number(),
  month: z.number(),
  description: z.string().nullable(),
  netAmount: z.number(),
  currencyCode: z.string(),
  attachment: StoredFileSchema,
  /** When the employee first opened the file (spec: attachmentFirstOpenAt). */
  attachmentFirstOpenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Paycheck = z.infer<typeof PaycheckSchema>;

/** What admins and the consultant see besides: how many times the file was opened, by anyone. */
export const AdminPaycheckSchema = PaycheckSchema.extend({ opens: z.number() });
export type AdminPaycheck = z.infer<typeof AdminPaycheckSchema>;
export const AdminPaycheckPageSchema = pageOf(AdminPaycheckSchema);
export type AdminPaycheckPage = z.infer<typeof AdminPaycheckPageSchema>;
export const PaycheckPageSchema = pageOf(PaycheckSchema);

export const ListPaychecksQuerySchema = z.object({
  ...paginationFields(25),
  sort: z.enum(['period', 'name', 'createdAt', 'netAmount'], { error: msg.invalidValue }).default('period'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('desc'),
  year: yearField({ coerce: true }).optional(),
  month: z.coerce
    .number({ error: docMsg.monthInvalid })
    .int()
    .min(1, { error: docMsg.monthInvalid })
    .max(12, { error: docMsg.monthInvalid })
    .optional(),
  user_info_id: z.uuid({ error: msg.invalidId }).optional(),
  /** opened: the employee has opened it; unopened: not yet. */
  opened: z.enum(['opened', 'unopened'], { error: msg.invalidValue }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListPaychecksQuery = z.output<typeof ListPaychecksQuerySchema>;

/** A member's own list: newest first, by year. */
export const MyPaychecksQuerySchema = z.object({
  ...paginationFields(25),
  year: yearField({ coerce: true }).optional(),
});

// Documents ---------------------------------------------------------------------------------------------------

export const DocumentFieldsSchema = z.object({
  label: requiredString(docMsg.labelRequired, 200),
  description: multilineText(2000),
  expiresAt: z
    .union([z.literal(''), DateOnlySchema])
    .nullish()
    .transform((v) => (v ? v : null)),
  note: multilineText(2000),
});
export type DocumentFieldsInput = z.input<typeof DocumentFieldsSchema>;

export const DocumentSchema = z.object({
  id: z.string(),
  userInfo: PersonRefSchema,
  label: z.string(),
  description: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** Past its expiry: hidden from the employee, still listed for admins (spec §4). */
  expired: z.boolean(),
  attachment: StoredFileSchema,
  attachmentFirstOpenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Document = z.infer<typeof DocumentSchema>;
/** Admins also see the internal note and the number of opens. */
export const AdminDocumentSchema = DocumentSchema.extend({ note: z.string().nullable(), opens: z.number() });
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;
export const AdminDocumentPageSchema = pageOf(AdminDocumentSchema);
export const DocumentPageSchema = pageOf(DocumentSchema);

export const ListDocumentsQuerySchema = z.object({
  ...paginationFields(25),
  sort: z.enum(['label', 'name', 'expiresAt', 'createdAt'], { error: msg.invalidValue }).default('createdAt'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('desc'),
  user_info_id: z.uuid({ error: msg.invalidId }).optional(),
  /** valid: not expired; expiring: expires within 30 days; expired: past its expiry. */
  status: z.enum(['valid', 'expiring', 'expired'], { error: msg.invalidValue }).optional(),
  search: z.string().trim().max(100).optional(),
});
export type ListDocumentsQuery = z.output<typeof ListDocumentsQuerySchema>;

export const MyDocumentsQuerySchema = z.object({ ...paginationFields(25) });

/** When the expiry reminders of documents go: days before expiresAt (0 = the day itself), at most five, distinct. */
export const DocumentSettingsSchema = z.object({
  reminderDays: z
    .array(
      z
        .number({ error: docMsg.reminderDaysInvalid })
        .int({ error: docMsg.reminderDaysInvalid })
        .min(0, { error: docMsg.reminderDaysInvalid })
        .max(365, { error: docMsg.reminderDaysInvalid }),
      { error: docMsg.reminderDaysInvalid },
    )
    .max(5, { error: docMsg.reminderDaysInvalid })
    .refine((d) => new Set(d).size === d.length, { error: docMsg.reminderDaysInvalid })
    .transform((d) => [...d].sort((a, b) => b - a)),
});
export type DocumentSettings = z.output<typeof DocumentSettingsSchema>;
export const DocumentSettingsResponseSchema = z.object({ reminderDays: z.array(z.number()) });
