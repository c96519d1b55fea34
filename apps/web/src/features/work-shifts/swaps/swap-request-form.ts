import type { TFunction } from 'i18next';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod/mini';
import { errorMessage, fieldErrors } from '../../../lib/error-message';

/** A swap's note, like the server's (SwapCreateSchema, SwapAnswerSchema, SwapDecisionSchema). */
export const SWAP_NOTE_MAX = 500;

export interface SwapRequestValues {
  /** The colleague's shift chosen ('' until one is). */
  targetShiftId: string;
  note: string;
}

/** The swap request: one colleague's shift chosen, a note of at most 500 characters. */
export const swapRequestFormSchema = (t: TFunction) =>
  z.object({
    targetShiftId: z.string().check(z.refine((v) => v !== '', { error: t('shiftSwaps.request.pickRequired') })),
    note: z.string().check(
      z.refine((v) => v.trim().length <= SWAP_NOTE_MAX, {
        error: t('shiftSwaps.request.noteTooLong', { max: SWAP_NOTE_MAX }),
      }),
    ),
  });

/**
 * The server's refusal of a swap request: its field errors on the note and on the chosen shift (the colleague's shift
 * and the colleague are one choice here); anything else — my own shift no longer swappable, a swap already open — above
 * the form. Returns the text to show above, or null.
 */
export function swapRequestServerError(
  err: unknown,
  setError: UseFormSetError<SwapRequestValues>,
  fallback: string,
): string | null {
  const errors = fieldErrors(err);
  let applied = false;
  const put = (field: keyof SwapRequestValues, message: string | undefined) => {
    if (!message) return;
    setError(field, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  };
  put('note', errors.note);
  put('targetShiftId', errors.targetShiftId ?? errors.targetUserInfoId);
  const other = errors.sourceShiftId;
  if (other) return other;
  return applied ? null : errorMessage(err, fallback);
}
