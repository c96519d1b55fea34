// Longer than ~300 lines on purpose: the whole API contract of attendance (clock, punches, requests, decisions, day
// sheets, timesheet, imports) with its Italian messages, one schema per payload; each schema is short and stands alone.
import { z } from 'zod';
import { msg } from '../messages';
import {
  DateOnlySchema,
  IdSchema,
  inputMsg,
  isDateInRange,
  isRealDate,
  multilineText,
  optionalString,
  paginationFields,
  requiredMultilineText,
} from './common';
import { pageOf } from './people';

/** Italian texts of the attendance module (clock-ins, absence requests, attendance data). */
export const attMsg = {
  directionInvalid: 'Indica se è un’entrata o un’uscita',
  alreadyIn: (time: string) => `Hai già timbrato l’entrata alle ${time}: ora puoi timbrare l’uscita`,
  notIn: 'Non c’è un’entrata da chiudere: timbra prima l’entrata',
  noMembership: 'Non risulti dipendente di questa azienda',
  punchAtRequired: 'Inserisci data e ora (AAAA-MM-GG HH:mm:ss)',
  punchInFuture: 'La timbratura non può essere nel futuro',
  punchReasonRequired: 'Indica il motivo della correzione',
  punchNotFound: 'Timbratura non trovata',
  dateRequired: 'Inserisci la data',
  justificationRequired: 'Seleziona il giustificativo',
  justificationDisabled: 'Questo giustificativo non è attivo',
  amountRequired: 'Inserisci la quantità',
  amountInvalid: 'La quantità deve essere maggiore di zero (al massimo 999)',
  amountOverDayHours: 'In un giorno si possono chiedere al massimo 24 ore',
  amountOverDayDays: 'In un giorno si può chiedere al massimo 1 giorno',
  creditsOverDay: (date: string) =>
    `Tornata in attesa: il ${date} le ore lavorate e quelle chieste superano 24 ore. Serve la decisione di un amministratore`,
  dayFull: (date: string, hours: string) =>
    `Per il ${date} puoi aggiungere al massimo ${hours} ${hours === '1' ? 'ora' : 'ore'}: un giorno ha 24 ore, meno quelle già lavorate e quelle delle altre richieste che aggiungono ore in quel giorno`,
  startRequired: 'Inserisci l’orario di inizio',
  endRequired: 'Inserisci l’orario di fine',
  endAfterStart: 'L’orario di fine deve essere dopo quello di inizio',
  minutesInvalid: 'Orario non valido',
  startDateRequired: 'Inserisci la data di inizio',
  endDateRequired: 'Inserisci la data di fine',
  endDateAfterStart: 'La data di fine deve essere successiva a quella di inizio',
  periodTooLong: (days: number) => `Il periodo può durare al massimo ${days} giorni`,
  userInfosRequired: 'Seleziona almeno un dipendente',
  notAnActiveEmployee: 'Non è un dipendente attivo di questa azienda',
  certificateInvalid: 'Il codice del certificato può contenere solo lettere e numeri (al massimo 20)',
  requestOverlap: (label: string) => `Si sovrappone a un’altra richiesta: ${label}`,
  overQuota: (remaining: string, unit: string) =>
    `La richiesta supera il saldo disponibile (residuo: ${remaining} ${unit})`,
  requestNotFound: 'Richiesta non trovata',
  requestNotPending: 'La richiesta è già stata gestita: non si può più modificare',
  monthClosed: 'Il mese è chiuso: presenze e richieste non si possono più modificare',
  noWorkingDays: 'Nel periodo scelto non ci sono giorni lavorativi',
  noExpectedTime: 'In questa data non è previsto orario di lavoro',
  moveInvalid: 'Una richiesta si può spostare di un giorno avanti o indietro',
  idsRequired: 'Seleziona almeno una richiesta',
  rangeInvalid: 'La data finale deve seguire quella iniziale',
  rangeTooLong: (days: number) => `Intervallo troppo lungo (al massimo ${days} giorni)`,
  foreignUserInfo: 'Puoi vedere solo le tue presenze',
} as const;

