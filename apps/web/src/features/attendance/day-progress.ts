import type { DaySheetDto } from '@timbro/shared';

export type DayProgress = 'past' | 'today' | 'future';

/** Anomalies that only mean something once the day is over. */
const NOT_YET: Record<DayProgress, readonly string[]> = { past: [], today: ['unjustified_shortfall', 'missing_exit'], future: ['unjustified_shortfall'] };

export const progressOf = (date: string, today: string | null | undefined): DayProgress => (!today || date < today ? 'past' : date === today ? 'today' : 'future');

/** The anomalies to show for a day (none of those that only mean something once the day is over). */
export const shownAnomalies = (anomalies: readonly string[], progress: DayProgress) => anomalies.filter((a) => !NOT_YET[progress].includes(a));

export interface FiguresToDate {
  /** The whole month's expected, worked and justified time. */
  expected: number;
  worked: number;
  justified: number;
  /** The balance of the days that are over (before today): a day in progress or to come is not short yet. */
  balance: number;
  /** Days that are over with an anomaly. */
  anomalyDays: number;
}

/**
 * A month's figures as a person reads them mid-month: the engine's totals count every future working day as a full
 * shortfall (nothing worked yet), so the balance and the anomalies stop at yesterday.
 */
export function figuresToDate(days: DaySheetDto[], today: string | null | undefined): FiguresToDate {
  const f: FiguresToDate = { expected: 0, worked: 0, justified: 0, balance: 0, anomalyDays: 0 };
  for (const d of days) {
    const progress = progressOf(d.date, today);
    f.expected += d.expected;
    f.worked += d.worked;
    f.justified += d.covered + d.increase - d.decrease;
    if (progress === 'past') f.balance += d.balance;
    if (shownAnomalies(d.anomalies, progress).length > 0) f.anomalyDays += 1;
  }
  return f;
}
