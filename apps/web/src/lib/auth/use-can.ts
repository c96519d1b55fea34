import { useCallback } from 'react';
import { can, type PermissionRule } from '../permissions';
import { useAuth } from './auth-context';

/**
 * Whether the signed-in user holds a permission (or all of several) in the active workspace: the same rule as the
 * route table and the server. The UI only hides what the server would refuse anyway.
 */
export function useCan(rule: PermissionRule): boolean {
  const { current } = useAuth();
  return can(current, rule);
}

/** The same check for a list decided at render (widgets, menu entries, tabs): `const check = useCanCheck(); items.filter((i) => check(i.permission))`. */
export function useCanCheck(): (rule: PermissionRule) => boolean {
  const { current } = useAuth();
  return useCallback((rule: PermissionRule) => can(current, rule), [current]);
}
