import type { QueryClient } from '@tanstack/react-query';
import { GROUPS_KEY } from '../../groups/api/get-groups';
import { AUDIT_KEY } from '../../audit/api/get-audit';
import { USERS_KEY } from './get-users';

/** After a change to people: lists, records, lookups, the audit trail and the groups' member counts are stale. */
export async function invalidatePeople(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
    queryClient.invalidateQueries({ queryKey: GROUPS_KEY }),
  ]);
}
