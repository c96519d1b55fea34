// Longer than ~300 lines on purpose: the whole API contract of working time (holidays, justifications, templates,
// contracts, accruals) with its Italian messages, one schema per payload; each schema is short and stands alone.
import { z } from 'zod';
import { slotProblems, isValidColor } from '../domain/time-slots';
import { isValidDayMonth } from '../domain/dates';
import { isMovableFeast, MOVABLE_FEASTS } from '../domain/easter';
import { msg } from '../messages';
import {
  DateOnlySchema,
  IdSchema,
  multilineText,
  optionalString,
  paginationFields,
  QueryBoolean,
  requiredString,
  yearField,
} from './common';
import { pageOf } from './people';

export const wtMsg = {
  slotsRequired: 'Inserisci almeno una fascia oraria',
  slotsTooMany: (max: number) => `Puoi inserire al massimo ${max} fasce orarie`,
  slotOrder: "L'orario di fine deve essere dopo quello di inizio",
  slotPause: "La pausa deve essere completa e compresa nell'orario",
  slotOverlap: 'Si sovrappone a un’altra fascia dello stesso giorno',
  colorInvalid: 'Il colore non è valido (formato #RRGGBB)',
  weekdayInvalid: 'Giorno della settimana non valido',
  minutesInvalid: 'Orario non valido',
  typeRequired: 'Seleziona il tipo di contratto',
  workerTypeRequired: 'Seleziona il tipo di lavoratore',
  workerTypeLocked: 'Il tipo di lavoratore non si può modificare',
  startRequired: 'Inserisci la data di inizio',
  endRequired: 'Inserisci la data di fine oppure indica che il contratto è a tempo indeterminato',
  endAfterStart: 'La data di fine deve essere successiva a quella di inizio',
  accrualDuplicate: 'Questo giustificativo è già presente',
  accrualJustificationRequired: 'Seleziona il giustificativo',
  accrualIncreaseRequired: "Inserisci l'incremento mensile",
  accrualIncreaseInvalid: "L'incremento mensile deve essere un numero tra 0 e 999",
  contractOverlap: (label: string) => `Il contratto si sovrappone a quello ${label}`,
  contractNotFound: 'Contratto non trovato',
  nameRequired: 'Inserisci il nome',
  nameTaken: 'Esiste già un elemento con questo nome',
  templateDayNotFound: 'Modello giornaliero non trovato',
  templateWeekNotFound: 'Modello settimanale non trovato',
  weekdayRepeated: 'Giorno ripetuto',
  holidayNameRequired: 'Inserisci il nome della festività',
  holidayIconRequired: "Scegli un'icona",
  holidayDayRequired: 'Inserisci il giorno',
  holidayMonthRequired: 'Inserisci il mese',
  holidayDateInvalid: 'Questa data non esiste',
  holidayNotFound: 'Festività non trovata',
  rangeInvalid: 'La data finale deve seguire quella iniziale',
  rangeTooLong: 'Intervallo troppo lungo (al massimo 3 anni)',
  codeRequired: 'Inserisci il codice',
  codeInvalid: 'Il codice può contenere solo lettere, numeri, punto e trattino (massimo 10 caratteri)',
  codeTaken: 'Esiste già un giustificativo con questo codice',
  payrollCodeInvalid: 'Il codice paghe ha al massimo 4 caratteri alfanumerici',
  impactRequired: "Indica l'effetto sulle ore lavorate",
  unitRequired: "Indica l'unità (ore o giorni)",
  justificationNotFound: 'Giustificativo non trovato',
  justificationGroupNotFound: 'Gruppo di giustificativi non trovato',
  amountRequired: 'Inserisci la quantità (diversa da zero)',
  reasonRequired: 'Indica il motivo della rettifica',
} as const;

const minutes = z
  .number({ error: wtMsg.minutesInvalid })
  .int({ error: wtMsg.minutesInvalid })
  .min(0, { error: wtMsg.minutesInvalid })
  .max(1440, { error: wtMsg.minutesInvalid });

const slotFields = {
  startsAtMinutes: minutes,
  endsAtMinutes: minutes,
  pauseStartsAtMinutes: minutes.nullish().transform((v) => v ?? null),
  pauseEndsAtMinutes: minutes.nullish().transform((v) => v ?? null),
  description: optionalString(100),
  descriptionColorRgb: optionalString(7).refine((v) => v === null || isValidColor(v), { error: wtMsg.colorInvalid }),
};

