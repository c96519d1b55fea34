import { YEAR_MAX, YEAR_MIN } from '@timbro/shared/constants';
import type { Holiday } from '@timbro/shared';
import { addDays, isValidDayMonth } from '@timbro/shared/domain/dates';
import { expandHolidays } from '@timbro/shared/domain/holidays';
import type { TFunction } from 'i18next';
import { z } from 'zod/mini';
import type { HolidayPayload } from './api/save-holiday';

export const HOLIDAY_KINDS = ['national', 'patron', 'company'] as const satisfies readonly Holiday['kind'][];
export const HOLIDAY_NAME_MAX = 100;
/** The server's sane date range (ADR 0014/limits: 1900–2100). */
const YEARS = { min: YEAR_MIN, max: YEAR_MAX } as const;

const int = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);

/**
 * The holiday form, mirroring the server: icon, name, day and month required; the date must exist (29 February only
 * recurs in leap years, so a recurring one is allowed); a year only for a holiday of one year.
 */
export const holidayFormSchema = (t: TFunction) =>
  z
    .object({
      icon: z.string().check(z.minLength(1, { error: t('holidays.validation.iconRequired') })),
      name: z.string().check(
        z.trim(),
        // Not aborting: the date rule of the whole form must still run.
        z.minLength(1, { error: t('holidays.validation.nameRequired') }),
        z.maxLength(HOLIDAY_NAME_MAX, { error: t('holidays.validation.tooLong', { max: HOLIDAY_NAME_MAX }) }),
      ),
      day: z.string().check(z.minLength(1, { error: t('holidays.validation.dayRequired') })),
      month: z.string().check(z.minLength(1, { error: t('holidays.validation.monthRequired') })),
      recurring: z.boolean(),
      year: z.string(),
      kind: z.enum(HOLIDAY_KINDS),
    })
    .check(
      z.superRefine(
        (v, ctx) => {
          const year = int(v.year);
          if (!v.recurring && !(year >= YEARS.min && year <= YEARS.max)) {
            ctx.addIssue({
              code: 'custom',
              path: ['year'],
              message: t('holidays.validation.yearInvalid', YEARS),
              input: v.year,
            });
            return;
          }
          if (v.day && v.month && !isValidDayMonth(int(v.day), int(v.month), v.recurring ? null : year))
            ctx.addIssue({
              code: 'custom',
              path: ['day'],
              message: t('holidays.validation.dateInvalid'),
              input: v.day,
            });
        },
        { when: () => true },
      ),
    );

export type HolidayFormValues = z.infer<ReturnType<typeof holidayFormSchema>>;

export const holidayToForm = (h: Holiday | null, kind: Holiday['kind'] = 'company'): HolidayFormValues => ({
  icon: h?.icon ?? '',
  name: h?.name ?? '',
  day: h ? String(h.day) : '',
  month: h ? String(h.month) : '',
  recurring: h ? h.year === null : true,
  year: h?.year ? String(h.year) : String(new Date().getFullYear()),
  kind: h?.kind ?? kind,
});

/** The form always sends a fixed date (a movable feast keeps its rule on the server when the body leaves it out). */
export const formToPayload = (
  v: HolidayFormValues,
): HolidayPayload & Pick<Holiday, 'day' | 'month' | 'year' | 'kind'> => ({
  name: v.name.trim(),
  icon: v.icon,
  day: Number(v.day),
  month: Number(v.month),
  year: v.recurring ? null : Number(v.year),
  kind: v.kind,
});

/** The next date (today included) a holiday falls on, or null (a dated one already past). Movable feasts move. */
export function nextOccurrence(
  h: Pick<Holiday, 'name' | 'icon' | 'day' | 'month' | 'year'> & Partial<Pick<Holiday, 'rule' | 'fromYear'>>,
  today: string,
): string | null {
  // Four years ahead: a recurring 29 February comes back at the latest in four years.
  return expandHolidays([h], today, addDays(today, 4 * 366))[0]?.date ?? null;
}
