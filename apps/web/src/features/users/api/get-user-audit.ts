import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const AUDIT_KEY = ['audit'] as const;

export interface AuditEntry {
  id: number;
  action: string;
  entityType: string;
  entityId: string;
  actor: { id: string; name: string } | null;
  changes: Record<string, unknown>;
  createdAt: string;
}

export interface AuditPage {
  items: AuditEntry[];
  total: number;
  page: number;
  perPage: number;
}

/** GET /admin/audit for one employee record: who changed what and when, newest first (admins only). */
export const userAuditQueryOptions = (id: string, perPage: number) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, 'user', id, perPage] as const,
    queryFn: async ({ signal }) => (await api.get<AuditPage>('/admin/audit', { entity_type: 'user', entity_id: id, page: 1, per_page: perPage }, signal)).data,
  });

export const useUserAudit = (id: string, perPage: number, enabled = true) => useQuery({ ...userAuditQueryOptions(id, perPage), enabled, placeholderData: (prev) => prev });
