import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useDebouncedSearch, useListParams } from './use-list-params';

interface Options<S extends string, F extends string> {
  /** The API's sort fields. */
  sortFields: readonly S[];
  defaultSort: S;
  filterKeys: readonly F[];
  /** Grid column → API sort field, where they differ (the name column sorts by last name); by default the same name. */
  sortColumns?: Readonly<Record<string, S>>;
  defaultPerPage?: number;
  defaultOrder?: 'asc' | 'desc';
}

/**
 * A server-side list: its state in the URL (lib/use-list-params), the search box's debounced text, and the DataGrid's
 * pagination and sort models mapped to and from the API's 1-based pages and sort fields. Any change but the page
 * itself goes back to the first page.
 */
export function useServerList<S extends string, F extends string>({
  sortFields,
  defaultSort,
  filterKeys,
  sortColumns,
  defaultPerPage,
  defaultOrder,
}: Options<S, F>) {
  const { params, update, hasFilters, clear } = useListParams({
    sortFields,
    defaultSort,
    filterKeys,
    defaultPerPage,
    defaultOrder,
  });
  const onSearch = useCallback((search: string) => update({ search }), [update]);
  const [searchText, setSearchText] = useDebouncedSearch(params.search, onSearch);
  const columnOf = useCallback(
    (sort: S) => (sortColumns ? (Object.keys(sortColumns).find((k) => sortColumns[k] === sort) ?? null) : sort),
    [sortColumns],
  );
  const sortOf = useCallback(
    (column: string) => (sortColumns ? sortColumns[column] : sortFields.find((f) => f === column)),
    [sortColumns, sortFields],
  );
  const grid = useMemo(
    () => ({
      paginationModel: { page: params.page - 1, pageSize: params.perPage } satisfies GridPaginationModel,
      onPaginationModelChange: (m: GridPaginationModel) => update({ page: m.page + 1, perPage: m.pageSize }),
      sortModel: [
        { field: columnOf(params.sort) ?? columnOf(defaultSort) ?? defaultSort, sort: params.order },
      ] satisfies GridSortModel,
      onSortModelChange: (m: GridSortModel) => {
        const first = m[0];
        update({
          sort: (first && sortOf(first.field)) ?? defaultSort,
          order: first?.sort === 'desc' || (!first && defaultOrder === 'desc') ? 'desc' : 'asc',
        });
      },
    }),
    [params.page, params.perPage, params.sort, params.order, update, columnOf, sortOf, defaultSort, defaultOrder],
  );
  return { params, update, hasFilters, clear, searchText, setSearchText, grid };
}

export type ServerList = ReturnType<typeof useServerList<string, string>>;