/** Longest multi-day request (maternity and long sick leave are filed in one go). */
export const MAX_REQUEST_DAYS = 366;
/** Longest range of an attendance read (a calendar month plus margins, or a quarter for reports). */
export const MAX_ATTENDANCE_RANGE_DAYS = 93;

const minutes = z
  .number({ error: attMsg.minutesInvalid })
  .int({ error: attMsg.minutesInvalid })
  .min(0, { error: attMsg.minutesInvalid })
  .max(1440, { error: attMsg.minutesInvalid });

export const PunchDirectionSchema = z.enum(['in', 'out'], { error: attMsg.directionInvalid });

// Clock-ins

export const ClockInputSchema = z.object({ direction: PunchDirectionSchema });
export type ClockInput = z.infer<typeof ClockInputSchema>;

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/** Local wall-clock date-time in the spec's format (YYYY-MM-DD HH:mm:ss; seconds optional). */
export const LocalDateTimeSchema = z
  .string({ error: attMsg.punchAtRequired })
  .trim()
  .regex(LOCAL_DATE_TIME, { error: attMsg.punchAtRequired })
  .refine(
    (v) => {
      // zod runs every check, even after the format failed: a malformed value was already reported above.
      if (!LOCAL_DATE_TIME.test(v)) return true;
      const [d, t] = v.split(/[ T]/) as [string, string];
      const [h, m, s] = t.split(':').map(Number) as [number, number, number | undefined];
      return isRealDate(d) && h < 24 && m < 60 && (s === undefined || s < 60);
    },
    { error: attMsg.punchAtRequired },
  )
  .refine((v) => !isRealDate(v.slice(0, 10)) || isDateInRange(v.slice(0, 10)), { error: inputMsg.dateOutOfRange });

export const AdminPunchInputSchema = z.object({
  at: LocalDateTimeSchema,
  direction: PunchDirectionSchema,
  reason: requiredMultilineText(attMsg.punchReasonRequired, 300),
});
export type AdminPunchInput = z.infer<typeof AdminPunchInputSchema>;
export const PunchDeleteInputSchema = z.object({ reason: requiredMultilineText(attMsg.punchReasonRequired, 300) });

export const PunchSchema = z.object({
  id: z.string(),
  userInfoId: z.string(),
  at: z.string(),
  localDate: z.string(),
  localTime: z.string(),
  direction: z.enum(['in', 'out']),
  source: z.enum(['web', 'app', 'admin', 'import']),
  reason: z.string().nullable(),
});
export type Punch = z.infer<typeof PunchSchema>;
export const PunchListSchema = z.array(PunchSchema);

export const ClockStateSchema = z.object({
  /** Whether the person is clocked in now (an open entry), and since when. */
  state: z.enum(['in', 'out']),
  since: z.string().nullable(),
  serverTime: z.string(),
  localDate: z.string(),
  todayPunches: PunchListSchema,
});
export type ClockState = z.infer<typeof ClockStateSchema>;

export const RangeQuerySchema = z
  .object({ from: DateOnlySchema, to: DateOnlySchema })
  .refine((q) => q.to >= q.from, { error: attMsg.rangeInvalid, path: ['to'] });

// Absence requests

const requestFields = {
  justificationId: IdSchema.nullish(),
  category: z.enum(['regular', 'amount'], { error: msg.invalidValue }).default('regular'),
  wholeDay: z.boolean({ error: msg.invalidValue }).default(false),
  startsAtMinutes: minutes.nullish(),
  endsAtMinutes: minutes.nullish(),
  amount: z.number({ error: attMsg.amountInvalid }).nullish(),
  certificateCode: optionalString(20).refine((v) => v === null || /^[A-Za-z0-9]{1,20}$/.test(v), {
    error: attMsg.certificateInvalid,
  }),
  note: multilineText(500),
};

type RequestShape = {
  justificationId?: string | null;
  category: 'regular' | 'amount';
  wholeDay: boolean;
  startsAtMinutes?: number | null;
  endsAtMinutes?: number | null;
  amount?: number | null;
};

