import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SwapStatus } from '@timbro/shared/domain/shift-swaps';
import { SWAP_STATUSES } from '@timbro/shared/domain/shift-swaps';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../../testing/render';
import { adminSession, giulia, luca, marioSession, page, shiftRef, swap, setUpShiftScreens } from './swap-fixtures';
import { AdminSwapListPage, MemberSwapListPage } from './swap-list-page';

const user = userEvent.setup({ delay: null });

setUpShiftScreens({ clock: false });

const render = (path: string) =>
  renderRoutes(
    [
      guardedPage('/member/shift-swap', 'shift:read:own', <MemberSwapListPage />),
      route('/member/shift-swap/:id', <p>Dettaglio</p>),
      guardedPage('/admin/shift-swap', 'shift:write', <AdminSwapListPage />),
      route('/admin/shift-swap/:id', <p>Dettaglio</p>),
    ],
    path,
  );

const listQueries = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => Object.fromEntries(u.searchParams));

/** Luca asks Mario (to answer), and Mario asked Giulia. */
const toMario = swap({
  id: 'sw-2',
  requester: luca,
  target: { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' },
  sourceShift: shiftRef({ id: 's-luca', date: '2026-11-27' }),
  targetShift: shiftRef({ id: 's-mario-2', date: '2026-11-28', startMinutes: 1320, endMinutes: 360 }),
});
const byMario = swap({ id: 'sw-1', status: 'waiting_admin', targetStatus: 'accepted' });

/** A screen `width` px wide, as the media queries see it (jsdom has none: MUI's useMediaQuery reads matchMedia). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const px = (re: RegExp) => Number(re.exec(query)?.[1] ?? NaN);
    const min = px(/min-width:\s*([\d.]+)px/);
    const max = px(/max-width:\s*([\d.]+)px/);
    return {
      matches: (Number.isNaN(min) || width >= min) && (Number.isNaN(max) || width <= max),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

describe('swap list on a phone (issue 30 item 17)', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('at 390 px each swap is one card: the colleague, my shift, the other, the status and when — no squeezed columns', async () => {
    screenWidth(390);
    fakeApi({ ...marioSession, 'GET /member/shift-swap': () => json(200, page([toMario])) });
    render('/member/shift-swap');
    const grid = await screen.findByTestId('swaps-grid');
    const card = await within(grid).findByTestId('swap-card');
    // One column, headed by what a row is.
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cambio turno']);
    expect(within(card).getByTestId('swap-row-colleague')).toHaveTextContent('Luca FerriRichiesta a te');
    expect(within(card).getByTestId('swap-row-mine')).toHaveTextContent(
      'Il mio turnosab 28 nov 2026 · 22:00–06:00 (+1)',
    );
    expect(within(card).getByTestId('swap-row-other')).toHaveTextContent('In cambio diven 27 nov 2026 · 09:00–17:00');
    expect(within(card).getByTestId('swap-status')).toHaveTextContent('In attesa del collega');
    expect(card).toHaveTextContent(/Richiesta il \d{1,2} nov 2026/);
  });
});

describe('swap list (member)', { timeout: 20_000 }, () => {
  it('"Da rispondere" by default with its number; my shift first, the colleague with the way the request goes', async () => {
    const { fetchMock } = fakeApi({
      ...marioSession,
      'GET /member/shift-swap': ({ query }) =>
        json(200, query.get('box') === 'to_answer' ? page([toMario]) : page([toMario, byMario])),
    });
    render('/member/shift-swap');
    const grid = await screen.findByTestId('swaps-grid');
    expect(await within(grid).findByText('Luca Ferri')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Da rispondere (1)', selected: true })).toBeInTheDocument();
    const row = within(grid).getAllByRole('row')[1]!;
    // Luca asked: my shift is the target one (Saturday night), his is Friday's.
    expect(within(row).getByTestId('swap-row-mine')).toHaveTextContent('sab 28 nov 2026 · 22:00–06:00 (+1)');
    expect(within(row).getByTestId('swap-row-other')).toHaveTextContent('ven 27 nov 2026 · 09:00–17:00');
    expect(within(row).getByTestId('swap-row-colleague')).toHaveTextContent('Luca FerriRichiesta a te');
    expect(within(row).getByTestId('swap-status')).toHaveTextContent('In attesa del collega');
    expect(listQueries(fetchMock, '/member/shift-swap')[0]).toEqual({ box: 'to_answer', page: '1', per_page: '25' });

    await user.click(screen.getByRole('tab', { name: 'Tutte' }));
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(3));
    const mine = within(grid).getAllByRole('row')[2]!;
    expect(within(mine).getByTestId('swap-row-colleague')).toHaveTextContent('Giulia EspositoRichiesta da te');
    expect(within(mine).getByTestId('swap-row-mine')).toHaveTextContent('mar 24 nov 2026 · 22:00–06:00 (+1)');
    expect(within(mine).getByTestId('swap-status')).toHaveTextContent("In attesa dell'amministratore");
    expect(listQueries(fetchMock, '/member/shift-swap').some((q) => q.box === 'all')).toBe(true);
  });

  it('an empty box says what comes there', async () => {
    fakeApi({ ...marioSession, 'GET /member/shift-swap': () => json(200, page([])) });
    render('/member/shift-swap?box=mine');
    expect(await screen.findByText('Non hai ancora chiesto cambi turno')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Richieste da me', selected: true })).toBeInTheDocument();
  });
});

describe('swap list (admin)', { timeout: 20_000 }, () => {
  it('awaiting a decision by default; the status filter offers the open ones and every status', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      'GET /admin/shift-swap': ({ query }) =>
        json(200, query.get('status') === 'waiting_admin' ? page([byMario]) : page([])),
    });
    const { router } = render('/admin/shift-swap');
    const grid = await screen.findByTestId('swaps-grid');
    await within(grid).findByText('Mario Rossi');
    const row = within(grid).getAllByRole('row')[1]!;
    expect(within(row).getByTestId('swap-row-source')).toHaveTextContent(
      'Mario Rossimar 24 nov 2026 · 22:00–06:00 (+1)',
    );
    expect(within(row).getByTestId('swap-row-target')).toHaveTextContent(
      'Giulia Espositomer 25 nov 2026 · 14:00–22:00',
    );
    expect(within(row).getByTestId('swap-status')).toHaveTextContent("In attesa dell'amministratore");
    expect(listQueries(fetchMock, '/admin/shift-swap')[0]).toEqual({
      status: 'waiting_admin',
      page: '1',
      per_page: '25',
    });

    await user.click(within(screen.getByTestId('swaps-status-filter')).getByRole('combobox'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      "Aperte (in attesa del collega o dell'amministratore)",
      'In attesa del collega',
      "In attesa dell'amministratore",
      'Approvato',
      'Rifiutato',
      'Rifiutato automaticamente',
    ]);
    await user.click(options[3]!);
    await waitFor(() => expect(router.state.location.search).toBe('?status=approved'));
    expect(await screen.findByText('Nessun cambio turno in questo stato')).toBeInTheDocument();
    expect(listQueries(fetchMock, '/admin/shift-swap').at(-1)).toEqual({
      status: 'approved',
      page: '1',
      per_page: '25',
    });

    // A row opens its swap.
    await user.click(within(screen.getByTestId('swaps-status-filter')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: "In attesa dell'amministratore" }));
    await user.click(await within(grid).findByText('Giulia Esposito'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/shift-swap/sw-1'));
  });
});

describe('swap status chips', () => {
  it('every status has its Italian text', async () => {
    const texts: Record<SwapStatus, string> = {
      waiting_colleague: 'In attesa del collega',
      waiting_admin: "In attesa dell'amministratore",
      approved: 'Approvato',
      rejected: 'Rifiutato',
      auto_rejected: 'Rifiutato automaticamente',
    };
    fakeApi({
      ...adminSession,
      'GET /admin/shift-swap': () =>
        json(200, page(SWAP_STATUSES.map((status, i) => swap({ id: `sw-${i}`, status, target: giulia })))),
    });
    render('/admin/shift-swap?status=open');
    const grid = await screen.findByTestId('swaps-grid');
    await waitFor(() => expect(within(grid).getAllByTestId('swap-status')).toHaveLength(SWAP_STATUSES.length));
    const chips = within(grid).getAllByTestId('swap-status');
    expect(chips.map((c) => [c.getAttribute('data-status'), c.textContent])).toEqual(
      SWAP_STATUSES.map((s) => [s, texts[s]]),
    );
  });
});
