import type { QueryClient } from '@tanstack/react-query';
import { ACCRUALS_KEY, CONTRACTS_KEY } from '../../../lib/query-keys';

/** After a contract change: contract lists and records, and the balances (the accrual ledger follows contracts). */
export async function invalidateContracts(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY }),
    queryClient.invalidateQueries({ queryKey: ACCRUALS_KEY }),
  ]);
}
