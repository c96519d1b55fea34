import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractInputSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { contractQueryOptions } from './get-contract';
import { invalidateContracts } from './invalidate';

/** The body of POST /admin/user/{id}/contract and POST /admin/contract/{id}. */
export type ContractPayload = z.input<typeof ContractInputSchema>;

/** POST /admin/user/{id}/contract: a new contract (the server refuses one overlapping another of the employee). */
export function useCreateContract(userInfoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContractPayload) =>
      (await api.post<Contract>(`/admin/user/${encodeURIComponent(userInfoId)}/contract`, body)).data,
    onSuccess: () => invalidateContracts(queryClient),
  });
}

/** POST /admin/contract/{id}: the worker type is sent unchanged (the server refuses another one). */
export function useUpdateContract(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContractPayload) =>
      (await api.post<Contract>(`/admin/contract/${encodeURIComponent(id)}`, body)).data,
    onSuccess: async (contract) => {
      queryClient.setQueryData(contractQueryOptions(id).queryKey, contract);
      await invalidateContracts(queryClient);
    },
  });
}
