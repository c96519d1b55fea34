import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { AnnouncementListPage } from './announcement-list-page';
import {
  adminSession,
  announcement,
  page,
  published,
  queryOf,
  storedFile,
  workspaceZone,
} from './announcements.fixtures';

const user = userEvent.setup({ delay: null });
/** The first rows can take a while on a loaded machine (the grid lays out after the data). */
const FIRST_ROWS = { timeout: 5000 };

beforeAll(async () => {
  await loadCatalogArea('announcements');
});

const render = () =>
  renderRoutes(
    [
      guardedPage('/admin/announcement', 'announcement:read', <AnnouncementListPage />),
      route('/admin/announcement/new', <p>nuova</p>),
      route('/admin/announcement/:id', <p>dettaglio</p>),
      route('/admin/announcement/:id/edit', <p>modifica</p>),
    ],
    '/admin/announcement',
  );

describe('the announcements list', { timeout: 20_000 }, () => {
  it('shows each row’s title, state, send time in the workspace’s zone, recipients and reach; newest first', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement': () =>
        json(
          200,
          page([
            announcement({ attachments: [storedFile(), storedFile({ id: 'f-2', name: 'turni.png' })] }),
            announcement({
              id: 'a-3',
              title: 'Inventario',
              state: 'processing',
              sendAt: '2026-11-20T07:30:00.000Z',
              audience: {
                everyone: false,
                groups: [{ id: 'g-store', name: 'Magazzino' }],
                people: [
                  { id: 'ui-mario', name: 'Rossi Mario' },
                  { id: 'ui-giulia', name: 'Esposito Giulia' },
                ],
              },
            }),
            published(),
          ]),
        ),
    });
    render();
    const grid = await screen.findByTestId('announcements-grid');
    await within(grid).findByText('Nuovo regolamento aziendale', {}, FIRST_ROWS);
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(4);

    expect(rows[1]).toHaveTextContent('Chiusura per le feste');
    expect(rows[1]).toHaveTextContent('Allegati: 2');
    expect(within(rows[1]!).getByTestId('announcement-state')).toHaveTextContent('Da elaborare');
    // 08:00 UTC is 09:00 in Rome.
    await waitFor(() => expect(within(rows[1]!).getByTestId('announcement-row-send-at')).toHaveTextContent('09:00'));
    expect(within(rows[1]!).getByTestId('announcement-row-send-at')).toHaveTextContent('1 dic 2026');
    expect(within(rows[1]!).getByTestId('announcement-row-recipients')).toHaveTextContent('Tutti i dipendenti');
    expect(within(rows[1]!).getByTestId('announcement-reach')).toHaveTextContent("Dopo l'invio");

    expect(within(rows[2]!).getByTestId('announcement-state')).toHaveTextContent('In elaborazione');
    expect(within(rows[2]!).getByTestId('announcement-row-send-at')).toHaveTextContent('08:30');
    expect(within(rows[2]!).getByTestId('announcement-row-recipients')).toHaveTextContent('Gruppi: 1 · Persone: 2');

    expect(within(rows[3]!).getByTestId('announcement-state')).toHaveTextContent('Pubblicata');
    expect(rows[3]).toHaveTextContent('Richiede conferma');
    const reach = within(rows[3]!).getByTestId('announcement-reach');
    expect(reach).toHaveTextContent('Letta da 30 su 40');
    expect(reach).toHaveTextContent('Confermata da 20 su 40');

    expect(queryOf(fetchMock, '/admin/announcement')[0]).toMatchObject({
      sort: 'sendAt',
      order: 'desc',
      page: '1',
      per_page: '25',
    });
  });

  it('filters by state and searches by title through the URL and the query; sorts by title', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement': () => json(200, page([published()])),
    });
    const { router } = render();
    await screen.findByText('Nuovo regolamento aziendale', {}, FIRST_ROWS);

    await user.click(within(screen.getByTestId('announcements-state-filter')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Pubblicata' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=published'));
    await waitFor(() => expect(queryOf(fetchMock, '/admin/announcement').at(-1)).toMatchObject({ state: 'published' }));

    await user.type(screen.getByTestId('announcements-search'), 'regolamento');
    await waitFor(() =>
      expect(queryOf(fetchMock, '/admin/announcement').at(-1)).toMatchObject({
        state: 'published',
        search: 'regolamento',
      }),
    );

    await user.click(screen.getByRole('columnheader', { name: /Comunicazione/ }));
    await waitFor(() => expect(queryOf(fetchMock, '/admin/announcement').at(-1)).toMatchObject({ sort: 'title' }));
  });

  it('without announcements: the empty state with "Scrivi la prima comunicazione"; a row opens its page', async () => {
    let items = [] as ReturnType<typeof announcement>[];
    fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement': () => json(200, page(items)),
    });
    const first = render();
    expect(await screen.findByTestId('grid-empty', {}, FIRST_ROWS)).toHaveTextContent('Nessuna comunicazione finora');
    expect(screen.getByRole('link', { name: 'Scrivi la prima comunicazione' })).toHaveAttribute(
      'href',
      '/admin/announcement/new',
    );
    expect(screen.getByTestId('announcement-new')).toHaveAttribute('href', '/admin/announcement/new');
    first.unmount();

    items = [announcement()];
    const { router } = render();
    // The title is a link (keyboard users reach it); the rest of the row opens it too.
    expect(await screen.findByRole('link', { name: 'Chiusura per le feste' }, FIRST_ROWS)).toHaveAttribute(
      'href',
      '/admin/announcement/a-1',
    );
    await user.click(screen.getByText('Tutti i dipendenti'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcement/a-1'));
  });

  it('edits from the row; deletes after a confirmation that says what is lost', async () => {
    let deleted = false;
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /admin/announcement': () => json(200, page(deleted ? [] : [published()])),
      'DELETE /admin/announcement/a-2': () => {
        deleted = true;
        return json(200, { message: 'Comunicazione eliminata' });
      },
    });
    const { router } = render();
    await screen.findByText('Nuovo regolamento aziendale', {}, FIRST_ROWS);
    expect(screen.getByRole('link', { name: 'Modifica Nuovo regolamento aziendale' })).toHaveAttribute(
      'href',
      '/admin/announcement/a-2/edit',
    );

    await user.click(screen.getByRole('button', { name: 'Elimina Nuovo regolamento aziendale' }));
    const confirm = await screen.findByTestId('announcement-delete-dialog');
    expect(confirm).toHaveTextContent('i destinatari non la vedranno più');
    // The row's buttons do not open it.
    expect(router.state.location.pathname).toBe('/admin/announcement');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByTestId('announcement-delete-dialog-confirm'));
    expect(await screen.findByText('Comunicazione «Nuovo regolamento aziendale» eliminata')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/admin/announcement/a-2')).toBe(true);
    expect(await screen.findByTestId('grid-empty')).toHaveTextContent('Nessuna comunicazione finora');
  });
});
