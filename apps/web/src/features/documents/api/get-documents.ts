import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDocumentPageSchema, ListDocumentsQuerySchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { DOCUMENTS_KEY } from '../../../lib/query-keys';

type ListQuery = z.output<typeof ListDocumentsQuerySchema>;
export type DocumentSortField = ListQuery['sort'];
export type DocumentStatus = NonNullable<ListQuery['status']>;
export type AdminDocumentPage = z.output<typeof AdminDocumentPageSchema>;

export const DOCUMENT_SORT_FIELDS: readonly DocumentSortField[] = ['label', 'name', 'expiresAt', 'createdAt'];
/** The API's expiry filters: valid (not expired), expiring (within 30 days), expired. */
export const DOCUMENT_STATUSES: readonly DocumentStatus[] = ['valid', 'expiring', 'expired'];
export const isDocumentStatus = (v: string): v is DocumentStatus =>
  (DOCUMENT_STATUSES as readonly string[]).includes(v);

export interface DocumentsParams {
  page: number;
  perPage: number;
  sort: DocumentSortField;
  order: 'asc' | 'desc';
  status?: DocumentStatus;
  search?: string;
  /** One employee's documents (GET /admin/user/{id}/document); the whole workspace's without it. */
  userInfoId?: string;
}

/** GET /admin/document or GET /admin/user/{id}/document: one page of documents, expired ones included. */
export const documentsQueryOptions = (params: DocumentsParams) =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'list', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<AdminDocumentPage>(
          params.userInfoId ? `/admin/user/${encodeURIComponent(params.userInfoId)}/document` : '/admin/document',
          {
            page: params.page,
            per_page: params.perPage,
            sort: params.sort,
            order: params.order,
            status: params.status,
            search: params.search || undefined,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useDocuments = (params: DocumentsParams) => useQuery(documentsQueryOptions(params));
