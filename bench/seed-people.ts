/**
 * What several benchmarks insert in bulk, once: employee records for accounts they have just inserted, and the
 * standard contract (permanent, from 2025-01-01, Monday–Friday 9–18 with a 13–14 pause).
 */
import type { Queryable } from '../apps/server/src/db/client';
import { contracts, contractTimeSlots, userInfos } from '../apps/server/src/db/schema';

interface Account {
  id: string;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
}

/** An accepted employee record (member) in the workspace for each account, in their order. */
export async function enrolMembers(q: Queryable, workspaceId: string, accounts: Account[]) {
  if (accounts.length === 0) return [];
  return q
    .insert(userInfos)
    .values(
      accounts.map((u) => ({
        workspaceId,
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        fiscalCode: u.fiscalCode,
        isMember: true,
      })),
    )
    .returning({ id: userInfos.id });
}

/** The standard contract for each employee record: permanent from 2025-01-01, Monday–Friday 9–18, pause 13–14. */
export async function nineToSixContracts(q: Queryable, workspaceId: string, userInfoIds: string[]) {
  if (userInfoIds.length === 0) return [];
  const cs = await q
    .insert(contracts)
    .values(
      userInfoIds.map((userInfoId) => ({
        workspaceId,
        userInfoId,
        type: 'fixed' as const,
        workerType: 'employee' as const,
        startsAt: '2025-01-01',
        permanent: true,
      })),
    )
    .returning({ id: contracts.id, userInfoId: contracts.userInfoId });
  await q.insert(contractTimeSlots).values(
    cs.flatMap((c) =>
      [1, 2, 3, 4, 5].map((weekday) => ({
        workspaceId,
        contractId: c.id,
        weekday,
        startsAtMinutes: 540,
        endsAtMinutes: 1080,
        pauseStartsAtMinutes: 780,
        pauseEndsAtMinutes: 840,
      })),
    ),
  );
  return cs;
}
