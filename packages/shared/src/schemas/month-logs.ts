import { z } from 'zod';
import { PAYROLL_CODE_LIMITS } from '../constants';
import { msg } from '../messages';
import { IdSchema, paginationFields, requiredMultilineText } from './common';
import { SheetTotalsSchema } from './attendance';
import { pageOf } from './people';

/** Italian texts of month closing and the payroll hand-off (issue 12). */
export const monthMsg = {
  monthInvalid: 'Indica un mese valido (AAAA-MM)',
  monthInFuture: 'Non si può chiudere un mese che non è ancora iniziato',
  monthLogNotFound: 'Chiusura mensile non trovata',
  alreadyRunning: 'La chiusura di questo mese è già in corso',
  precheckNotConfirmed:
    'Il controllo ha trovato dei problemi: correggili oppure conferma di voler chiudere comunque il mese',
  notFailed: 'Solo una chiusura non riuscita può essere ripetuta',
  notCompleted: 'La versione non è ancora completata',
  notLatest: 'Solo la versione più recente del mese può essere riaperta',
  alreadyReopened: 'Il mese è già stato riaperto',
  reopenReasonRequired: 'Indica il motivo della riapertura (almeno 10 caratteri)',
  crashed: 'La chiusura si è interrotta più volte (riavvio del server): riprova',
  failedGeneric: 'La chiusura non è riuscita per un errore interno: riprova',
  againstInvalid: 'Scegli una versione dello stesso mese',
  exportNotFound: 'File paghe non trovato',
  exportPreflight: 'Il file non può essere creato: correggi i codici paghe indicati',
  profileInvalid: 'Scegli un formato di esportazione',
  companyCodeInvalid: `Il codice azienda ha al massimo ${PAYROLL_CODE_LIMITS.company} cifre`,
  branchCodeInvalid: `Il codice filiale ha al massimo ${PAYROLL_CODE_LIMITS.branch} cifre`,
  employeeCodeInvalid: `Il codice dipendente ha al massimo ${PAYROLL_CODE_LIMITS.employee} cifre`,
  justificationCodeInvalid: `Il codice paghe ha al massimo ${PAYROLL_CODE_LIMITS.justification} caratteri alfanumerici`,
  employeeNotFound: 'Dipendente non trovato',
  tooManyRows: 'Troppe righe in una volta (al massimo 2000)',
  csvHeaderMissing: 'Il file deve avere le colonne codice_fiscale (oppure email) e codice',
  itemWorked: 'Ore lavorate',
  itemOvertime: 'Straordinario',
  companyCodeMissing: 'Manca il codice azienda (Integrazione paghe › Azienda)',
  companyCodeTooLong: (max: number) => `Il codice azienda supera ${max} cifre per questo formato`,
  branchCodeTooLong: (max: number) => `Il codice filiale supera ${max} cifre per questo formato`,
  employeeCodeMissingFor: (name: string) => `Manca il codice dipendente di ${name}`,
  employeeCodeTooLongFor: (name: string, max: number) =>
    `Il codice dipendente di ${name} supera ${max} cifre per questo formato`,
  itemCodeMissingFor: (label: string) => `Manca il codice paghe di «${label}»`,
  itemCodeTooLongFor: (label: string, max: number) =>
    `Il codice paghe di «${label}» supera ${max} caratteri per questo formato`,
} as const;

/** A month as the API takes it: YYYY-MM, within the product's date range. */
export const MonthSchema = z
  .string({ error: monthMsg.monthInvalid })
  .regex(/^(19[7-9]\d|2\d{3})-(0[1-9]|1[0-2])$/, { error: monthMsg.monthInvalid });

export const MONTH_LOG_STATUSES = ['waiting', 'in_progress', 'completed', 'failed'] as const;
export type MonthLogStatus = (typeof MONTH_LOG_STATUSES)[number];

/** The pre-close check's kinds, in the order the page lists them. */
export const PRECHECK_KINDS = [
  'month_not_over',
  'open_requests',
  'missing_exit',
  'unjustified_shortfall',
  'shift_deviation',
  'company_code_missing',
  'employee_code_missing',
  'employee_code_too_long',
  'justification_code_missing',
  'justification_code_too_long',
  'item_code_missing',
] as const;
export type PrecheckKind = (typeof PRECHECK_KINDS)[number];

export const PrecheckItemSchema = z.object({
  kind: z.enum(PRECHECK_KINDS),
  userInfo: z.object({ id: z.string(), name: z.string() }).nullable(),
  justification: z.object({ id: z.string(), code: z.string(), name: z.string() }).nullable(),
  /** The days concerned (open requests, missing exits, shortfalls), at most 31. */
  dates: z.array(z.string()),
  count: z.number(),
});
export type PrecheckItem = z.infer<typeof PrecheckItemSchema>;