/** The rules shared by every request form: justification; a time range, a whole day or an amount. */
function checkRequest(v: RequestShape, ctx: z.RefinementCtx) {
  if (!v.justificationId)
    ctx.addIssue({ code: 'custom', path: ['justificationId'], message: attMsg.justificationRequired });
  if (v.category === 'amount') {
    if (v.amount === null || v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: attMsg.amountRequired });
    else if (!(v.amount > 0 && v.amount <= 999))
      ctx.addIssue({ code: 'custom', path: ['amount'], message: attMsg.amountInvalid });
    return;
  }
  if (v.wholeDay) return;
  if (v.startsAtMinutes === null || v.startsAtMinutes === undefined)
    ctx.addIssue({ code: 'custom', path: ['startsAtMinutes'], message: attMsg.startRequired });
  if (v.endsAtMinutes === null || v.endsAtMinutes === undefined)
    ctx.addIssue({ code: 'custom', path: ['endsAtMinutes'], message: attMsg.endRequired });
  else if (v.startsAtMinutes !== null && v.startsAtMinutes !== undefined && v.endsAtMinutes <= v.startsAtMinutes) {
    ctx.addIssue({ code: 'custom', path: ['endsAtMinutes'], message: attMsg.endAfterStart });
  }
}

function checkPeriod(
  v: { date?: string | null; startDate?: string | null; endDate?: string | null },
  ctx: z.RefinementCtx,
) {
  const multi = Boolean(v.startDate || v.endDate);
  if (!multi) {
    if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: attMsg.dateRequired });
    return;
  }
  if (!v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: attMsg.startDateRequired });
  if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: attMsg.endDateRequired });
  if (v.startDate && v.endDate) {
    if (v.endDate <= v.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: attMsg.endDateAfterStart });
    else if ((Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 + 1 > MAX_REQUEST_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: attMsg.periodTooLong(MAX_REQUEST_DAYS) });
    }
  }
}

/** Every request form's rules: its day or period, and what it asks for. */
function checkRequestDays(v: RequestShape & Parameters<typeof checkPeriod>[0], ctx: z.RefinementCtx) {
  checkPeriod(v, ctx);
  checkRequest(v, ctx);
}

/** The days a request is for (checked by `checkRequestDays`). */
const requestDays = {
  date: DateOnlySchema.nullish(),
  startDate: DateOnlySchema.nullish(),
  endDate: DateOnlySchema.nullish(),
};

/** A new request of one's own: one day (`date`) or a period (`startDate`–`endDate`, one request per working day). */
export const MemberRequestInputSchema = z.object({ ...requestDays, ...requestFields }).superRefine(checkRequestDays);
export type MemberRequestInput = z.infer<typeof MemberRequestInputSchema>;

/** An admin files for one or more employees at once. */
export const AdminRequestInputSchema = z
  .object({
    userInfoIds: z
      .array(IdSchema, { error: attMsg.userInfosRequired })
      .min(1, { error: attMsg.userInfosRequired })
      .max(500),
    ...requestDays,
    ...requestFields,
  })
  .superRefine(checkRequestDays);
export type AdminRequestInput = z.infer<typeof AdminRequestInputSchema>;

/** Editing a pending request: one day. */
export const RequestUpdateInputSchema = z
  .object({ date: DateOnlySchema.nullish(), ...requestFields })
  .superRefine(checkRequestDays);
export type RequestUpdateInput = z.infer<typeof RequestUpdateInputSchema>;

export const RequestMoveInputSchema = z.object({
  days: z.union([z.literal(1), z.literal(-1)], { error: attMsg.moveInvalid }),
});

export const RequestDecisionInputSchema = z.object({
  ids: z.array(IdSchema, { error: attMsg.idsRequired }).min(1, { error: attMsg.idsRequired }).max(500),
  note: multilineText(500),
});
export type RequestDecisionInput = z.infer<typeof RequestDecisionInputSchema>;

