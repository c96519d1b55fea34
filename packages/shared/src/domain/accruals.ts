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

/** Calendar days of a month covered by a contract (0 … days of the month). */
export function coveredDays(contract: ContractPeriod, ym: YearMonth): number {
  const { first, last } = monthBounds(ym);
  const start = maxDate(first, contract.startsAt);
  const end = contract.endsAt === null ? last : minDate(last, contract.endsAt);
  return start > end ? 0 : daysBetween(start, end) + 1;
}

/** A month counts for the accruals ("ratei") when the contract covers at least this many calendar days of it. */
export const ACCRUAL_MIN_DAYS_IN_MONTH = 15;

/** Whether a month counts in full for the accruals: covered for at least ACCRUAL_MIN_DAYS_IN_MONTH days. */
export function monthCounts(contract: ContractPeriod, ym: YearMonth): boolean {
  return coveredDays(contract, ym) >= ACCRUAL_MIN_DAYS_IN_MONTH;
}

/** A monthly accrual to book: the month, its amount and how many counted months of its year it completes. */
export interface PlannedAccrual {
  period: YearMonth;
  amount: number;
  /** Counted months of the calendar year up to and including this one (the contract's months only). */
  monthsInYear: number;
}

/** Increases are kept with 4 decimals, amounts with 2: both as integers, so the rounding is exact. */
const increaseUnits = (monthlyIncrease: number) => Math.round(monthlyIncrease * 10_000);
const cumulativeCents = (units: number, months: number) => Math.round((units * months) / 100);

/**
 * The monthly accrual entries of one justification for a contract, up to `untilMonth` (inclusive). A month counts in
 * full when the contract covers at least 15 of its days, otherwise it accrues nothing. Amounts are rounded on the
 * running total of the calendar year, so the cents never drift: a counted month books
 * round2(increase × counted months of the year so far) − round2(increase × counted months before it). Twelve counted
 * months then add up to exactly round2(12 × increase) (26.00 days for 2.1667/month), and any n counted months of a
 * year to round2(n × increase). The count restarts every 1 January and starts at the contract's first month.
 * Depends only on the contract and the months, so computing it again, late or in any order gives the same entries.
 * Months that accrue nothing are left out.
 */
export function plannedAccruals(
  contract: ContractPeriod,
  monthlyIncrease: number,
  untilMonth: YearMonth,
): PlannedAccrual[] {
  const units = increaseUnits(monthlyIncrease);
  const out: PlannedAccrual[] = [];
  let year = '';
  let counted = 0;
  for (const ym of accrualMonths(contract, untilMonth)) {
    if (ym.slice(0, 4) !== year) {
      year = ym.slice(0, 4);
      counted = 0;
    }
    if (!monthCounts(contract, ym)) continue;
    counted++;
    const cents = cumulativeCents(units, counted) - cumulativeCents(units, counted - 1);
    if (cents > 0) out.push({ period: ym, amount: cents / 100, monthsInYear: counted });
  }
  return out;
}

/** Months from the contract's first month up to `untilMonth` (inclusive) that the contract touches. */
export function accrualMonths(contract: ContractPeriod, untilMonth: YearMonth): YearMonth[] {
  const out: YearMonth[] = [];
  const lastMonth = contract.endsAt
    ? monthOf(contract.endsAt) < untilMonth
      ? monthOf(contract.endsAt)
      : untilMonth
    : untilMonth;
  for (let ym = monthOf(contract.startsAt); ym <= lastMonth; ym = nextMonth(ym)) out.push(ym);
  return out;
}
