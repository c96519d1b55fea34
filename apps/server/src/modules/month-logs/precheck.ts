import {
  OVERTIME_ITEM,
  PAYROLL_CODE_LIMITS,
  WORKED_ITEM,
  type Precheck,
  type PrecheckItem,
  type PrecheckKind,
} from '@timbro/shared';
import type { PayrollCodes } from '../payroll-settings';
import type { ComputedEmployee } from './month-compute';

const name = (u: { firstName: string; lastName: string }) => `${u.lastName} ${u.firstName}`;

/**
 * The pre-close check (pure): what would make the month's payroll wrong or the export impossible. Each item names the
 * employee or absence type to fix and the days concerned, so the page can link to the fix.
 */
export function precheckOf(
  month: string,
  endOfMonth: string,
  today: string,
  employees: ComputedEmployee[],
  codes: PayrollCodes,
): Precheck {
  const items: PrecheckItem[] = [];
  const push = (kind: PrecheckKind, rest: Partial<PrecheckItem> = {}) =>
    items.push({ kind, userInfo: null, justification: null, dates: [], count: 1, ...rest });

  if (endOfMonth >= today) push('month_not_over');
  for (const e of employees) {
    const userInfo = { id: e.userInfo.id, name: name(e.userInfo) };
    const days = (pred: (a: string[]) => boolean) =>
      e.sheets.filter((s) => !s.open && pred(s.anomalies)).map((s) => s.date);
    if (e.openRequests.length > 0) {
      const dates = [...new Set(e.openRequests.map((r) => r.date))].sort();
      push('open_requests', { userInfo, dates, count: e.openRequests.length });
    }
    const missing = days((a) => a.includes('missing_exit') || a.includes('missing_entry'));
    if (missing.length > 0) push('missing_exit', { userInfo, dates: missing, count: missing.length });
    const short = days((a) => a.includes('unjustified_shortfall'));
    if (short.length > 0) push('unjustified_shortfall', { userInfo, dates: short, count: short.length });
    const deviations = days((a) => a.some((k) => k.startsWith('shift_')));
    if (deviations.length > 0) push('shift_deviation', { userInfo, dates: deviations, count: deviations.length });
  }
  if (!codes.company.companyCode) push('company_code_missing');
  const paid = employees.filter((e) => e.lines.length > 0);
  for (const e of paid) {
    const code = codes.employees.get(e.userInfo.id)?.payrollCode ?? null;
    const userInfo = { id: e.userInfo.id, name: name(e.userInfo) };
    if (!code) push('employee_code_missing', { userInfo });
    else if (code.length > PAYROLL_CODE_LIMITS.employee) push('employee_code_too_long', { userInfo });
  }
  const used = new Set(paid.flatMap((e) => e.lines.map((l) => l.item)));
  for (const item of [WORKED_ITEM, OVERTIME_ITEM]) {
    const code = item === WORKED_ITEM ? codes.company.workedCode : codes.company.overtimeCode;
    if (used.has(item) && !code)
      push('item_code_missing', { justification: { id: item, code: item, name: item }, count: 1 });
  }
  for (const [id, j] of [...codes.justifications].sort(([, a], [, b]) => a.code.localeCompare(b.code))) {
    if (!used.has(id)) continue;
    const justification = { id, code: j.code, name: j.name };
    if (!j.payrollCode) push('justification_code_missing', { justification });
    else if (j.payrollCode.length > PAYROLL_CODE_LIMITS.justification)
      push('justification_code_too_long', { justification });
  }
  const problems = items.reduce((n, i) => n + i.count, 0);
  return { month, endOfMonth, employees: employees.length, items, problems };
}