export const TimeSlotInputSchema = z.object({
  weekday: z
    .number({ error: wtMsg.weekdayInvalid })
    .int()
    .min(1, { error: wtMsg.weekdayInvalid })
    .max(7, { error: wtMsg.weekdayInvalid }),
  ...slotFields,
});
export type TimeSlotInput = z.infer<typeof TimeSlotInputSchema>;

type SlotLike = {
  weekday: number;
  startsAtMinutes: number;
  endsAtMinutes: number;
  pauseStartsAtMinutes: number | null;
  pauseEndsAtMinutes: number | null;
};

/** Adds the slot-list rules (order, pause inside, no overlap on a weekday) as field errors at `path[index]`. */
function checkSlots(slots: SlotLike[], ctx: z.RefinementCtx, path: (string | number)[]) {
  for (const p of slotProblems(slots)) {
    if (p.kind === 'order')
      ctx.addIssue({ code: 'custom', path: [...path, p.index, 'endsAtMinutes'], message: wtMsg.slotOrder });
    if (p.kind === 'pause')
      ctx.addIssue({ code: 'custom', path: [...path, p.index, 'pauseStartsAtMinutes'], message: wtMsg.slotPause });
    if (p.kind === 'overlap')
      ctx.addIssue({ code: 'custom', path: [...path, p.index, 'startsAtMinutes'], message: wtMsg.slotOverlap });
  }
}

export const TimeSlotListSchema = z
  .array(TimeSlotInputSchema, { error: wtMsg.slotsRequired })
  .min(1, { error: wtMsg.slotsRequired })
  .max(70, { error: wtMsg.slotsTooMany(70) })
  .superRefine((slots, ctx) => checkSlots(slots, ctx, []));

export const AccrualInputSchema = z.object({
  justificationId: z
    .string({ error: wtMsg.accrualJustificationRequired })
    .min(1, { error: wtMsg.accrualJustificationRequired, abort: true })
    .pipe(IdSchema),
  monthlyIncrease: z
    .number({ error: wtMsg.accrualIncreaseRequired })
    .min(0, { error: wtMsg.accrualIncreaseInvalid })
    .max(999, { error: wtMsg.accrualIncreaseInvalid })
    // Four decimals: 26 days a year are 2.1667 a month (2.17 would make 26.04).
    .transform((v) => Math.round(v * 10_000) / 10_000),
});

export const CONTRACT_TYPES = ['fixed', 'turn_based'] as const;
export const WORKER_TYPES = ['employee', 'collaborator'] as const;

export const ContractInputSchema = z
  .object({
    type: z.enum(CONTRACT_TYPES, { error: wtMsg.typeRequired }),
    workerType: z.enum(WORKER_TYPES, { error: wtMsg.workerTypeRequired }),
    qualification: optionalString(100),
    ccnlLevel: optionalString(50),
    description: multilineText(500),
    startsAt: z
      .string({ error: wtMsg.startRequired })
      .min(1, { error: wtMsg.startRequired, abort: true })
      .pipe(DateOnlySchema),
    endsAt: DateOnlySchema.nullish()
      .or(z.literal(''))
      .transform((v) => (v ? v : null)),
    permanent: z.boolean({ error: msg.invalidValue }).default(false),
    justificationAccruals: z.array(AccrualInputSchema).max(50).default([]),
    timeSlots: TimeSlotListSchema,
  })
  .superRefine((v, ctx) => {
    if (!v.permanent) {
      if (!v.endsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: wtMsg.endRequired });
      else if (v.endsAt <= v.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: wtMsg.endAfterStart });
    }
    const seen = new Set<string>();
    v.justificationAccruals.forEach((a, i) => {
      if (seen.has(a.justificationId))
        ctx.addIssue({
          code: 'custom',
          path: ['justificationAccruals', i, 'justificationId'],
          message: wtMsg.accrualDuplicate,
        });
      seen.add(a.justificationId);
    });
  })
  .transform((v) => ({ ...v, endsAt: v.permanent ? null : v.endsAt }));
export type ContractInput = z.infer<typeof ContractInputSchema>;

