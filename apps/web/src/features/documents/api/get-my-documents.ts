import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Document, DocumentPageSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { DOCUMENTS_KEY } from '../../../lib/query-keys';

export type DocumentPage = z.output<typeof DocumentPageSchema>;

/** GET /member/document: the member's own documents not past their expiry, newest first. */
export const myDocumentsQueryOptions = (params: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'mine', 'list', params] as const,
    queryFn: async ({ signal }) =>
      (await api.get<DocumentPage>('/member/document', { page: params.page, per_page: params.perPage }, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useMyDocuments = (params: { page: number; perPage: number }) => useQuery(myDocumentsQueryOptions(params));

/** GET /member/document/{id}: one of the member's documents (not found after its expiry). */
export const myDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'mine', 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Document>(`/member/document/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useMyDocument = (id: string) => useQuery(myDocumentQueryOptions(id));
