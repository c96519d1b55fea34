// Longer than 300 lines: the whole API contract of work shifts — shifts, publication, swaps and the calendar feed, with
// their limits and Italian messages — in one module, as attendance.ts and working-time.ts are, so that the web's mirror
// of its limits (apps/web/src/features/work-shifts/limits.ts) is checked against one import.
import { z } from 'zod';
import { msg } from '../messages';
import { SWAP_STATUSES, SWAP_TARGET_STATUSES } from '../domain/shift-swaps';
import { DateOnlySchema, IdSchema, multilineText, optionalString, paginationFields } from './common';
import { pageOf } from './people';

/**
 * Work shifts and swaps (spec §3 "Work shift", "Shift swap"; §4; §5 "a date or a period and at least one user. A swap
 * needs source and target shifts"; ADR 0022). A shift belongs to the local day it starts; its end may be the next day
 * (end ≤ start). Times are minutes from midnight, wall-clock, in the workspace's zone; the instants are derived.
 */

/** A period makes one shift per day: at most this many days (a quarter). */
export const SHIFT_PERIOD_MAX_DAYS = 93;
/** The planning grid and the member's list show at most this many days at once. */
export const SHIFT_RANGE_MAX_DAYS = 62;
/** One shift serves at most this many people. */
export const SHIFT_MAX_ASSIGNEES = 200;
/** A swap can target a colleague's shift at most this many days before or after the requester's. */
export const SWAP_WINDOW_DAYS = 14;
/** A calendar link (iCal) works this many months from its creation; a new link starts again (ADR 0022). */
export const CALENDAR_FEED_LIFETIME_MONTHS = 12;
/** Plan against actual: an entry later or an exit earlier than this, after the day, is an anomaly. */
export const SHIFT_TOLERANCE_MINUTES = 10;

