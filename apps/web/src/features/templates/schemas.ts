import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import { slotListSchema } from '../../components/time-slots/slot-rows';

/** Limits of the server's schemas (packages/shared/src/schemas/working-time.ts). */
export const TEMPLATE_LIMITS = { name: 100, description: 300, daySlots: 10 } as const;

const name = (t: TFunction) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: t('templates.validation.nameRequired'), abort: true }),
      z.maxLength(TEMPLATE_LIMITS.name, { error: t('templates.validation.tooLong', { max: TEMPLATE_LIMITS.name }) }),
    );
const description = (t: TFunction) =>
  z.string().check(
    z.maxLength(TEMPLATE_LIMITS.description, {
      error: t('templates.validation.tooLong', { max: TEMPLATE_LIMITS.description }),
    }),
  );

/** A daily template: a name and its slots (the grid editor's rules, one day, at most 10 slots). */
export const templateDayFormSchema = (t: TFunction) =>
  z.object({
    name: name(t),
    description: description(t),
    timeSlots: slotListSchema(t).check(
      z.maxLength(TEMPLATE_LIMITS.daySlots, {
        error: t('templates.validation.tooManySlots', { max: TEMPLATE_LIMITS.daySlots }),
      }),
    ),
  });
export type TemplateDayFormValues = z.infer<ReturnType<typeof templateDayFormSchema>>;

/** A weekly template: a name and, per weekday, a daily template or '' (a day off). */
export const templateWeekFormSchema = (t: TFunction) =>
  z.object({
    name: name(t),
    description: description(t),
    days: z.array(z.string()),
  });
export type TemplateWeekFormValues = z.infer<ReturnType<typeof templateWeekFormSchema>>;
