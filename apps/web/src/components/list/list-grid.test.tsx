import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GridColDef } from '@mui/x-data-grid';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useServerList } from '../../lib/use-server-list';
import { fakeApi, json } from '../../testing/fake-api';
import { page, renderRoutes } from '../../testing/render';
import { GridMessage } from '../data/grid-overlay';
import { FilterBar } from './filter-bar';
import { ServerDataGrid } from './list-grid';
import { SearchField } from './search-field';

interface Row {
  id: string;
  name: string;
}
const COLUMNS: GridColDef<Row>[] = [{ field: 'person', headerName: 'Persona', valueGetter: (_v, row) => row.name }];
const SORT_FIELDS = ['lastName', 'createdAt'] as const;
const NO_FILTERS = [] as const;
type Query = Parameters<typeof ServerDataGrid<Row>>[0]['query'];

function Harness({ query, seen }: { query: Query; seen(params: unknown): void }) {
  const list = useServerList({
    sortFields: SORT_FIELDS,
    defaultSort: 'lastName',
    filterKeys: NO_FILTERS,
    sortColumns: { person: 'lastName' },
  });
  seen(list.params);
  return (
    <>
      <FilterBar label="Filtri">
        <SearchField label="Cerca" value={list.searchText} onChange={list.setSearchText} testId="search" />
      </FilterBar>
      <ServerDataGrid<Row>
        list={list}
        query={query}
        columns={COLUMNS}
        empty={list.hasFilters ? <GridMessage title="Nessun risultato" /> : <GridMessage title="Ancora nessuno" />}
        label="Persone"
        testId="grid"
        onRowClick={() => undefined}
      />
    </>
  );
}

const anonymous = () => fakeApi({ 'GET /user': () => json(401, { code: 'UNAUTHENTICATED', message: 'x' }) });
const ok = (items: Row[], total = items.length): Query => ({
  data: { items, total },
  isFetching: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
});

describe('ServerDataGrid + useServerList', { timeout: 20_000 }, () => {
  it('shows the page of rows, reads page, size and sort from the URL, and maps the column to the API sort field', async () => {
    anonymous();
    const seen = vi.fn();
    renderRoutes(
      [page('/list', <Harness query={ok([{ id: '1', name: 'Rossi Mario' }], 60)} seen={seen} />)],
      '/list?page=2&per_page=10&sort=lastName&order=desc',
    );
    const grid = await screen.findByTestId('grid');
    expect(within(grid).getByText('Rossi Mario')).toBeInTheDocument();
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 2, perPage: 10, sort: 'lastName', order: 'desc', search: '' }),
    );
    // The pagination text of the localized grid: rows 11–20 of 60.
    expect(within(grid).getByText(/11–20 di 60/)).toBeInTheDocument();
    expect(within(grid).getByRole('columnheader', { name: /Persona/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('an unknown sort in the URL falls back to the default; typing a search goes back to the first page', async () => {
    anonymous();
    const seen = vi.fn();
    const { router } = renderRoutes(
      [page('/list', <Harness query={ok([])} seen={seen} />)],
      '/list?page=3&sort=password',
    );
    expect(await screen.findByText('Ancora nessuno')).toBeInTheDocument();
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3, sort: 'lastName' }));
    await userEvent.type(screen.getByTestId('search'), 'ros');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=password&search=ros'));
    expect(await screen.findByText('Nessun risultato')).toBeInTheDocument();
  });

  it('a failed page shows the server message above the grid, and "Riprova" fetches again', async () => {
    anonymous();
    const query: Query = {
      data: undefined,
      isFetching: false,
      isError: true,
      error: new ApiError(500, { message: 'Servizio non disponibile' }, new Headers()),
      refetch: vi.fn(),
    };
    renderRoutes([page('/list', <Harness query={query} seen={() => undefined} />)], '/list');
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Servizio non disponibile');
    await userEvent.click(within(failure).getByRole('button', { name: 'Riprova' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });
});
