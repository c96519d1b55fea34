import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_KEY, GROUPS_KEY, USERS_KEY } from '../../../lib/query-keys';

/** After a change to people: lists, records, lookups, the audit trail and the groups' member counts are stale. */
export async function invalidatePeople(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
    queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  ]);
}
