import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { MonthLogListPage } from './month-log-list-page';
import { accountantSession, adminSession, consultantSession, monthLog, page } from './month-logs.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('monthLogs');
});

const renderList = (path = '/admin/month-log') =>
  renderRoutes(
    [
      guardedPage('/admin/month-log', 'month-log:read', <MonthLogListPage />),
      route('/admin/month-log/:id', <p>dettaglio</p>),
    ],
    path,
  );

const queryOf = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => Object.fromEntries(u.searchParams));

describe('month-log list', { timeout: 20_000 }, () => {
  it('lists the versions newest month first: month, version, status, who and the markers; "Riprova" on a failed one', async () => {
    let retried = false;
    const { fetchMock, calls } = fakeApi({
      ...adminSession,
      'GET /admin/month-log': () =>
        json(
          200,
          page([
            monthLog({ forced: true, problems: 4, changesSince: 3 }),
            monthLog({
              id: 'ml-1',
              versionNumber: 1,
              latest: false,
              reopenedAt: '2026-11-02T08:00:00.000Z',
              reopenedBy: { id: 'u-anna', name: 'Anna Bianchi' },
              reopenReason: 'Ferie dimenticate di Mario',
            }),
            monthLog({
              id: 'ml-9',
              month: '2026-09',
              endOfMonth: '2026-09-30',
              versionNumber: 1,
              status: retried ? 'waiting' : 'failed',
              error: 'La chiusura non è riuscita per un errore interno: riprova',
              createdBy: { id: 'u-carla', name: 'Carla Conti' },
            }),
          ]),
        ),
      'POST /admin/month-log/ml-9/retry': () => {
        retried = true;
        return json(200, monthLog({ id: 'ml-9', status: 'waiting' }));
      },
    });
    renderList();
    const grid = await screen.findByTestId('month-logs-grid');
    await within(grid).findByText('settembre 2026');
    const rows = within(grid).getAllByRole('row');
    // Header + 3 rows.
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('ottobre 2026');
    expect(rows[1]).toHaveTextContent('v2');
    expect(rows[1]).toHaveTextContent('Completata');
    expect(rows[1]).toHaveTextContent('Anna Bianchi');
    expect(rows[1]).toHaveTextContent('Forzata');
    expect(rows[1]).toHaveTextContent('Modificata dopo la chiusura (3)');
    expect(rows[2]).toHaveTextContent('v1');
    expect(rows[2]).toHaveTextContent('Riaperta');
    expect(rows[3]).toHaveTextContent('settembre 2026');
    expect(rows[3]).toHaveTextContent('Non riuscita');
    expect(within(rows[1]!).getByRole('link', { name: 'ottobre 2026' })).toHaveAttribute(
      'href',
      '/admin/month-log/ml-2',
    );
    // The API's default order: newest month first.
    expect(queryOf(fetchMock, '/admin/month-log')[0]).toMatchObject({ sort: 'month', order: 'desc', page: '1' });

    expect(within(rows[1]!).queryByRole('button', { name: /Riprova/ })).not.toBeInTheDocument();
    await user.click(
      within(rows[3]!).getByRole('button', { name: 'Riprova la chiusura di settembre 2026, versione 1' }),
    );
    expect(await screen.findByText('La chiusura di settembre 2026 è di nuovo in coda')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/month-log/ml-9/retry')).toBe(true);
    await waitFor(() => expect(within(grid).getByText('In attesa')).toBeInTheDocument());
  });

  it('filters by status through the URL', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      'GET /admin/month-log': () => json(200, page([monthLog()])),
    });
    const { router } = renderList();
    await screen.findByText('ottobre 2026');
    await user.click(within(screen.getByTestId('month-log-status-filter')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Non riuscita' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=failed'));
    await waitFor(() => expect(queryOf(fetchMock, '/admin/month-log').at(-1)).toMatchObject({ status: 'failed' }));
  });

  it('without versions: "Nessun mese chiuso finora" with the way to close one (not for a reader)', async () => {
    fakeApi({ ...adminSession, 'GET /admin/month-log': () => json(200, page([])) });
    renderList();
    const empty = await screen.findByTestId('grid-empty');
    expect(empty).toHaveTextContent('Nessun mese chiuso finora');
    expect(within(empty).getByRole('button', { name: 'Chiudi un mese' })).toBeInTheDocument();
    expect(screen.getByTestId('month-log-close')).toBeInTheDocument();
  });

  it('a list that cannot be loaded shows the server’s message and "Riprova"', async () => {
    let attempts = 0;
    fakeApi({
      ...accountantSession,
      'GET /admin/month-log': () =>
        ++attempts === 1
          ? json(503, { code: 'UNAVAILABLE', message: 'Servizio momentaneamente non disponibile' })
          : json(200, page([monthLog()])),
    });
    renderList();
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Servizio momentaneamente non disponibile');
    await user.click(within(failure).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('ottobre 2026')).toBeInTheDocument();
  });

  it('a consultant of several companies sees "Le tue aziende", hidden when the overview is not there (404)', async () => {
    fakeApi({
      ...consultantSession,
      'GET /admin/month-log': () => json(200, page([monthLog()])),
      'GET /accountant/overview': () =>
        json(200, {
          month: '2026-10',
          items: [
            {
              workspace: { id: 'ws-demo', name: 'Demo S.r.l.' },
              latest: {
                id: 'ml-2',
                versionNumber: 2,
                status: 'completed',
                finishedAt: '2026-11-03T09:00:05.000Z',
                reopened: false,
              },
              pendingRequests: 0,
              changesSince: 3,
              exports: 1,
            },
            {
              workspace: { id: 'ws-beta', name: 'Beta S.p.A.' },
              latest: null,
              pendingRequests: 2,
              changesSince: 0,
              exports: 0,
            },
          ],
        }),
    });
    const { router } = renderList();
    const overview = await screen.findByTestId('accountant-overview');
    const companies = within(overview).getAllByTestId('overview-company');
    expect(companies[0]).toHaveTextContent('Demo S.r.l.');
    expect(companies[0]).toHaveTextContent('Modifiche dopo la chiusura: 3');
    expect(companies[1]).toHaveTextContent('Mese non ancora chiuso');
    expect(companies[1]).toHaveTextContent('Richieste da approvare: 2');
    await user.click(within(companies[0]!).getByRole('button', { name: 'Apri la chiusura' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/month-log/ml-2'));

    fakeApi({ ...consultantSession, 'GET /admin/month-log': () => json(200, page([monthLog()])) });
    renderList();
    expect(await screen.findAllByText('ottobre 2026')).not.toHaveLength(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('accountant-overview')).not.toBeInTheDocument();
  });
});