export const TimeSlotSchema = z.object({
  weekday: z.number(),
  startsAtMinutes: z.number(),
  endsAtMinutes: z.number(),
  pauseStartsAtMinutes: z.number().nullable(),
  pauseEndsAtMinutes: z.number().nullable(),
  description: z.string().nullable(),
  descriptionColorRgb: z.string().nullable(),
});

export const ContractSchema = z.object({
  id: z.string(),
  userInfoId: z.string(),
  employee: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  type: z.enum(CONTRACT_TYPES),
  workerType: z.enum(WORKER_TYPES),
  qualification: z.string().nullable(),
  ccnlLevel: z.string().nullable(),
  description: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  permanent: z.boolean(),
  status: z.enum(['past', 'active', 'future']),
  /** Active, ending within 30 days, and not already followed by a later contract of the person. */
  expiring: z.boolean(),
  /**
   * A fixed-term contract's place in the person's fixed-term history (D.Lgs. 81/2015): its proroghe out of 4 (the
   * fixed-term contracts it continues without a break; a rinnovo after a break starts its own count) and the months
   * used toward the 24-month cap, over all their fixed-term contracts. Null for a permanent contract.
   */
  fixedTerm: z
    .object({
      extensions: z.number(),
      extensionsMax: z.number(),
      monthsUsed: z.number(),
      monthsMax: z.number(),
    })
    .nullable(),
  justificationAccruals: z.array(
    z.object({
      justificationId: z.string(),
      code: z.string(),
      name: z.string(),
      unit: z.enum(['hour', 'day']),
      monthlyIncrease: z.number(),
    }),
  ),
  timeSlots: z.array(TimeSlotSchema),
  weeklyMinutes: z.number(),
  createdAt: z.string(),
});
export type Contract = z.infer<typeof ContractSchema>;
export const ContractListSchema = z.array(ContractSchema);
export const ContractPageSchema = pageOf(ContractSchema);
export type ContractPage = z.infer<typeof ContractPageSchema>;
export type TimeSlot = z.infer<typeof TimeSlotSchema>;

export const ListContractsQuerySchema = z.object({
  ...paginationFields(25),
  filter: z.enum(['relevant', 'active', 'expiring', 'expired', 'all'], { error: msg.invalidValue }).default('relevant'),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(['startsAt', 'endsAt', 'lastName'], { error: msg.invalidValue }).default('lastName'),
  order: z.enum(['asc', 'desc'], { error: msg.invalidValue }).default('asc'),
});
export type ListContractsQuery = z.infer<typeof ListContractsQuerySchema>;

// Templates

export const TemplateDayInputSchema = z.object({
  name: requiredString(wtMsg.nameRequired, 100),
  description: optionalString(300),
  timeSlots: z
    .array(z.object(slotFields), { error: wtMsg.slotsRequired })
    .min(1, { error: wtMsg.slotsRequired })
    .max(10, { error: wtMsg.slotsTooMany(10) })
    .superRefine((slots, ctx) =>
      checkSlots(
        slots.map((s) => ({ ...s, weekday: 1 })),
        ctx,
        [],
      ),
    ),
});
export type TemplateDayInput = z.infer<typeof TemplateDayInputSchema>;

const DaySlotSchema = TimeSlotSchema.omit({ weekday: true });
export const TemplateDaySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  timeSlots: z.array(DaySlotSchema),
  minutes: z.number(),
});
export type TemplateDay = z.infer<typeof TemplateDaySchema>;
export const TemplateDayListSchema = z.array(TemplateDaySchema);

export const TemplateWeekInputSchema = z.object({
  name: requiredString(wtMsg.nameRequired, 100),
  description: optionalString(300),
  days: z
    .array(
      z.object({
        weekday: z
          .number({ error: wtMsg.weekdayInvalid })
          .int({ error: wtMsg.weekdayInvalid })
          .min(1, { error: wtMsg.weekdayInvalid })
          .max(7, { error: wtMsg.weekdayInvalid }),
        templateDayId: IdSchema,
      }),
    )
    .max(7)
    .default([])
    .superRefine((days, ctx) => {
      const seen = new Set<number>();
      days.forEach((d, i) => {
        if (seen.has(d.weekday)) ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: wtMsg.weekdayRepeated });
        seen.add(d.weekday);
      });
    }),
});
export type TemplateWeekInput = z.infer<typeof TemplateWeekInputSchema>;

