import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_KEY, DOCUMENTS_KEY } from '../../../lib/query-keys';

/** After a document is filed, edited, deleted or opened: the document lists and records, and the audit trail. */
export async function invalidateDocuments(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  ]);
}
