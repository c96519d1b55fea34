import type { MonthLogStatus, PayrollProfileId, PrecheckKind } from '@timbro/shared';

/*
 * The contract's lists, repeated here as values (the package root re-exports every zod schema, too heavy for the
 * browser). Each is written as a record over the contract's type, so a value the contract gains and these miss fails
 * to compile; the keys keep the written order.
 */

const STATUSES: Record<MonthLogStatus, true> = { waiting: true, in_progress: true, completed: true, failed: true };
export const MONTH_LOG_STATUSES = Object.keys(STATUSES) as MonthLogStatus[];
export const isMonthLogStatus = (v: string): v is MonthLogStatus => Object.hasOwn(STATUSES, v);

/** The pre-close check's kinds, in the order the dialog lists them (the contract's order). */
const KINDS: Record<PrecheckKind, true> = {
  month_not_over: true,
  open_requests: true,
  missing_exit: true,
  unjustified_shortfall: true,
  shift_deviation: true,
  company_code_missing: true,
  employee_code_missing: true,
  employee_code_too_long: true,
  justification_code_missing: true,
  justification_code_too_long: true,
  item_code_missing: true,
};
export const PRECHECK_KINDS = Object.keys(KINDS) as PrecheckKind[];

const PROFILES: Record<PayrollProfileId, true> = { zucchetti: true, inaz: true, csv: true };
export const PAYROLL_PROFILES = Object.keys(PROFILES) as PayrollProfileId[];
