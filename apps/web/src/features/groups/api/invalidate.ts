import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_KEY, GROUPS_KEY, USERS_KEY } from '../../../lib/query-keys';

/** After a change to groups: group lists and lookups, the employees' group columns and the audit trail are stale. */
export async function invalidateGroups(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  ]);
}
