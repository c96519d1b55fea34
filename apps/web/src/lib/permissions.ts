import { hasPermission, isWorkspaceIndependent, type Permission } from '@timbro/shared/roles';
import type { DerivedUser } from './current-user';

/** A screen's requirement: one permission, or several that must all be held. */
export type PermissionRule = Permission | readonly Permission[];

/**
 * The settings screens (templates, holidays, absence types): for whoever reads the company's people (admin,
 * accountant — read-only without `settings:write`). Members read lookups through `/attendance/ajax/*` (`workspace:read`).
 */
export const SETTINGS_SCREEN: PermissionRule = ['settings:read', 'user:read'];

/** The same rule as the server's request context; the UI only hides what the server would refuse anyway. */
export function can(user: DerivedUser | null, permission: PermissionRule): boolean {
  if (!user) return false;
  if (typeof permission !== 'string') return permission.every((p) => can(user, p));
  if (permission === 'platform:manage') return user.isOperator;
  // One's own notifications live on one's record in the workspace: an operator entering a company as its admin without
  // being one of its people has none (the server answers 403), so no bell and no preferences there.
  if (permission === 'notification:own') return user.attendanceInfo !== null && hasPermission(user.roles, permission);
  if (isWorkspaceIndependent(permission)) return true;
  return hasPermission(user.roles, permission);
}
