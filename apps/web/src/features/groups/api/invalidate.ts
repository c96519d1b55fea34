import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_KEY } from '../../audit/api/get-audit';
import { USERS_KEY } from '../../users/api/get-users';
import { GROUPS_KEY } from './get-groups';

/** After a change to groups: group lists and lookups, the employees' group columns and the audit trail are stale. */
export async function invalidateGroups(queryClient: QueryClient) {
  await Promise.all([queryClient.invalidateQueries({ queryKey: GROUPS_KEY }), queryClient.invalidateQueries({ queryKey: USERS_KEY }), queryClient.invalidateQueries({ queryKey: AUDIT_KEY })]);
}
