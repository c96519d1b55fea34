import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { WidgetGrid } from '../../components/widget-grid';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json } from '../../testing/fake-api';
import { page as route, renderRoutes } from '../../testing/render';
import {
  adminSession,
  announcement,
  memberSession,
  mine,
  published,
  queryOf,
  workspaceZone,
} from './announcements.fixtures';
import { ANNOUNCEMENT_WIDGETS } from './widgets';

beforeAll(async () => {
  await loadCatalogArea('announcements');
});

/** GET /dashboard carrying only the announcements widget's part. */
const dashboard = (latestAnnouncements: object) => ({
  today: '2026-11-20',
  timeZone: 'Europe/Rome',
  latestAnnouncements,
});

const render = () => renderRoutes([route('/dashboard', <WidgetGrid widgets={ANNOUNCEMENT_WIDGETS} />)], '/dashboard');

describe('the announcement widgets', { timeout: 20_000 }, () => {
  it('a member sees "Ultime comunicazioni": the latest five, unread marked, each linking to its page', async () => {
    const { fetchMock } = fakeApi({
      ...memberSession,
      'GET /dashboard': () =>
        json(
          200,
          dashboard({
            scope: 'member',
            total: 7,
            unread: 1,
            mine: [
              mine(),
              mine({
                id: 'a-1',
                title: 'Chiusura per le feste',
                requiresAck: false,
                openedAt: '2026-10-20T09:00:00.000Z',
                publishedAt: '2026-10-20T08:00:00.000Z',
              }),
            ],
          }),
        ),
    });
    render();
    const widget = await screen.findByTestId('widget-my-announcements');
    expect(within(widget).getByRole('heading', { name: 'Ultime comunicazioni' })).toBeInTheDocument();
    const items = await within(widget).findAllByTestId('widget-my-announcement');
    expect(items).toHaveLength(2);
    expect(widget).toHaveTextContent('Da leggere: 1');
    expect(within(items[0]!).getByRole('img', { name: 'Da leggere' })).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: 'Nuovo regolamento aziendale' })).toHaveAttribute(
      'href',
      '/member/announcement/a-2',
    );
    expect(items[0]).toHaveTextContent('Richiede conferma');
    expect(within(items[1]!).queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('20 ottobre 2026');
    expect(within(widget).getByTestId('widget-my-announcements-all')).toHaveAttribute('href', '/member/announcement');
    // One call feeds the dashboard: the list itself is not asked.
    expect(queryOf(fetchMock, '/member/announcement')).toHaveLength(0);
    // Not an admin: no sent announcements.
    expect(screen.queryByTestId('widget-sent-announcements')).not.toBeInTheDocument();
  });

  it('an admin sees "Comunicazioni inviate": the latest five by send time, with state and reach', async () => {
    const { fetchMock } = fakeApi({
      ...adminSession,
      ...workspaceZone,
      'GET /dashboard': () =>
        json(200, dashboard({ scope: 'admin', total: 2, unread: null, sent: [announcement(), published()] })),
    });
    render();
    const widget = await screen.findByTestId('widget-sent-announcements');
    const items = await within(widget).findAllByTestId('widget-sent-announcement');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Chiusura per le feste' })).toHaveAttribute(
      'href',
      '/admin/announcement/a-1',
    );
    expect(items[0]).toHaveTextContent('Da elaborare');
    expect(items[0]).toHaveTextContent("Dopo l'invio");
    expect(items[1]).toHaveTextContent('Pubblicata');
    expect(items[1]).toHaveTextContent('Letta da 30 su 40');
    expect(items[1]).toHaveTextContent('Confermata da 20 su 40');
    expect(within(widget).getByRole('link', { name: 'Nuova comunicazione' })).toHaveAttribute(
      'href',
      '/admin/announcement/new',
    );
    expect(queryOf(fetchMock, '/admin/announcement')).toHaveLength(0);
    expect(screen.queryByTestId('widget-my-announcements')).not.toBeInTheDocument();
  });

  it('empty: says there is nothing yet', async () => {
    fakeApi({
      ...memberSession,
      'GET /dashboard': () => json(200, dashboard({ scope: 'member', total: 0, unread: 0, mine: [] })),
    });
    render();
    const widget = await screen.findByTestId('widget-my-announcements');
    expect(await within(widget).findByText('Nessuna comunicazione per te.')).toBeInTheDocument();
  });
});
