import type { Contract } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { rowsToSlots, slotListSchema, slotToRow, sortRows, type SlotRow } from '../../components/time-slots/slot-rows';
import type { ContractPayload } from './api/save-contract';
import { parseDecimal } from '../../lib/decimal';

export const CONTRACT_TYPES = ['fixed', 'turn_based'] as const satisfies readonly Contract['type'][];
export const WORKER_TYPES = ['employee', 'collaborator'] as const satisfies readonly Contract['workerType'][];

/** Limits of the server's schema (packages/shared/src/schemas/working-time.ts). */
export const CONTRACT_LIMITS = {
  qualification: 100,
  ccnlLevel: 50,
  description: 500,
  accruals: 50,
  increaseMax: 999,
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

let seq = 0;
/** A stable key for an accrual row (React keys and focus; never sent). */
export const newRowKey = () => `accrual-${++seq}`;

const text = (t: TFunction, max: number) =>
  z.string().check(z.maxLength(max, { error: t('contracts.validation.tooLong', { max }) }));

/**
 * The contract form, mirroring the server (ContractInputSchema): type, worker type and start required; an end date
 * after the start unless permanent; accruals unique, each with an absence type and a monthly increase 0…999; at
 * least one valid time slot, no overlaps, pauses inside their slot.
 */
export const contractFormSchema = (t: TFunction) =>
  z
    .object({
      type: z.string().check(
        z.refine((v) => (CONTRACT_TYPES as readonly string[]).includes(v), {
          error: t('contracts.validation.typeRequired'),
        }),
      ),
      workerType: z.string().check(
        z.refine((v) => (WORKER_TYPES as readonly string[]).includes(v), {
          error: t('contracts.validation.workerTypeRequired'),
        }),
      ),
      qualification: text(t, CONTRACT_LIMITS.qualification),
      ccnlLevel: text(t, CONTRACT_LIMITS.ccnlLevel),
      description: text(t, CONTRACT_LIMITS.description),
      // One check with two messages: an aborting check would also stop the object-level rules below.
      startsAt: z.nullable(z.string()).check(
        z.superRefine((v, ctx) => {
          if (v === null) ctx.addIssue({ code: 'custom', message: t('contracts.validation.startRequired'), input: v });
          else if (!ISO_DATE.test(v))
            ctx.addIssue({ code: 'custom', message: t('contracts.validation.dateInvalid'), input: v });
        }),
      ),
      permanent: z.boolean(),
      endsAt: z.nullable(z.string()),
      justificationAccruals: z.array(
        z.object({ key: z.string(), justificationId: z.string(), monthlyIncrease: z.string() }),
      ),
      timeSlots: slotListSchema(t),
    })
    .check(
      // Runs even when other fields have errors, so every message shows at once.
      z.superRefine(
        (v, ctx) => {
          if (!v.permanent) {
            if (!v.endsAt)
              ctx.addIssue({
                code: 'custom',
                path: ['endsAt'],
                message: t('contracts.validation.endRequired'),
                input: v.endsAt,
              });
            else if (!ISO_DATE.test(v.endsAt))
              ctx.addIssue({
                code: 'custom',
                path: ['endsAt'],
                message: t('contracts.validation.dateInvalid'),
                input: v.endsAt,
              });
            else if (v.startsAt && ISO_DATE.test(v.startsAt) && v.endsAt <= v.startsAt)
              ctx.addIssue({
                code: 'custom',
                path: ['endsAt'],
                message: t('contracts.validation.endAfterStart'),
                input: v.endsAt,
              });
          }
          const seen = new Set<string>();
          (v.justificationAccruals ?? []).forEach((a, i) => {
            if (!a.justificationId)
              ctx.addIssue({
                code: 'custom',
                path: ['justificationAccruals', i, 'justificationId'],
                message: t('contracts.validation.accrualJustificationRequired'),
                input: a,
              });
            else if (seen.has(a.justificationId))
              ctx.addIssue({
                code: 'custom',
                path: ['justificationAccruals', i, 'justificationId'],
                message: t('contracts.validation.accrualDuplicate'),
                input: a,
              });
            seen.add(a.justificationId);
            const n = parseDecimal(a.monthlyIncrease);
            if (a.monthlyIncrease.trim() === '')
              ctx.addIssue({
                code: 'custom',
                path: ['justificationAccruals', i, 'monthlyIncrease'],
                message: t('contracts.validation.accrualIncreaseRequired'),
                input: a,
              });
            else if (!(n >= 0 && n <= CONTRACT_LIMITS.increaseMax))
              ctx.addIssue({
                code: 'custom',
                path: ['justificationAccruals', i, 'monthlyIncrease'],
                message: t('contracts.validation.accrualIncreaseInvalid'),
                input: a,
              });
          });
        },
        { when: () => true },
      ),
    );

export type ContractFormValues = z.infer<ReturnType<typeof contractFormSchema>>;

/** Form fields the server's errors can land on (slot and accrual errors go to their rows). */
export const CONTRACT_FORM_FIELDS = [
  'type',
  'workerType',
  'qualification',
  'ccnlLevel',
  'description',
  'startsAt',
  'endsAt',
  'permanent',
  'justificationAccruals',
  'timeSlots',
] as const;

export const emptyContractForm = (): ContractFormValues => ({
  type: 'fixed',
  // Chosen on purpose: the worker type cannot change after the first save.
  workerType: '',
  qualification: '',
  ccnlLevel: '',
  description: '',
  startsAt: null,
  permanent: true,
  endsAt: null,
  justificationAccruals: [],
  timeSlots: [],
});

export function contractToForm(c: Contract): ContractFormValues {
  return {
    type: c.type,
    workerType: c.workerType,
    qualification: c.qualification ?? '',
    ccnlLevel: c.ccnlLevel ?? '',
    description: c.description ?? '',
    startsAt: c.startsAt,
    permanent: c.permanent,
    endsAt: c.endsAt,
    justificationAccruals: c.justificationAccruals.map((a) => ({
      key: newRowKey(),
      justificationId: a.justificationId,
      monthlyIncrease: String(a.monthlyIncrease),
    })),
    timeSlots: sortRows(c.timeSlots.map((s) => slotToRow(s))),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The API body: trimmed texts (empty → null), no end date when permanent, slots in minutes by weekday. */
export function formToPayload(v: ContractFormValues): ContractPayload {
  return {
    type: v.type as ContractPayload['type'],
    workerType: v.workerType as ContractPayload['workerType'],
    qualification: orNull(v.qualification),
    ccnlLevel: orNull(v.ccnlLevel),
    description: orNull(v.description),
    startsAt: v.startsAt!,
    endsAt: v.permanent ? null : v.endsAt,
    permanent: v.permanent,
    justificationAccruals: v.justificationAccruals.map((a) => ({
      justificationId: a.justificationId,
      monthlyIncrease: parseDecimal(a.monthlyIncrease),
    })),
    timeSlots: rowsToSlots(v.timeSlots as SlotRow[]),
  };
}
