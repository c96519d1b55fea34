import { daysInMonth, isoDateOf, maxDate, minDate, daysBetween, type IsoDate } from './dates';
import type { ContractPeriod } from './contracts';

/** A month as YYYY-MM. */
export type YearMonth = string;

export function monthBounds(ym: YearMonth): { first: IsoDate; last: IsoDate; days: number } {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  const days = daysInMonth(y, m);
  return { first: isoDateOf(y, m, 1), last: isoDateOf(y, m, days), days };
}

export function nextMonth(ym: YearMonth): YearMonth {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function monthOf(d: IsoDate): YearMonth {
  return d.slice(0, 7);
}

/** Share of a month covered by a contract: covered calendar days ÷ days of the month (0 … 1). */
export function coveredFraction(contract: ContractPeriod, ym: YearMonth): number {
  const { first, last, days } = monthBounds(ym);
  const start = maxDate(first, contract.startsAt);
  const end = contract.endsAt === null ? last : minDate(last, contract.endsAt);
  if (start > end) return 0;
  return (daysBetween(start, end) + 1) / days;
}

/**
 * One month's accrual of a justification for a contract: monthlyIncrease prorated by the days covered, rounded to
 * 1/100 of the unit (hours or days). Months not covered at all accrue nothing.
 */
export function monthlyAccrual(contract: ContractPeriod, monthlyIncrease: number, ym: YearMonth): number {
  const fraction = coveredFraction(contract, ym);
  return Math.round(monthlyIncrease * fraction * 100) / 100;
}

/** Months from the contract's first month up to `untilMonth` (inclusive) that the contract touches. */
export function accrualMonths(contract: ContractPeriod, untilMonth: YearMonth): YearMonth[] {
  const out: YearMonth[] = [];
  const lastMonth = contract.endsAt ? (monthOf(contract.endsAt) < untilMonth ? monthOf(contract.endsAt) : untilMonth) : untilMonth;
  for (let ym = monthOf(contract.startsAt); ym <= lastMonth; ym = nextMonth(ym)) out.push(ym);
  return out;
}
