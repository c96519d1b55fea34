import { hasPermission, isWorkspaceIndependent, type Permission } from '@timbro/shared/roles';
import type { DerivedUser } from './current-user';

/** The same rule as the server's request context; the UI only hides what the server would refuse anyway. */
export function can(user: DerivedUser | null, permission: Permission): boolean {
  if (!user) return false;
  if (permission === 'platform:manage') return user.isOperator;
  if (isWorkspaceIndependent(permission)) return true;
  return hasPermission(user.roles, permission);
}
