import { ADMIN_PEOPLE_ROUTES } from './admin-people-routes';
import { ADMIN_SETTINGS_ROUTES, INTEGRATION_ROUTES } from './admin-settings-routes';
import type { ProtectedRoute } from './lazy-page';
import { ACCOUNT_ROUTES, MEMBER_ROUTES } from './member-routes';
import { OPERATOR_ROUTES, TIMESHEET_ROUTES } from './operator-routes';
import { PLATFORM_ROUTES } from './platform-routes';

export type { ProtectedRoute } from './lazy-page';

/**
 * Every route of the spec's route table (and the screens the spec names without a path), each with the
 * permission it needs (every one a real screen: no placeholder is left). The table is split by area
 * (account, admin people, admin settings, operations, member, integration, timesheet, the platform operator's); the
 * order is the table's.
 */
export const PROTECTED_ROUTES: ProtectedRoute[] = [
  ...ACCOUNT_ROUTES,
  ...ADMIN_PEOPLE_ROUTES,
  ...ADMIN_SETTINGS_ROUTES,
  ...OPERATOR_ROUTES,
  ...MEMBER_ROUTES,
  ...INTEGRATION_ROUTES,
  ...TIMESHEET_ROUTES,
  ...PLATFORM_ROUTES,
];
