import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, WorkspaceRole, AutoApproveSetting } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidatePeople } from './invalidate';

/** The body of POST /admin/user and POST /admin/user/{id} (empty optional fields as null). */
export interface UserPayload {
  firstName: string;
  lastName: string;
  email: string;
  /** Sent unchanged when editing (or not at all): the fiscal code is fixed after creation. */
  fiscalCode?: string;
  roles: WorkspaceRole[];
  attendanceAutoApproveRequest: AutoApproveSetting;
  workEmail: string | null;
  pec: string | null;
  phoneNumber: string | null;
  homeAddress: string | null;
  iban: string | null;
  birthday: string | null;
  birthplace: string | null;
  groups: string[];
}

export interface CreateUserPayload extends UserPayload {
  fiscalCode: string;
}

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
