import type { DaySheetDto } from '@timbro/shared';

export type DayProgress = 'past' | 'today' | 'future';

export const progressOf = (date: string, today: string | null | undefined): DayProgress =>
  !today || date < today ? 'past' : date === today ? 'today' : 'future';

export interface FiguresToDate {
  /** The whole month's expected, worked and justified time. */
  expected: number;
  worked: number;
  justified: number;
  /** The balance of the days that are over (before today): a day in progress or to come is not short yet. */
  balance: number;
  /** Days with an anomaly (the server flags no shortfall on a day not over yet, no missing exit on a running entry). */
  anomalyDays: number;
}

/**
 * A month's figures as a person reads them mid-month: the server marks today, the days to come and a day with a
 * running entry as open, and the balance stops at the days that are over (as the engine's totals do).
 */
export function figuresToDate(days: DaySheetDto[]): FiguresToDate {
  const f: FiguresToDate = { expected: 0, worked: 0, justified: 0, balance: 0, anomalyDays: 0 };
  for (const d of days) {
    f.expected += d.expected;
    f.worked += d.worked;
    f.justified += d.covered + d.increase - d.decrease;
    if (!d.open) f.balance += d.balance;
    if (d.anomalies.length > 0) f.anomalyDays += 1;
  }
  return f;
}