export const SHIFT_STATUSES = ['draft', 'published'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** Warnings: the rest rules of D.Lgs. 66/2003 (domain/shift-rules.ts) plus an approved absence or a holiday. */
export const SHIFT_WARNING_RULES = [
  'overlap',
  'daily_rest',
  'weekly_rest',
  'weekly_hours',
  'break',
  'night',
  'absence',
  'holiday',
] as const;
export type ShiftWarningRule = (typeof SHIFT_WARNING_RULES)[number];

export const PUBLISH_SKIP_REASONS = ['warnings', 'no_assignees', 'month_closed'] as const;
export type PublishSkipReason = (typeof PUBLISH_SKIP_REASONS)[number];

const hm = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const hours = (m: number) => `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;

export const shiftMsg = {
  shiftNotFound: 'Turno non trovato',
  swapNotFound: 'Cambio turno non trovato',
  peopleRequired: 'Scegli almeno una persona',
  tooManyPeople: `Un turno può avere al massimo ${SHIFT_MAX_ASSIGNEES} persone`,
  periodInvalid: "La data di fine deve essere uguale o successiva a quella d'inizio",
  periodTooLong: `Un periodo può durare al massimo ${SHIFT_PERIOD_MAX_DAYS} giorni`,
  rangeTooLong: `Mostra al massimo ${SHIFT_RANGE_MAX_DAYS} giorni alla volta`,
  weekdaysRequired: 'Scegli almeno un giorno della settimana',
  noDays: 'Nessun giorno del periodo cade nei giorni della settimana scelti',
  timesRequired: "Scegli un modello giornaliero oppure indica l'ora d'inizio e di fine",
  sameStartEnd: "L'ora di fine deve essere diversa da quella d'inizio",
  pauseTooLong: 'La pausa deve essere più breve del turno',
  templateNotFound: 'Modello giornaliero non trovato',
  unknownPerson: 'Una delle persone scelte non esiste più',
  monthClosed: 'Il mese è chiuso: i suoi turni non si possono più cambiare',
  created: (n: number) => (n === 1 ? 'Turno creato' : `${n} turni creati`),
  saved: 'Turno salvato',
  deleted: 'Turno eliminato',
  published: (n: number, m: number) =>
    m === 0
      ? n === 1
        ? 'Pubblicato 1 turno'
        : `Pubblicati ${n} turni`
      : `Pubblicati ${n}, saltati ${m}: vedi il motivo di ciascuno`,
  nothingToPublish: 'Nessuna bozza da pubblicare nel periodo',
  copied: (n: number, m: number) =>
    m === 0 ? `Copiati ${n} turni come bozze` : `Copiati ${n} turni come bozze, saltati ${m} già occupati`,
  copyNotMonday: 'Le settimane iniziano di lunedì',
  copySameWeek: 'Scegli una settimana diversa da quella di origine',
  overrideNoteRequired: 'Ci sono avvisi sui riposi: scrivi una nota per procedere comunque',
  autoRejected: (n: number) =>
    n === 1
      ? '1 richiesta di cambio turno aperta è stata rifiutata automaticamente'
      : `${n} richieste di cambio turno aperte sono state rifiutate automaticamente`,
  skip: {
    warnings: 'Avvisi sui riposi o sulle assenze senza una nota che li giustifichi',
    no_assignees: 'Il turno non ha persone assegnate',
    month_closed: 'Il mese è chiuso',
  } satisfies Record<PublishSkipReason, string>,
  warning: (rule: ShiftWarningRule, minutes: number): string =>
    ({
      overlap: `Si sovrappone a un altro turno della stessa persona (${hours(minutes)})`,
      daily_rest: `Riposo giornaliero di ${hours(minutes)}: la legge chiede 11 ore consecutive (D.Lgs. 66/2003, art. 7)`,
      weekly_rest: `Nessun riposo di 24 ore consecutive in 7 giorni (il più lungo è di ${hours(minutes)}; art. 9)`,
      weekly_hours: `In media ${hours(minutes)} a settimana: oltre le 48 ore (art. 4)`,
      break: `Più di 6 ore di lavoro con una pausa di ${minutes} min: serve una pausa (art. 8)`,
      night: `${hours(minutes)} di lavoro notturno in un turno: oltre le 8 ore (art. 13)`,
      absence: 'La persona ha un’assenza approvata quel giorno',
      holiday: 'Il giorno è festivo',
    })[rule],
  // Swaps
  swapOwnShiftOnly: 'Puoi proporre il cambio solo di un tuo turno pubblicato',
  swapTargetInvalid: 'Il turno scelto non è di quel collega o non è pubblicato',
  swapSamePerson: 'Scegli il turno di un collega',
  swapPast: 'I turni già iniziati non si possono scambiare',
  swapTooFar: `Il turno del collega deve cadere entro ${SWAP_WINDOW_DAYS} giorni dal tuo`,
  swapAlreadyOpen: 'Per questo turno c’è già una richiesta di cambio aperta',
  swapRequested: 'Richiesta di cambio turno inviata al collega',
  swapAccepted: 'Hai accettato: ora decide un amministratore',
  swapDeclined: 'Hai rifiutato la richiesta di cambio turno',
  swapApproved: 'Cambio turno approvato: i turni sono stati scambiati',
  swapRejected: 'Cambio turno rifiutato',
  swapNotOpen: 'La richiesta di cambio turno è già chiusa',
  swapNotWaitingColleague: 'La richiesta non aspetta più la risposta del collega',
  swapNotWaitingAdmin: 'La richiesta aspetta ancora la risposta del collega',
  swapNotForYou: 'Questa richiesta non aspetta una tua risposta',
  autoReason: {
    shift_changed: 'Uno dei due turni è stato modificato',
    shift_deleted: 'Uno dei due turni è stato eliminato',
    assignment_changed: 'Le persone assegnate a uno dei due turni sono cambiate',
  },
  // Calendar feed
  feedCreated: 'Link del calendario creato: chi lo conosce vede i tuoi turni, non condividerlo',
  feedRevoked: 'Link del calendario revocato',
  feedNotFound: 'Calendario non trovato o link revocato',
  feedExpired: 'Link del calendario scaduto: creane uno nuovo in Timbro, nella pagina I miei turni',
  feedMissing: 'Non hai un link del calendario: creane uno',
  feedShowTypeOn: 'Il calendario mostrerà il tipo di assenza',
  feedShowTypeOff: 'Il calendario mostrerà solo «Assenza», senza il tipo',
  hm,
} as const;

export const SWAP_AUTO_REASONS = ['shift_changed', 'shift_deleted', 'assignment_changed'] as const;
export type SwapAutoReason = (typeof SWAP_AUTO_REASONS)[number];

const minuteOfDay = z
  .number({ error: msg.invalidValue })
  .int({ error: msg.invalidValue })
  .min(0, { error: msg.invalidValue })
  .max(1439, { error: msg.invalidValue });
const endMinute = z
  .number({ error: msg.invalidValue })
  .int({ error: msg.invalidValue })
  .min(0, { error: msg.invalidValue })
  .max(1440, { error: msg.invalidValue });
const pauseMinutes = z
  .number({ error: msg.invalidValue })
  .int({ error: msg.invalidValue })
  .min(0, { error: msg.invalidValue })
  .max(720, { error: shiftMsg.pauseTooLong })
  .default(0);
const peopleIds = z
  .array(IdSchema, { error: shiftMsg.peopleRequired })
  .min(1, { error: shiftMsg.peopleRequired })
  .max(SHIFT_MAX_ASSIGNEES, { error: shiftMsg.tooManyPeople });
const colorField = optionalString(7).refine((v) => v === null || /^#[0-9a-fA-F]{6}$/.test(v), {
  error: msg.invalidValue,
});

/** Length of a shift's nominal span in minutes (end ≤ start means the next day). */
export const spanMinutes = (start: number, end: number) => (end > start ? end - start : end + 1440 - start);

const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

function checkTimes(
  v: { startMinutes?: number | null; endMinutes?: number | null; pauseMinutes: number },
  ctx: z.RefinementCtx,
) {
  if (v.startMinutes == null || v.endMinutes == null) return;
  if (v.startMinutes % 1440 === v.endMinutes % 1440)
    ctx.addIssue({ code: 'custom', path: ['endMinutes'], message: shiftMsg.sameStartEnd });
  else if (v.pauseMinutes >= spanMinutes(v.startMinutes, v.endMinutes))
    ctx.addIssue({ code: 'custom', path: ['pauseMinutes'], message: shiftMsg.pauseTooLong });
}

/**
 * Create: a date, or a period (`dateTo`, optionally only some weekdays, 1 = Monday … 7 = Sunday) making one shift per
 * day; times from a daily template (`templateId`) or typed in (`startMinutes`, `endMinutes`, `pauseMinutes`).
 */
export const WorkShiftCreateSchema = z
  .object({
    date: DateOnlySchema,
    dateTo: DateOnlySchema.nullish().transform((v) => v ?? null),
    weekdays: z
      .array(z.number({ error: msg.invalidValue }).int().min(1, { error: msg.invalidValue }).max(7), {
        error: msg.invalidValue,
      })
      .min(1, { error: shiftMsg.weekdaysRequired })
      .max(7, { error: msg.invalidValue })
      .default([1, 2, 3, 4, 5, 6, 7]),
    userInfoIds: peopleIds,
    templateId: IdSchema.nullish().transform((v) => v ?? null),
    startMinutes: minuteOfDay.nullish().transform((v) => v ?? null),
    endMinutes: endMinute.nullish().transform((v) => v ?? null),
    pauseMinutes,
    label: optionalString(60),
    color: colorField,
  })
  .superRefine((v, ctx) => {
    if (v.dateTo !== null) {
      if (v.dateTo < v.date) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: shiftMsg.periodInvalid });
      else if (daysBetween(v.date, v.dateTo) + 1 > SHIFT_PERIOD_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['dateTo'], message: shiftMsg.periodTooLong });
    }
    if (v.templateId === null && (v.startMinutes === null || v.endMinutes === null))
      ctx.addIssue({
        code: 'custom',
        path: [v.startMinutes === null ? 'startMinutes' : 'endMinutes'],
        message: shiftMsg.timesRequired,
      });
    checkTimes(v, ctx);
  });
export type WorkShiftCreateInput = z.input<typeof WorkShiftCreateSchema>;
export type WorkShiftCreate = z.infer<typeof WorkShiftCreateSchema>;

/** Edit one shift (its day, times, people, label). An open swap on it is rejected automatically. */
export const WorkShiftUpdateSchema = z
  .object({
    date: DateOnlySchema,
    userInfoIds: peopleIds,
    startMinutes: minuteOfDay,
    endMinutes: endMinute,
    pauseMinutes,
    label: optionalString(60),
    color: colorField,
  })
  .superRefine((v, ctx) => checkTimes(v, ctx));
export type WorkShiftUpdateInput = z.input<typeof WorkShiftUpdateSchema>;

const rangeRefine = (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: shiftMsg.periodInvalid });
  else if (daysBetween(q.from, q.to) + 1 > SHIFT_RANGE_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: shiftMsg.rangeTooLong });
};

/** The planning grid: people (a page of them, by name) × days of [from, to]. */
export const PlanningQuerySchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    groupId: IdSchema.optional(),
    search: z
      .string({ error: msg.invalidValue })
      .trim()
      .max(100, { error: msg.tooLong(100) })
      .optional(),
    ...paginationFields(50),
  })
  .superRefine(rangeRefine);
export type PlanningQuery = z.input<typeof PlanningQuerySchema>;

export const MemberShiftQuerySchema = z.object({ from: DateOnlySchema, to: DateOnlySchema }).superRefine(rangeRefine);

/** Publish the drafts of a period (optionally of one group): never fails as a whole. */
export const PublishSchema = z
  .object({
    from: DateOnlySchema,
    to: DateOnlySchema,
    groupId: IdSchema.nullish().transform((v) => v ?? null),
    overrideNote: multilineText(500),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: shiftMsg.periodInvalid });
    else if (daysBetween(q.from, q.to) + 1 > SHIFT_PERIOD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: shiftMsg.periodTooLong });
  });
export type PublishInput = z.input<typeof PublishSchema>;

/** Copy a week's shifts (Monday `from`) to another week (Monday `to`) as drafts. */
export const CopyWeekSchema = z.object({
  from: DateOnlySchema,
  to: DateOnlySchema,
  groupId: IdSchema.nullish().transform((v) => v ?? null),
});
export type CopyWeekInput = z.input<typeof CopyWeekSchema>;

export const PersonRefSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const ShiftWarningSchema = z.object({
  rule: z.enum(SHIFT_WARNING_RULES),
  userInfoId: z.string(),
  name: z.string(),
  date: z.string(),
  shiftIds: z.array(z.string()),
  minutes: z.number(),
  message: z.string(),
});
export type ShiftWarning = z.infer<typeof ShiftWarningSchema>;

/** What a shift is, without who works it (the swap's two shifts, the member's list). */
export const ShiftRefSchema = z.object({
  id: z.string(),
  date: z.string(),
  startMinutes: z.number(),
  endMinutes: z.number(),
  pauseMinutes: z.number(),
  /** Work minutes: the real span (DST-aware) minus the pause. */
  minutes: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  label: z.string().nullable(),
  color: z.string().nullable(),
});
export type ShiftRef = z.infer<typeof ShiftRefSchema>;

export const WorkShiftSchema = ShiftRefSchema.extend({
  status: z.enum(SHIFT_STATUSES),
  publishedAt: z.string().nullable(),
  swapped: z.boolean(),
  version: z.number(),
  templateId: z.string().nullable(),
  assignees: z.array(PersonRefSchema),
  warnings: z.array(ShiftWarningSchema),
  overrideNote: z.string().nullable(),
  openSwaps: z.number(),
  updatedAt: z.string(),
});
export type WorkShift = z.infer<typeof WorkShiftSchema>;

export const PlanningSchema = z.object({
  from: z.string(),
  to: z.string(),
  people: z.array(PersonRefSchema.extend({ contractType: z.enum(['fixed', 'turn_based']).nullable() })),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  shifts: z.array(WorkShiftSchema),
  absences: z.array(z.object({ userInfoId: z.string(), date: z.string(), name: z.string(), wholeDay: z.boolean() })),
  holidays: z.array(z.object({ date: z.string(), name: z.string(), icon: z.string().nullable() })),
  drafts: z.number(),
});
export type Planning = z.infer<typeof PlanningSchema>;

export const CreateShiftsResponseSchema = z.object({
  message: z.string(),
  shifts: z.array(WorkShiftSchema),
  warnings: z.array(ShiftWarningSchema),
});
export type CreateShiftsResponse = z.infer<typeof CreateShiftsResponseSchema>;

export const UpdateShiftResponseSchema = z.object({
  message: z.string(),
  shift: WorkShiftSchema,
  autoRejected: z.number(),
});
export type UpdateShiftResponse = z.infer<typeof UpdateShiftResponseSchema>;

export const PublishResponseSchema = z.object({
  message: z.string(),
  published: z.number(),
  skipped: z.array(
    z.object({
      shift: ShiftRefSchema,
      people: z.array(z.string()),
      reason: z.enum(PUBLISH_SKIP_REASONS),
      reasonText: z.string(),
      warnings: z.array(ShiftWarningSchema),
    }),
  ),
});
export type PublishResponse = z.infer<typeof PublishResponseSchema>;

export const CopyWeekResponseSchema = z.object({ message: z.string(), created: z.number(), skipped: z.number() });

export const SwapSchema = z.object({
  id: z.string(),
  status: z.enum(SWAP_STATUSES),
  targetStatus: z.enum(SWAP_TARGET_STATUSES),
  note: z.string().nullable(),
  requester: PersonRefSchema,
  target: PersonRefSchema,
  sourceShift: ShiftRefSchema,
  targetShift: ShiftRefSchema,
  answerNote: z.string().nullable(),
  answeredAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  autoReason: z.enum(SWAP_AUTO_REASONS).nullable(),
  createdAt: z.string(),
});
export type Swap = z.infer<typeof SwapSchema>;

/** One swap with the rest-rule result of the exchange: for the admin both people, for a member only themself. */
export const SwapDetailSchema = SwapSchema.extend({
  warnings: z.object({
    requester: z.array(ShiftWarningSchema).nullable(),
    target: z.array(ShiftWarningSchema).nullable(),
  }),
});
export type SwapDetail = z.infer<typeof SwapDetailSchema>;
export const SwapPageSchema = pageOf(SwapSchema);
export type SwapPage = z.infer<typeof SwapPageSchema>;

export const WorkShiftDetailSchema = WorkShiftSchema.extend({ swaps: z.array(SwapSchema) });
export type WorkShiftDetail = z.infer<typeof WorkShiftDetailSchema>;

export const AdminSwapQuerySchema = z.object({
  ...paginationFields(25),
  status: z.enum(['open', ...SWAP_STATUSES], { error: msg.invalidValue }).default('waiting_admin'),
});
export type AdminSwapQuery = z.input<typeof AdminSwapQuerySchema>;

export const MemberSwapQuerySchema = z.object({
  ...paginationFields(25),
  /** `to_answer`: awaiting my reply; `mine`: asked by me; `all`: both. */
  box: z.enum(['all', 'to_answer', 'mine'], { error: msg.invalidValue }).default('all'),
});
export type MemberSwapQuery = z.input<typeof MemberSwapQuerySchema>;

export const SwapCreateSchema = z.object({
  sourceShiftId: IdSchema,
  targetShiftId: IdSchema,
  targetUserInfoId: IdSchema,
  note: multilineText(500),
});
export type SwapCreateInput = z.input<typeof SwapCreateSchema>;

export const SwapAnswerSchema = z.object({ note: multilineText(500) });
export const SwapDecisionSchema = z.object({ note: multilineText(500) });
export type SwapDecisionInput = z.input<typeof SwapDecisionSchema>;

/** The member's shifts: published only, theirs. `openSwapId` is their open swap on it, if any. */
export const MyShiftSchema = ShiftRefSchema.extend({ swapped: z.boolean(), openSwapId: z.string().nullable() });
export type MyShift = z.infer<typeof MyShiftSchema>;
export const MyShiftsSchema = z.object({
  from: z.string(),
  to: z.string(),
  shifts: z.array(MyShiftSchema),
  holidays: z.array(z.object({ date: z.string(), name: z.string(), icon: z.string().nullable() })),
});
export type MyShifts = z.infer<typeof MyShiftsSchema>;

/** Colleagues' published shifts that a shift can be swapped with (future, within the window). */
export const SwapCandidatesSchema = z.object({
  items: z.array(z.object({ shift: ShiftRefSchema, person: PersonRefSchema })),
});
export type SwapCandidates = z.infer<typeof SwapCandidatesSchema>;

/**
 * My calendar link: `url` only in the answer that made it (only its hash is kept), `createdAt` null when there is none;
 * `expiresAt` when it stops working, `lastReadAt` when a calendar app last fetched it (null: never), and whether the
 * absences show their type (otherwise "Assenza").
 */
export const CalendarFeedSchema = z.object({
  url: z.string().nullable(),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
  showAbsenceType: z.boolean(),
});
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
/** POST /member/work-shift/calendar-feed/settings: what my link shows. */
export const CalendarFeedSettingsSchema = z.object({
  showAbsenceType: z.boolean({ error: msg.invalidValue }),
});
export type CalendarFeedSettings = z.infer<typeof CalendarFeedSettingsSchema>;
export const FeedTokenParamsSchema = z.object({
  token: z
    .string({ error: shiftMsg.feedNotFound })
    .regex(/^[A-Za-z0-9_-]{32,64}\.ics$/, { error: shiftMsg.feedNotFound }),
});
