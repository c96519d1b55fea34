import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserInputSchema, UpdateUserInputSchema, User } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidatePeople } from './invalidate';

/** The body of POST /admin/user/{id} (the fiscal code is sent unchanged, or not at all: it is fixed after creation). */
export type UserPayload = z.input<typeof UpdateUserInputSchema>;

/** The body of POST /admin/user. */
export type CreateUserPayload = z.input<typeof CreateUserInputSchema>;

/**
 * POST /admin/user: enrols a person. The answer is the same whether the e-mail is new (a first-login link) or an
 * existing account's (an invitation it accepts): the record is pending until then (ADR 0015).
 */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateUserPayload) => (await api.post<User>('/admin/user', body)).data,
    onSuccess: () => invalidatePeople(queryClient),
  });
}
