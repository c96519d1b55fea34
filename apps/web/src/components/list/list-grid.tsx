import { Paper } from '@mui/material';
import type { DataGridProps, GridValidRowModel } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { PAGE_SIZES } from '../../lib/use-list-params';
import type { ServerList } from '../../lib/use-server-list';
import { LocalizedDataGrid } from '../data/localized-data-grid';
import { LoadFailure } from '../load-failure';

/** What the grid shows without rows: read by one stable overlay component, so the overlay is not remounted on each render. */
const EmptyContent = createContext<ReactNode>(null);
function EmptyOverlay() {
  return <>{useContext(EmptyContent)}</>;
}

type GridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'rows' | 'loading' | 'slots' | 'label' | 'autoHeight'
>;

export interface ListGridProps<R extends GridValidRowModel> extends GridProps<R> {
  rows: readonly R[];
  /** The list's query: its refetching shows as the skeleton, its failure above the grid with "Riprova". */
  query: Pick<UseQueryResult, 'isFetching' | 'isError' | 'error' | 'refetch'>;
  /** The grid's accessible name (the page title). */
  label: string;
  testId: string;
  /** Without rows: a GridMessage (no records yet, or nothing matches the filters). */
  empty: ReactNode;
  /** Rows as tall as their content (two-line cells), centred. */
  autoRowHeight?: boolean;
  overlayHeight?: number;
  /** Between the error and the grid (a bar of bulk actions on the selected rows). */
  above?: ReactNode;
}

/**
 * A list page's grid: the query's error with a retry above it, the outlined frame, the localized DataGrid with the
 * skeleton while loading, the empty message, and clickable rows when `onRowClick` is given.
 */
export function ListGrid<R extends GridValidRowModel>({
  rows,
  query,
  label,
  testId,
  empty,
  autoRowHeight = false,
  overlayHeight = 280,
  above,
  sx,
  ...grid
}: ListGridProps<R>) {
  return (
    <>
      {query.isError && <LoadFailure error={query.error} onRetry={() => void query.refetch()} sx={{ mb: 2 }} />}
      {above}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid={testId}>
        <EmptyContent.Provider value={empty}>
          <LocalizedDataGrid<R>
            rows={rows}
            loading={query.isFetching}
            disableColumnFilter
            disableColumnSelector
            disableRowSelectionOnClick
            autoHeight
            getRowHeight={autoRowHeight ? () => 'auto' : undefined}
            slots={{ noRowsOverlay: EmptyOverlay, noResultsOverlay: EmptyOverlay }}
            slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
            label={label}
            {...grid}
            sx={[
              {
                border: 0,
                '--DataGrid-overlayHeight': `${overlayHeight}px`,
                '& .MuiDataGrid-row': { cursor: grid.onRowClick ? 'pointer' : 'default' },
              },
              autoRowHeight && {
                '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center', py: 1, minHeight: 52 },
              },
              ...(Array.isArray(sx) ? sx : [sx]),
            ]}
          />
        </EmptyContent.Provider>
      </Paper>
    </>
  );
}

type ServerGridProps<R extends GridValidRowModel> = Omit<ListGridProps<R>, 'rows' | 'query'> & {
  /** The server list's state (lib/use-server-list): page, page size and sort, in the URL. */
  list: Pick<ServerList, 'grid'>;
  query: ListGridProps<R>['query'] & { data?: { items: R[]; total: number } };
};

/** A server-side list's grid: the page of rows and the total from the API, pagination and sorting through the URL. */
export function ServerDataGrid<R extends GridValidRowModel>({ list, query, ...rest }: ServerGridProps<R>) {
  return (
    <ListGrid<R>
      rows={query.data?.items ?? []}
      rowCount={query.data?.total ?? 0}
      query={query}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={[...PAGE_SIZES]}
      {...list.grid}
      {...rest}
    />
  );
}