export const PrecheckSchema = z.object({
  month: z.string(),
  endOfMonth: z.string(),
  employees: z.number(),
  items: z.array(PrecheckItemSchema),
  /** Total of problems (the items' counts). */
  problems: z.number(),
});
export type Precheck = z.infer<typeof PrecheckSchema>;

export const MonthQuerySchema = z.object({ month: MonthSchema });

export const CloseMonthInputSchema = z.object({
  month: MonthSchema,
  /** Close although the check found problems (recorded on the version and in the audit log). */
  force: z.boolean({ error: msg.invalidValue }).default(false),
});
export type CloseMonthInput = z.input<typeof CloseMonthInputSchema>;

const PersonRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();

export const MonthLogSchema = z.object({
  id: z.string(),
  month: z.string(),
  endOfMonth: z.string(),
  versionNumber: z.number(),
  status: z.enum(MONTH_LOG_STATUSES),
  /** Progress of the job: one step per employee computed, plus one for the final write (so total = employees + 1). */
  progressDone: z.number(),
  progressTotal: z.number(),
  error: z.string().nullable(),
  forced: z.boolean(),
  problems: z.number(),
  createdBy: PersonRefSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenedBy: PersonRefSchema,
  reopenReason: z.string().nullable(),
  /** The newest version of its month. */
  latest: z.boolean(),
  /** Admin changes in the month after this version was made (only for the latest completed version). */
  changesSince: z.number(),
});
export type MonthLog = z.infer<typeof MonthLogSchema>;

export const ListMonthLogsQuerySchema = z.object({
  month: MonthSchema.optional(),
  status: z.enum(MONTH_LOG_STATUSES, { error: msg.invalidValue }).optional(),
  sort: z.enum(['month', 'createdAt'], { error: msg.invalidValue }).default('month'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('desc'),
  ...paginationFields(25),
});
export type ListMonthLogsQuery = z.infer<typeof ListMonthLogsQuerySchema>;
export const MonthLogPageSchema = pageOf(MonthLogSchema);
export type MonthLogPage = z.infer<typeof MonthLogPageSchema>;

/** GET /attendance/admin/month-log/latest: the workspace's newest version, or null when no month was ever closed. */
export const LatestMonthLogSchema = MonthLogSchema.nullable();

/**
 * GET /attendance/ajax/closed-months: the months (YYYY-MM, oldest first) closed in the active workspace — a completed
 * version not reopened, exactly the months where employees can no longer change punches or requests (spec §4, §6).
 * Every role of the workspace reads it: the employee's calendar and request form show them before anyone tries.
 */
export const ClosedMonthsSchema = z.object({ months: z.array(z.string()) });
export type ClosedMonths = z.infer<typeof ClosedMonthsSchema>;

/** A version's frozen employee: totals and the accrual balances at month end (per justification id). */
export const MonthLogEmployeeSchema = z.object({
  userInfoId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  totals: SheetTotalsSchema,
  balances: z.record(z.string(), z.number()),
});
export const MonthLogDetailSchema = MonthLogSchema.extend({
  employees: z.array(MonthLogEmployeeSchema),
  justifications: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
});
export type MonthLogDetail = z.infer<typeof MonthLogDetailSchema>;

export const MonthChangeSchema = z.object({
  id: z.number(),
  date: z.string(),
  userInfo: PersonRefSchema,
  entityType: z.string(),
  entityId: z.string(),
  action: z.string(),
  actor: PersonRefSchema,
  createdAt: z.string(),
});
export type MonthChange = z.infer<typeof MonthChangeSchema>;
export const MonthChangeListSchema = z.array(MonthChangeSchema);

export const ReopenMonthInputSchema = z.object({
  reason: requiredMultilineText(monthMsg.reopenReasonRequired, 500).refine((v) => v.length >= 10, {
    error: monthMsg.reopenReasonRequired,
  }),
});
export type ReopenMonthInput = z.input<typeof ReopenMonthInputSchema>;

export const DiffQuerySchema = z.object({ against: IdSchema.optional() });

/** One changed line between two versions: minutes before and after (0 where the line did not exist). */
export const DiffRowSchema = z.object({
  userInfo: z.object({ id: z.string(), name: z.string() }),
  date: z.string(),
  item: z.string(),
  itemLabel: z.string(),
  before: z.number(),
  after: z.number(),
});
export type DiffRow = z.infer<typeof DiffRowSchema>;
export const MonthLogDiffSchema = z.object({
  from: z.object({ id: z.string(), versionNumber: z.number() }).nullable(),
  to: z.object({ id: z.string(), versionNumber: z.number() }),
  rows: z.array(DiffRowSchema),
});
export type MonthLogDiff = z.infer<typeof MonthLogDiffSchema>;