export const REQUEST_STATUSES = ['open', 'approved', 'rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const JustificationRequestSchema = z.object({
  id: z.string(),
  userInfoId: z.string(),
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  justification: z.object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    unit: z.enum(['hour', 'day']),
    impact: z.enum(['decrease', 'increase', 'nothing']),
  }),
  date: z.string(),
  category: z.enum(['regular', 'amount']),
  wholeDay: z.boolean(),
  startsAtMinutes: z.number().nullable(),
  endsAtMinutes: z.number().nullable(),
  amount: z.number(),
  certificateCode: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  batchId: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
});
export type JustificationRequest = z.infer<typeof JustificationRequestSchema>;
export const JustificationRequestPageSchema = pageOf(JustificationRequestSchema);

/** A created/edited request: the rows written and the non-blocking warnings (over quota). */
export const RequestWriteResultSchema = z.object({
  items: z.array(JustificationRequestSchema),
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type RequestWriteResult = z.infer<typeof RequestWriteResultSchema>;
export const DecisionResultSchema = z.object({ updated: z.number(), items: z.array(JustificationRequestSchema) });

export const REQUEST_SORT_FIELDS = ['date', 'lastName', 'createdAt'] as const;
export const ListRequestsQuerySchema = z
  .object({
    ...paginationFields(25),
    status: z.enum(REQUEST_STATUSES, { error: msg.invalidValue }).optional(),
    from: DateOnlySchema.optional(),
    to: DateOnlySchema.optional(),
    user_info_id: IdSchema.optional(),
    group_id: IdSchema.optional(),
    justification_id: IdSchema.optional(),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(REQUEST_SORT_FIELDS, { error: msg.invalidValue }).default('date'),
    order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('asc'),
  })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { error: attMsg.rangeInvalid, path: ['to'] });
export type ListRequestsQuery = z.infer<typeof ListRequestsQuerySchema>;

// Attendance data (day sheets)

const bracketIds = z.preprocess(
  (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
  z.array(IdSchema).max(1000),
);

export const AttendanceDataQuerySchema = z
  .object({
    user_info_ids: bracketIds.optional(),
    group_id: IdSchema.optional(),
    from: DateOnlySchema,
    to: DateOnlySchema,
    mode: z.enum(['all', 'anomalies'], { error: msg.invalidValue }).default('all'),
  })
  .refine((q) => q.to >= q.from, { error: attMsg.rangeInvalid, path: ['to'] })
  .refine((q) => q.to < q.from || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_ATTENDANCE_RANGE_DAYS, {
    error: attMsg.rangeTooLong(MAX_ATTENDANCE_RANGE_DAYS),
    path: ['to'],
  });
export type AttendanceDataQuery = z.infer<typeof AttendanceDataQuerySchema>;

const RequestEffectSchema = z.object({
  id: z.string(),
  justificationId: z.string(),
  impact: z.enum(['decrease', 'increase', 'nothing']),
  minutes: z.number(),
  credited: z.number(),
});
const WorkPairSchema = z.object({
  inId: z.string().nullable(),
  outId: z.string().nullable(),
  date: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  minutes: z.number(),
  anomaly: z.enum(['missing_exit', 'missing_entry']).nullable(),
  /** An entry still running (no exit yet, no anomaly yet). */
  open: z.boolean(),
});
/** The minutes a day, or a range of days, adds up to (besides its balance). */
const minuteTotals = {
  expected: z.number(),
  worked: z.number(),
  increase: z.number(),
  decrease: z.number(),
  covered: z.number(),
};
export const DaySheetSchema = z.object({
  date: z.string(),
  ...minuteTotals,
  balance: z.number(),
  pairs: z.array(WorkPairSchema),
  requests: z.array(RequestEffectSchema),
  anomalies: z.array(z.string()),
  /** Today, a day to come or a day with a running entry: provisional balance, no shortfall anomaly, not in the totals' balance. */
  open: z.boolean(),
  /** The day's pauses (minutes from midnight): a time-range request does not count the minutes it spans in them. */
  pauses: z.array(z.object({ startsAtMinutes: z.number(), endsAtMinutes: z.number() })),
  holiday: z.object({ name: z.string(), icon: z.string() }).nullable(),
});
export type DaySheetDto = z.infer<typeof DaySheetSchema>;
export const SheetTotalsSchema = z.object({
  ...minuteTotals,
  /** Balance of the days that are over. */
  balance: z.number(),
  /** Days of the range not over yet (today, the days to come). */
  openDays: z.number(),
  anomalies: z.number(),
  byJustification: z.record(z.string(), z.number()),
});

export const AttendanceDataSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  today: z.string(),
  users: z.array(
    z.object({
      userInfo: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
      days: z.array(DaySheetSchema),
      totals: SheetTotalsSchema,
      punches: PunchListSchema,
      requests: z.array(JustificationRequestSchema),
    }),
  ),
});
export type AttendanceData = z.infer<typeof AttendanceDataSchema>;

