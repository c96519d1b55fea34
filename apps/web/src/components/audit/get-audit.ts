import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntrySchema, AuditPageSchema, AuditQuerySchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../lib/api';
import { AUDIT_KEY } from '../../lib/query-keys';

/** The kinds of record the audit trail can be filtered on (the server's `entity_type`). */
export type AuditEntityType = NonNullable<z.infer<typeof AuditQuerySchema>['entity_type']>;

export type AuditEntry = z.output<typeof AuditEntrySchema>;

export type AuditPage = z.output<typeof AuditPageSchema>;

/** GET /admin/audit for one record (an employee, a group…): who changed what and when, newest first (admins only). */
export const auditQueryOptions = (entityType: AuditEntityType, id: string, perPage: number) =>
  queryOptions({
    queryKey: [...AUDIT_KEY, entityType, id, perPage] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<AuditPage>(
          '/admin/audit',
          { entity_type: entityType, entity_id: id, page: 1, per_page: perPage },
          signal,
        )
      ).data,
  });

export const useAudit = (entityType: AuditEntityType, id: string, perPage: number, enabled = true) =>
  useQuery({ ...auditQueryOptions(entityType, id, perPage), enabled, placeholderData: (prev) => prev });