export const TemplateWeekSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  days: z.array(z.object({ weekday: z.number(), templateDayId: z.string(), templateDayName: z.string() })),
  /** The weekly slots this template produces (what "apply" copies into a contract). */
  timeSlots: z.array(TimeSlotSchema),
  weeklyMinutes: z.number(),
});
export type TemplateWeek = z.infer<typeof TemplateWeekSchema>;
export const TemplateWeekListSchema = z.array(TemplateWeekSchema);

// Holidays

/** Year bounds of a holiday (and of `fromYear`): YEAR_MIN … YEAR_MAX, like every date. */
const holidayYear = yearField();

/**
 * A holiday: a fixed date (day and month, and a year when it happens in that year only), or a movable feast (`rule`:
 * Easter, Easter Monday) computed for every year, whose day, month and year are ignored. `rule` and `fromYear` left
 * out keep, on an edit, what the holiday had (clients that do not know them leave them alone); null clears them.
 */
export const HolidayInputSchema = z
  .object({
    name: requiredString(wtMsg.holidayNameRequired, 100),
    icon: requiredString(wtMsg.holidayIconRequired, 40),
    // Optional only for a movable feast: the check below asks for them otherwise.
    day: z
      .number({ error: wtMsg.holidayDayRequired })
      .int({ error: wtMsg.holidayDateInvalid })
      .min(1, { error: wtMsg.holidayDateInvalid })
      .max(31, { error: wtMsg.holidayDateInvalid })
      .optional(),
    month: z
      .number({ error: wtMsg.holidayMonthRequired })
      .int({ error: wtMsg.holidayDateInvalid })
      .min(1, { error: wtMsg.holidayDateInvalid })
      .max(12, { error: wtMsg.holidayDateInvalid })
      .optional(),
    year: holidayYear.nullish().transform((v) => v ?? null),
    kind: z.enum(['national', 'patron', 'company'], { error: msg.invalidValue }).default('company'),
    rule: z.enum(MOVABLE_FEASTS, { error: msg.invalidValue }).nullish(),
    fromYear: holidayYear.nullish(),
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when another field failed (`when`), so v may hold raw input: look only at well-typed values.
      if (typeof v !== 'object' || v === null || isMovableFeast(v.rule)) return;
      if (v.day === undefined) ctx.addIssue({ code: 'custom', path: ['day'], message: wtMsg.holidayDayRequired });
      if (v.month === undefined) ctx.addIssue({ code: 'custom', path: ['month'], message: wtMsg.holidayMonthRequired });
      const year = v.year === null || v.year === undefined ? null : v.year;
      if (
        typeof v.day === 'number' &&
        typeof v.month === 'number' &&
        (year === null || typeof year === 'number') &&
        !isValidDayMonth(v.day, v.month, year)
      )
        ctx.addIssue({ code: 'custom', path: ['day'], message: wtMsg.holidayDateInvalid });
    },
    { when: () => true },
  )
  // A movable feast has no date of its own and happens every year.
  .transform((v) => (v.rule ? { ...v, day: null, month: null, year: null } : { ...v, day: v.day!, month: v.month! }));
export type HolidayInput = z.infer<typeof HolidayInputSchema>;

export const HolidaySchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string(),
  /** For a movable feast: its date in the year listed (this year by default). */
  day: z.number(),
  month: z.number(),
  year: z.number().nullable(),
  kind: z.enum(['national', 'patron', 'company']),
  /** A movable feast computed every year (Easter, Easter Monday), or null for a fixed date. */
  rule: z.enum(MOVABLE_FEASTS).nullable(),
  /** First year a recurring holiday applies, or null. */
  fromYear: z.number().nullable(),
});
export type Holiday = z.infer<typeof HolidaySchema>;
export const HolidayListSchema = z.array(HolidaySchema);
export const ListHolidaysQuerySchema = z.object({ year: yearField({ coerce: true }).optional() });