export const CurrentAttendanceInfoSchema = z.object({
  workspaceId: z.string(),
  userInfoId: z.string().nullable(),
  autoApprove: z.boolean(),
  timeZone: z.string(),
  today: z.string(),
  contract: z
    .object({
      id: z.string(),
      type: z.enum(['fixed', 'turn_based']),
      startsAt: z.string(),
      endsAt: z.string().nullable(),
      weeklyMinutes: z.number(),
    })
    .nullable(),
  clock: ClockStateSchema.nullable(),
});

// Timesheet

export const TimesheetQuerySchema = z
  .object({
    ...paginationFields(50),
    from: DateOnlySchema,
    to: DateOnlySchema,
    group_id: IdSchema.optional(),
    search: z.string().trim().max(100).optional(),
  })
  .refine((q) => q.to >= q.from, { error: attMsg.rangeInvalid, path: ['to'] })
  .refine((q) => q.to < q.from || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_ATTENDANCE_RANGE_DAYS, {
    error: attMsg.rangeTooLong(MAX_ATTENDANCE_RANGE_DAYS),
    path: ['to'],
  });
export type TimesheetQuery = z.infer<typeof TimesheetQuerySchema>;

export const TimesheetCellSchema = z.object({
  date: z.string(),
  expected: z.number(),
  worked: z.number(),
  justified: z.number(),
  balance: z.number(),
  anomalies: z.number(),
  holiday: z.boolean(),
  open: z.boolean(),
});
export const TimesheetPageSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(
    z.object({
      userInfo: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
      days: z.array(TimesheetCellSchema),
      totals: SheetTotalsSchema,
    }),
  ),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type TimesheetPage = z.infer<typeof TimesheetPageSchema>;
export const TimesheetExportQuerySchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    group_id: IdSchema.optional(),
    search: z.string().trim().max(100).optional(),
    format: z.enum(['xlsx', 'pdf'], { error: msg.invalidValue }).default('xlsx'),
  })
  .refine((q) => q.to >= q.from, { error: attMsg.rangeInvalid, path: ['to'] })
  .refine((q) => q.to < q.from || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_ATTENDANCE_RANGE_DAYS, {
    error: attMsg.rangeTooLong(MAX_ATTENDANCE_RANGE_DAYS),
    path: ['to'],
  });

// Punch import (badge-reader CSV/XLSX)

export const PunchImportRowSchema = z.object({
  line: z.number(),
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
  action: z.enum(['create', 'duplicate', 'skip']),
});
export const PunchImportPreviewSchema = z.object({
  /** Rows with errors first, then the others, at most PUNCH_IMPORT_PREVIEW_ROWS. */
  rows: z.array(PunchImportRowSchema),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
  duplicates: z.number(),
  people: z.number(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  columns: z.array(z.string()),
});
export type PunchImportPreview = z.infer<typeof PunchImportPreviewSchema>;
export const PunchImportResultSchema = z.object({ created: z.number(), duplicates: z.number() });
export const PUNCH_IMPORT_PREVIEW_ROWS = 300;
export const MAX_PUNCH_IMPORT_ROWS = 20_000;
