import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@timbro/shared';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Frame } from '../../app/frame';
import { loadCatalogArea } from '../../i18n/i18n';
import { RequireAuth } from '../../lib/auth/require-auth';
import { NOTIFICATIONS_KEY } from '../../lib/query-keys';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { demoUser, fakeApi, json } from '../../testing/fake-api';
import { page as route, renderRoutes } from '../../testing/render';
import { NotificationCentre } from './notification-centre';
import { announcement, listPage, liveStream, memberSession, notification } from './notifications.fixtures';

const user = userEvent.setup({ delay: null });
/** The first render of a lazily loaded module transforms it: slow on a busy machine. */
const LAZY = { timeout: 10_000 };

beforeAll(async () => {
  await loadCatalogArea('notifications');
});

/** The centre in a header above the pages, as the frame has it (one centre across navigations). */
function renderCentre(path = '/dashboard') {
  return renderRoutes(
    [
      {
        element: (
          <RequireAuth permission="notification:own">
            <header>
              <NotificationCentre />
            </header>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          route('/dashboard', <h1>Dashboard</h1>),
          route('/member/paycheck', <h1>I miei cedolini</h1>),
          route('/member/announcement/:id', <h1>Comunicazione</h1>),
          route('/admin/setting/notification', <h1>Impostazioni notifiche</h1>),
        ],
      },
    ],
    path,
  );
}

const bell = () => screen.findByTestId('notification-bell', {}, LAZY);
const listCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/notification');
const queryOf = (fetchMock: { mock: { calls: unknown[][] } }, path: string) =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => Object.fromEntries(u.searchParams));
const read = (n: Notification) => ({ ...n, readAt: '2026-11-20T10:00:00.000Z' });