export const HolidayRangeQuerySchema = z.object({ from: DateOnlySchema, to: DateOnlySchema }).superRefine((v, ctx) => {
  if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: wtMsg.rangeInvalid });
  else if (Number(v.to.slice(0, 4)) - Number(v.from.slice(0, 4)) > 3)
    ctx.addIssue({ code: 'custom', path: ['to'], message: wtMsg.rangeTooLong });
});
export const HolidayOccurrenceListSchema = z.array(
  z.object({ id: z.string().optional(), date: z.string(), name: z.string(), icon: z.string(), recurring: z.boolean() }),
);

// Justifications

export const JustificationInputSchema = z.object({
  code: z
    .string({ error: wtMsg.codeRequired })
    .trim()
    .min(1, { error: wtMsg.codeRequired, abort: true })
    .regex(/^[A-Za-z0-9.-]{1,10}$/, { error: wtMsg.codeInvalid })
    .transform((v) => v.toUpperCase()),
  name: requiredString(wtMsg.nameRequired, 100),
  impact: z.enum(['decrease', 'increase', 'nothing'], { error: wtMsg.impactRequired }),
  unit: z.enum(['hour', 'day'], { error: wtMsg.unitRequired }),
  enabled: z.boolean({ error: msg.invalidValue }).default(true),
  groupId: IdSchema.nullish().transform((v) => v ?? null),
  requiresCertificate: z.boolean({ error: msg.invalidValue }).default(false),
  payrollCode: optionalString(4)
    .refine((v) => v === null || /^[A-Za-z0-9]{1,4}$/.test(v), { error: wtMsg.payrollCodeInvalid })
    .transform((v) => (v === null ? null : v.toUpperCase())),
});
export type JustificationInput = z.infer<typeof JustificationInputSchema>;

export const JustificationSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  impact: z.enum(['decrease', 'increase', 'nothing']),
  unit: z.enum(['hour', 'day']),
  enabled: z.boolean(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  requiresCertificate: z.boolean(),
  payrollCode: z.string().nullable(),
});
export type Justification = z.infer<typeof JustificationSchema>;
export const JustificationListSchema = z.array(JustificationSchema);

export const JustificationGroupInputSchema = z.object({
  name: requiredString(wtMsg.nameRequired, 100),
  disabled: z.boolean({ error: msg.invalidValue }).default(false),
  summarizeable: z.boolean({ error: msg.invalidValue }).default(false),
});
export type JustificationGroupInput = z.infer<typeof JustificationGroupInputSchema>;
export const JustificationGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  summarizeable: z.boolean(),
  justificationsCount: z.number(),
});
export type JustificationGroup = z.infer<typeof JustificationGroupSchema>;
export const JustificationGroupListSchema = z.array(JustificationGroupSchema);

export const JustificationLookupQuerySchema = z.object({ include_id: IdSchema.optional() });
export const JustificationGroupLookupQuerySchema = z.object({
  include_id: IdSchema.optional(),
  include_disabled: QueryBoolean.optional(),
});

// Accruals

export const AccrualAdjustmentInputSchema = z.object({
  justificationId: IdSchema,
  amount: z
    .number({ error: wtMsg.amountRequired })
    .refine((v) => v !== 0 && Math.abs(v) <= 9999, { error: wtMsg.amountRequired })
    .transform((v) => Math.round(v * 100) / 100),
  date: DateOnlySchema,
  reason: requiredString(wtMsg.reasonRequired, 300),
});
export type AccrualAdjustmentInput = z.infer<typeof AccrualAdjustmentInputSchema>;

export const AccrualEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  kind: z.enum(['accrual', 'adjustment', 'usage', 'carry_over']),
  period: z.string().nullable(),
  rule: z.string().nullable(),
  reason: z.string().nullable(),
});
export const AccrualBalanceSchema = z.object({
  justification: z.object({ id: z.string(), code: z.string(), name: z.string(), unit: z.enum(['hour', 'day']) }),
  balance: z.number(),
  accrued: z.number(),
  adjusted: z.number(),
  used: z.number(),
  entries: z.array(AccrualEntrySchema),
});
export const AccrualBalanceListSchema = z.object({ date: z.string(), balances: z.array(AccrualBalanceSchema) });
export type AccrualEntry = z.infer<typeof AccrualEntrySchema>;
export type AccrualBalance = z.infer<typeof AccrualBalanceSchema>;
export type AccrualBalanceList = z.infer<typeof AccrualBalanceListSchema>;
export const BalanceQuerySchema = z.object({ date: DateOnlySchema.optional() });
