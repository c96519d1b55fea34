import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

export const REOPEN_REASON_MIN = 10;
export const REOPEN_REASON_MAX = 500;

/** The reopen form: a reason of at least 10 characters (as on the server, which says it again if need be). */
export const reopenFormSchema = (t: TFunction) =>
  z.object({
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(REOPEN_REASON_MIN, { error: t('monthLogs.reopen.reasonTooShort', { min: REOPEN_REASON_MIN }) }),
        z.maxLength(REOPEN_REASON_MAX, { error: t('monthLogs.reopen.reasonTooLong', { max: REOPEN_REASON_MAX }) }),
      ),
  });
export type ReopenFormValues = z.infer<ReturnType<typeof reopenFormSchema>>;

/** The export form: a profile, and "only the changes since" an older completed version ('' = the whole month). */
export const exportFormSchema = (t: TFunction) =>
  z.object({
    profile: z.enum(['zucchetti', 'inaz', 'csv'], { error: t('monthLogs.exports.profileRequired') }),
    changesSince: z.string(),
  });
export type ExportFormValues = z.infer<ReturnType<typeof exportFormSchema>>;