describe('the notification centre', { timeout: 20_000 }, () => {
  it('shows the unread count from the stream; a rise asks for the list again and shows the newest live, which opens it', async () => {
    const stream = liveStream();
    const newest = notification({ id: 'n-new', createdAt: new Date().toISOString() });
    const { calls, fetchMock } = fakeApi({
      ...memberSession,
      'GET /notification/stream': stream.handler,
      'GET /notification': ({ query }) =>
        json(200, query.get('unread') === 'true' ? listPage([newest]) : listPage([newest, announcement()])),
      'POST /notification/n-new/read': () => json(200, read(newest)),
    });
    renderCentre();
    const button = await bell();
    await waitFor(() => expect(stream.connections).toBe(1));
    // The workspace header and the client header, like every call of the API client.
    expect(calls.find((c) => c.path === '/notification/stream')?.headers).toMatchObject({
      'x-client': 'timbro-web',
      'x-workspace-id': 'ws-demo',
    });

    act(() => stream.unread(2));
    await waitFor(() => expect(button).toHaveAccessibleName('Notifiche: 2 non lette'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
    expect(screen.getByTestId('notification-status')).toHaveTextContent('Notifiche non lette: 2');
    expect(button).toHaveAttribute('data-feed-mode', 'stream');
    // The first count is the starting point: nothing is shown live, nothing is asked.
    expect(screen.queryByTestId('live-notifications')).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(0);

    act(() => stream.unread(3));
    const card = await screen.findByTestId('live-notification-n-new');
    expect(card).toHaveTextContent('Il tuo cedolino di ottobre 2026 è disponibile');
    expect(screen.getByRole('region', { name: 'Nuove notifiche' })).toContainElement(card);
    expect(button).toHaveAccessibleName('Notifiche: 3 non lette');
    expect(screen.getByTestId('notification-status')).toHaveTextContent('Notifiche non lette: 3');
    // As many of the newest unread ones as the count rose by.
    expect(queryOf(fetchMock, '/notification')).toEqual([{ page: '1', per_page: '1', channel: 'web', unread: 'true' }]);

    await user.click(within(card).getByRole('button', { name: 'Apri' }));
    expect(await screen.findByRole('heading', { name: 'I miei cedolini' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/notification/n-new/read')).toBe(true);
    await waitFor(() => expect(button).toHaveAccessibleName('Notifiche: 2 non lette'));
    expect(screen.queryByTestId('live-notification-n-new')).not.toBeInTheDocument();
  });

  it('the panel: newest first, unread ones marked, texts by type; a click marks it read and opens its page', async () => {
    const stream = liveStream();
    const items = [
      notification(),
      announcement({ createdAt: new Date(Date.now() - 60 * 60_000).toISOString() }),
      notification({
        id: 'n-old',
        type: 'request.approved',
        category: 'requests',
        title: 'La tua richiesta è stata approvata',
        body: 'Ferie dal 12/03 al 14/03',
        params: { count: 1 },
        link: '/member/calendar',
        readAt: '2026-11-20T10:00:00.000Z',
        createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000).toISOString(),
      }),
    ];
    const { calls, fetchMock } = fakeApi({
      ...memberSession,
      'GET /notification/stream': stream.handler,
      'GET /notification': () => json(200, listPage(items)),
      'POST /notification/n-1/read': () => json(200, read(items[0]!)),
    });
    renderCentre();
    await waitFor(() => expect(stream.connections).toBe(1));
    act(() => stream.unread(2));
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifiche' });
    expect(await bell()).toHaveAttribute('aria-expanded', 'true');
    const rows = await within(panel).findAllByRole('button', { name: /cedolino|comunicazione|richiesta/i });
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveAccessibleName(/^Non letta: Il tuo cedolino di ottobre 2026 è disponibile/);
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(rows[0]).toHaveTextContent('Cedolini · 5 minuti fa');
    expect(rows[1]).toHaveTextContent('Nuova comunicazione: Chiusura estiva');
    expect(rows[1]).toHaveTextContent("L'ufficio resta chiuso dal 10 al 21 agosto.");
    expect(rows[1]).toHaveTextContent("Comunicazioni · un'ora fa");
    expect(rows[2]).toHaveAttribute('data-unread', 'false');
    expect(rows[2]).not.toHaveAccessibleName(/Non letta/);
    expect(rows[2]).toHaveTextContent('La tua richiesta è stata approvata');
    expect(rows[2]).toHaveTextContent('Richieste di assenza · 2 giorni fa');
    // The server's Italian summary is marked as Italian for screen readers.
    expect(within(rows[2]!).getByText('Ferie dal 12/03 al 14/03')).toHaveAttribute('lang', 'it');
    expect(queryOf(fetchMock, '/notification')[0]).toEqual({ page: '1', per_page: '10', channel: 'web' });

    // A new notification told while the panel is open (the same count: one read elsewhere): the list is asked again.
    const before = listCalls(calls).length;
    act(() => stream.unread(2));
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));

    await user.click(rows[0]!);
    expect(await screen.findByRole('heading', { name: 'I miei cedolini' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/notification/n-1/read']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifiche' })).not.toBeInTheDocument());
    expect(await bell()).toHaveAccessibleName('Notifiche: 1 non lette');
  });

  it('"Segna tutte come lette" reads them all: the count goes to zero and the list is asked again', async () => {
    const stream = liveStream();
    let allRead = false;
    const items = [notification(), announcement()];
    const { calls } = fakeApi({
      ...memberSession,
      'GET /notification/stream': stream.handler,
      'GET /notification': () => json(200, listPage(allRead ? items.map(read) : items)),
      'POST /notification/read-all': () => {
        allRead = true;
        return json(200, { updated: 2, unread: 0 });
      },
    });
    renderCentre();
    await waitFor(() => expect(stream.connections).toBe(1));
    act(() => stream.unread(2));
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifiche' });
    await within(panel).findByText('Nuova comunicazione: Chiusura estiva');
    expect(
      within(panel)
        .getAllByRole('button')
        .filter((b) => b.dataset.unread === 'true'),
    ).toHaveLength(2);

    await user.click(within(panel).getByRole('button', { name: 'Segna tutte come lette' }));
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('button')
          .filter((b) => b.dataset.unread === 'true'),
      ).toHaveLength(0),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/notification/read-all']);
    expect(listCalls(calls)).toHaveLength(2);
    expect(await bell()).toHaveAccessibleName('Notifiche');
    expect(screen.getByTestId('notification-badge')).toHaveClass('MuiBadge-invisible');
    expect(screen.getByTestId('notification-status')).toHaveTextContent('Nessuna notifica non letta');
    expect(within(panel).getByRole('button', { name: 'Segna tutte come lette' })).toBeDisabled();
  });

  it('shows the server’s message and "Riprova" when the list fails, then says when there is nothing', async () => {
    const stream = liveStream();
    let down = true;
    fakeApi({
      ...memberSession,
      'GET /notification/stream': stream.handler,
      'GET /notification': () =>
        down
          ? json(503, { code: 'INTERNAL', message: 'Servizio momentaneamente non disponibile' })
          : json(200, listPage([])),
    });
    renderCentre();
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifiche' });
    expect(await within(panel).findByText('Servizio momentaneamente non disponibile')).toBeInTheDocument();

    down = false;
    await user.click(within(panel).getByRole('button', { name: 'Riprova' }));
    expect(await within(panel).findByText('Nessuna notifica')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Carica altre' })).not.toBeInTheDocument();
    // Nothing to mark read.
    expect(within(panel).getByRole('button', { name: 'Segna tutte come lette' })).toBeDisabled();
    // The way to the settings closes the panel.
    await user.click(within(panel).getByRole('link', { name: 'Impostazioni notifiche' }));
    expect(await screen.findByRole('heading', { name: 'Impostazioni notifiche' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Carica altre" adds the next page at the end', async () => {
    const stream = liveStream();
    const first = Array.from({ length: 10 }, (_, i) =>
      notification({ id: `p1-${i}`, readAt: '2026-11-20T10:00:00.000Z' }),
    );
    const second = [
      notification({
        id: 'p2-0',
        type: 'document.published',
        category: 'documents',
        title: 'Nuovo documento: Contratto firmato',
        params: { label: 'Contratto firmato' },
      }),
    ];
    const { fetchMock } = fakeApi({
      ...memberSession,
      'GET /notification/stream': stream.handler,
      'GET /notification': ({ query }) =>
        json(
          200,
          query.get('page') === '2' ? listPage(second, { page: 2, total: 11 }) : listPage(first, { total: 11 }),
        ),
    });
    renderCentre();
    await user.click(await bell());
    const panel = await screen.findByRole('dialog', { name: 'Notifiche' });
    await user.click(await within(panel).findByRole('button', { name: 'Carica altre' }));
    expect(await within(panel).findByText('Nuovo documento: Contratto firmato')).toBeInTheDocument();
    const rows = within(within(panel).getByTestId('notifications-list')).getAllByRole('listitem');
    expect(rows).toHaveLength(11);
    expect(rows.at(-1)).toHaveTextContent('Nuovo documento: Contratto firmato');
    expect(within(panel).queryByRole('button', { name: 'Carica altre' })).not.toBeInTheDocument();
    expect(queryOf(fetchMock, '/notification').map((q) => q.page)).toEqual(['1', '2']);
  });

  it('when the stream keeps failing, polls the count every 60 s instead; a rise there shows live too', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 1;
    const newest = notification({ id: 'n-polled', createdAt: new Date().toISOString() });
    const { calls } = fakeApi({
      ...memberSession,
      'GET /notification/stream': () => json(503, { code: 'INTERNAL', message: 'Servizio non disponibile' }),
      'GET /notification/unread-count': () => json(200, { unread: count }),
      'GET /notification': () => json(200, listPage([newest])),
    });
    renderCentre();
    const button = await bell();
    const streams = () => calls.filter((c) => c.path === '/notification/stream').length;
    const polls = () => calls.filter((c) => c.path === '/notification/unread-count').length;
    // The bell asks for the count once when it appears, whatever the stream does.
    await waitFor(() => expect(button).toHaveAccessibleName('Notifiche: 1 non lette'));
    expect(polls()).toBe(1);
    expect(button).not.toHaveAttribute('data-feed-mode');
    // Retried after 1 s, 3 s and 10 s; the fourth failure in a row starts polling, at once.
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    await waitFor(() => expect(polls()).toBe(2));
    expect(streams()).toBe(4);
    expect(button).toHaveAttribute('data-feed-mode', 'polling');
    expect(screen.queryByTestId('live-notifications')).not.toBeInTheDocument();

    count = 2;
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(polls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(polls()).toBe(3));
    expect(await screen.findByTestId('live-notification-n-polled')).toHaveTextContent(
      'Il tuo cedolino di ottobre 2026 è disponibile',
    );
    expect(button).toHaveAccessibleName('Notifiche: 2 non lette');
    expect(streams()).toBe(4);
  });
});

describe('the count after reading elsewhere', { timeout: 20_000 }, () => {
  it('a screen that reads notifications on the server invalidates the centre: the count is asked again', async () => {
    const stream = liveStream();
    let unread = 3;
    fakeApi({
      ...memberSession,
      'GET /notification/stream': stream.handler,
      'GET /notification/unread-count': () => json(200, { unread }),
    });
    const { queryClient } = renderCentre();
    const button = await bell();
    await waitFor(() => expect(button).toHaveAccessibleName('Notifiche: 3 non lette'));
    // An announcement's page read its notification on the server (announcements/api/invalidate.ts).
    unread = 2;
    await act(() => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
    await waitFor(() => expect(button).toHaveAccessibleName('Notifiche: 2 non lette'));
    expect(screen.queryByTestId('live-notifications')).not.toBeInTheDocument();
  });
});

describe('the centre in the frame', { timeout: 20_000 }, () => {
  afterEach(() => appQueryClient.clear());

  it('the header has the bell for anyone with a role in the workspace, not for an account without one', async () => {
    const stream = liveStream();
    fakeApi({ ...memberSession, 'GET /notification/stream': stream.handler });
    const frame = () => [{ element: <Frame />, children: [route('/dashboard', <h1>Dashboard</h1>)] }];
    const { unmount } = renderRoutes(frame(), '/dashboard');
    const header = await screen.findByRole('banner', {}, LAZY);
    expect(await within(header).findByTestId('notification-bell', {}, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(stream.connections).toBe(1));
    unmount();
    appQueryClient.clear();

    // An account with no company yet (a candidate who signed up): nothing to be told in a workspace.
    const { calls } = fakeApi({
      'GET /user': () => json(200, { ...demoUser, workspace_roles: [] }),
      'GET /workspace/list': () => json(200, []),
    });
    renderRoutes(frame(), '/dashboard');
    const noRoleHeader = await screen.findByRole('banner', {}, LAZY);
    await within(noRoleHeader).findByTestId('user-menu');
    expect(within(noRoleHeader).queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/notification'))).toBe(false);
  });
});
