import { daysBetween, type IsoDate } from './dates';

export interface ContractPeriod {
  id?: string;
  startsAt: IsoDate;
  /** null = permanent (open-ended). */
  endsAt: IsoDate | null;
}

export type ContractStatus = 'past' | 'active' | 'future';
export type ContractFilter = 'relevant' | 'active' | 'expiring' | 'expired' | 'all';

/** Contracts ending within this many days are "expiring" (shown in the list filter and on the dashboard). */
export const EXPIRING_WITHIN_DAYS = 30;
/** D.Lgs. 81/2015 (as amended): at most 4 extensions of fixed-term work and 24 months in all with one employer. */
export const FIXED_TERM_MAX_EXTENSIONS = 4;
export const FIXED_TERM_MAX_MONTHS = 24;

export function contractStatus(c: ContractPeriod, today: IsoDate): ContractStatus {
  if (c.startsAt > today) return 'future';
  if (c.endsAt !== null && c.endsAt < today) return 'past';
  return 'active';
}

/** Active and ending within EXPIRING_WITHIN_DAYS days (today included). */
export function isExpiring(c: ContractPeriod, today: IsoDate): boolean {
  return (
    contractStatus(c, today) === 'active' && c.endsAt !== null && daysBetween(today, c.endsAt) <= EXPIRING_WITHIN_DAYS
  );
}

/** The list filter: relevant = active or future; expired = past. */
export function matchesFilter(c: ContractPeriod, filter: ContractFilter, today: IsoDate): boolean {
  const status = contractStatus(c, today);
  switch (filter) {
    case 'all':
      return true;
    case 'relevant':
      return status !== 'past';
    case 'active':
      return status === 'active';
    case 'expiring':
      return isExpiring(c, today);
    case 'expired':
      return status === 'past';
  }
}

/** Two periods overlap when they share at least one day (end dates are inclusive; null = open-ended). */
export function periodsOverlap(a: ContractPeriod, b: ContractPeriod): boolean {
  const aEnd = a.endsAt ?? '9999-12-31';
  const bEnd = b.endsAt ?? '9999-12-31';
  return a.startsAt <= bEnd && b.startsAt <= aEnd;
}

/** The first existing contract that overlaps the candidate (ignoring the candidate's own id). */
export function findOverlap<T extends ContractPeriod>(candidate: ContractPeriod, existing: T[]): T | null {
  return (
    existing.find((c) => (candidate.id === undefined || c.id !== candidate.id) && periodsOverlap(candidate, c)) ?? null
  );
}

/** The contract in force on a day, if any. */
export function contractOn<T extends ContractPeriod>(contracts: T[], day: IsoDate): T | null {
  return contracts.find((c) => c.startsAt <= day && (c.endsAt === null || c.endsAt >= day)) ?? null;
}
