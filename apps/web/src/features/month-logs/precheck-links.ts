import type { Precheck, PrecheckItem, PrecheckKind } from '@timbro/shared';
import { paths } from '../../config/paths';
import type { PermissionRule } from '../../lib/permissions';

export interface FixLink {
  to: string;
  /** The link text's key under monthLogs.precheck.fix. */
  label: 'requests' | 'calendar' | 'employeeCode' | 'justificationCode' | 'companyCode';
  permission: PermissionRule;
}

/**
 * The search that finds a person on the approvals and calendar pages. The check names people "Surname Name", those
 * pages search first name, last name or "Name Surname": the first word is always part of the surname.
 */
const searchOf = (name: string) => name.trim().split(/\s+/)[0] ?? '';

const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

const PAYROLL_SETTINGS: PermissionRule = 'payroll:settings';
const ATTENDANCE: PermissionRule = 'attendance:read:any';

/** Where a problem of the pre-close check is fixed: the filtered approvals, the person's month, the payroll codes. */
export function fixLinkOf(item: PrecheckItem, check: Pick<Precheck, 'month' | 'endOfMonth'>): FixLink | null {
  const kind: PrecheckKind = item.kind;
  const person: Record<string, string> = item.userInfo ? { search: searchOf(item.userInfo.name) } : {};
  switch (kind) {
    case 'open_requests':
      return {
        to: withQuery(paths.adminJustificationRequest, {
          from: `${check.month}-01`,
          to: check.endOfMonth,
          ...person,
        }),
        label: 'requests',
        permission: ATTENDANCE,
      };
    case 'missing_exit':
    case 'unjustified_shortfall':
    case 'shift_deviation':
      return {
        // The person's first day named opens with the calendar (issue 30 item 17: the link showed the month only).
        to: withQuery(paths.adminAttendanceCalendar, {
          month: check.month,
          ...person,
          ...(item.userInfo && item.dates[0] ? { day: item.dates[0], user: item.userInfo.id } : {}),
        }),
        label: 'calendar',
        permission: ATTENDANCE,
      };
    case 'employee_code_missing':
    case 'employee_code_too_long':
      return {
        to: item.userInfo ? withQuery(paths.integrationUserInfo, person) : paths.integrationUserInfo,
        label: 'employeeCode',
        permission: PAYROLL_SETTINGS,
      };
    case 'justification_code_missing':
    case 'justification_code_too_long':
      return { to: paths.integrationJustification, label: 'justificationCode', permission: PAYROLL_SETTINGS };
    case 'company_code_missing':
    case 'item_code_missing':
      return { to: paths.integrationCompany, label: 'companyCode', permission: PAYROLL_SETTINGS };
    case 'month_not_over':
      return null;
  }
}

/** The kinds only an admin can fix (payroll codes, in the integration settings). */
export const isCodeKind = (kind: PrecheckKind) =>
  kind !== 'month_not_over' && kind !== 'open_requests' && kind !== 'missing_exit' && kind !== 'unjustified_shortfall';
