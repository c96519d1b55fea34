import { useState } from 'react';
import { PagePreview } from './page-preview';

/** The preview of an import's pages, opened at a page: `open(page)`, and the dialog to render (nothing while closed). */
export function usePagePreview(detail: { id: string; pages: readonly unknown[] }) {
  const [page, setPage] = useState<number | null>(null);
  const dialog = page !== null && (
    <PagePreview
      importId={detail.id}
      page={page}
      total={detail.pages.length}
      onPage={setPage}
      onClose={() => setPage(null)}
    />
  );
  return { open: setPage, dialog };
}
