import { Table, TableBody, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import type { ImportPerson } from '@timbro/shared';
import { useState, type ReactNode } from 'react';

const PER_PAGE = 25;

export const personName = (p: ImportPerson) => `${p.lastName} ${p.firstName}`;

/** Client-side pages of a long table (25 rows), reset when the rows change length; no pages control up to 25. */
export function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const last = Math.max(0, Math.ceil(rows.length / PER_PAGE) - 1);
  const current = Math.min(page, last);
  return {
    rows: rows.slice(current * PER_PAGE, current * PER_PAGE + PER_PAGE),
    pagination: rows.length > PER_PAGE && (
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
        onPageChange={(_e, n) => setPage(n)}
      />
    ),
  };
}

/** A review table (the pages, the slips): small, labelled, its header cells, its rows, then its pages control. */
export function ReviewTable({
  label,
  testId,
  head,
  pagination,
  children,
}: {
  label: string;
  testId: string;
  head: ReactNode;
  pagination: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label} data-testid={testId}>
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </>
  );
}
