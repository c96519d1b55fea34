import { clockToMinutes } from '@timbro/shared/domain/time-slots';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';

/** The server's limit of a punch correction's reason. */
export const PUNCH_REASON_MAX = 300;

const reasonField = (t: TFunction) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: t('punchDialog.validation.reasonRequired'), abort: true }),
      z.maxLength(PUNCH_REASON_MAX, { error: t('punchDialog.validation.tooLong', { max: PUNCH_REASON_MAX }) }),
    );

/** The server's rules: a local date and time (not in the future: the server says so), a direction, a reason. */
export const punchFormSchema = (t: TFunction) =>
  z.object({
    date: z
      .nullable(z.string())
      .check(
        z.refine((v) => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v), { error: t('punchDialog.validation.dateRequired') }),
      ),
    time: z.string().check(
      z.refine((v) => clockToMinutes(v) !== null && clockToMinutes(v)! < 1440, {
        error: t('punchDialog.validation.timeRequired'),
      }),
    ),
    direction: z.enum(['in', 'out']),
    reason: reasonField(t),
  });
export type PunchFormValues = z.infer<ReturnType<typeof punchFormSchema>>;
