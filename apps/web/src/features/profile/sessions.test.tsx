import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { demoUser, fakeApi, json, sessionOf } from '../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../testing/render';
import { MyAccountPage } from './my-account-page';

/** The first render waits for the session (GET /user): slow on a busy machine. */
const LAZY = { timeout: 10_000 };

type Handlers = Parameters<typeof fakeApi>[0];

const user = userEvent.setup({ delay: null });

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';

const session = (over: Record<string, unknown>) => ({
  id: 's-x',
  client: 'web',
  userAgent: CHROME_LINUX,
  ip: '203.0.113.7',
  rememberMe: false,
  createdAt: '2026-03-02T08:00:00.000Z',
  lastSeenAt: '2026-03-02T09:30:00.000Z',
  expiresAt: '2026-03-02T20:00:00.000Z',
  current: false,
  ...over,
});

/** This browser, a phone app that stays logged in, and an older Firefox on Windows. */
const SESSIONS = [
  session({ id: 's-firefox', userAgent: FIREFOX_WINDOWS, ip: '198.51.100.20', lastSeenAt: '2026-03-01T18:00:00.000Z' }),
  session({ id: 's-here', current: true }),
  session({
    id: 's-app',
    client: 'app',
    userAgent: 'Timbro/2.1 (Android 14)',
    ip: '2001:db8::1',
    rememberMe: true,
    lastSeenAt: '2026-03-02T07:00:00.000Z',
    expiresAt: '2026-03-30T07:00:00.000Z',
  }),
];

function renderSessions(handlers: Handlers = {}) {
  const api = fakeApi({
    ...sessionOf({ ...demoUser, email_verified: true, pending_invitations: 0 }),
    ...handlers,
  });
  const rendered = renderRoutes([guardedPage(paths.myAccount, 'profile:read', <MyAccountPage />)], paths.myAccount);
  return { ...api, ...rendered };
}

async function openTab() {
  await user.click(await screen.findByRole('tab', { name: 'Sessioni' }, LAZY));
}

const sessionsCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/user/sessions').length;

describe('profile: sessions', { timeout: 20_000 }, () => {
  it('lists the sessions, this one first, with device, IP, dates and the lifetime rules', async () => {
    renderSessions({ 'GET /user/sessions': () => json(200, SESSIONS) });
    await openTab();
    const list = await screen.findByRole('list', { name: 'Sessioni aperte' });
    const items = within(list).getAllByTestId('session');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Chrome su Linux',
      'App Timbro',
      'Firefox su Windows',
    ]);

    const [here, app, firefox] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(here).getByTestId('session-current')).toHaveTextContent('Questa sessione');
    expect(within(here).queryByRole('button', { name: /^Chiudi/ })).not.toBeInTheDocument();
    expect(here).toHaveTextContent('203.0.113.7');
    expect(here).toHaveTextContent('Iniziata');
    expect(here).toHaveTextContent('Ultima attività');
    expect(here).toHaveTextContent('Scade');
    // Dates in the UI language (dayjs, Italian here), with the machine-readable value.
    expect(here.querySelector('time')).toHaveAttribute('dateTime', '2026-03-02T08:00:00.000Z');
    expect(here.querySelector('time')?.textContent).toMatch(/2 mar 2026/);

    expect(app).toHaveTextContent('Ricordami');
    expect(app).toHaveTextContent('2001:db8::1');
    expect(within(app).queryByTestId('session-current')).not.toBeInTheDocument();
    expect(firefox).not.toHaveTextContent('Ricordami');
    expect(within(firefox).getByRole('button', { name: 'Chiudi la sessione Firefox su Windows' })).toBeInTheDocument();

    expect(screen.getByTestId('sessions-rules')).toHaveTextContent(
      'Una sessione nel browser dura al massimo 12 ore e si chiude dopo 30 minuti senza attività; con «Ricordami» dura al massimo 30 giorni e si chiude dopo 7 giorni senza attività.',
    );
  });

  it('ends another session only after confirming, then reloads the list', async () => {
    let sessions = SESSIONS;
    const { calls } = renderSessions({
      'GET /user/sessions': () => json(200, sessions),
      'POST /user/sessions/s-firefox/revoke': () => {
        sessions = sessions.filter((s) => s.id !== 's-firefox');
        return json(200, { message: 'Sessione chiusa' });
      },
    });
    await openTab();
    const list = await screen.findByRole('list', { name: 'Sessioni aperte' });
    await user.click(within(list).getByRole('button', { name: 'Chiudi la sessione Firefox su Windows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudere la sessione?' });
    expect(dialog).toHaveTextContent('Su Firefox su Windows bisognerà accedere di nuovo a Timbro.');
    expect(calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);

    // Cancelling ends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.path.endsWith('/revoke'))).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Chiudi la sessione Firefox su Windows' }));
    await user.click(await screen.findByTestId('session-revoke-dialog-confirm'));
    expect(await screen.findByText('Sessione chiusa')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/user/sessions/s-firefox/revoke')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(list).getAllByTestId('session')).toHaveLength(2));
    expect(sessionsCalls(calls)).toBe(2);
    expect(within(list).queryByText('Firefox su Windows')).not.toBeInTheDocument();
  });

  it('a refused revocation is said inside the dialog', async () => {
    renderSessions({
      'GET /user/sessions': () => json(200, SESSIONS),
      'POST /user/sessions/s-app/revoke': () => json(404, { code: 'NOT_FOUND', message: 'Sessione non trovata' }),
    });
    await openTab();
    await user.click(await screen.findByRole('button', { name: 'Chiudi la sessione App Timbro' }, LAZY));
    await user.click(await screen.findByTestId('session-revoke-dialog-confirm'));
    expect(await screen.findByTestId('session-revoke-dialog-error')).toHaveTextContent('Sessione non trovata');
    expect(screen.getByRole('dialog', { name: 'Chiudere la sessione?' })).toBeInTheDocument();
  });

  it('ends every other session after confirming; then only this one is left', async () => {
    let sessions = SESSIONS;
    const { calls } = renderSessions({
      'GET /user/sessions': () => json(200, sessions),
      'POST /user/sessions/revoke-others': () => {
        sessions = sessions.filter((s) => s.current);
        return json(200, { message: 'Le altre sessioni sono state chiuse' });
      },
    });
    await openTab();
    await user.click(await screen.findByRole('button', { name: 'Chiudi tutte le altre sessioni' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Chiudere tutte le altre sessioni?' });
    expect(dialog).toHaveTextContent('Resterai connesso solo su questo dispositivo');
    expect(calls.some((c) => c.path === '/user/sessions/revoke-others')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi tutte le altre sessioni' }));
    expect(await screen.findByText('Le altre sessioni sono state chiuse')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/user/sessions/revoke-others')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getAllByTestId('session')).toHaveLength(1));
    expect(screen.getByTestId('session-current')).toBeInTheDocument();
    expect(screen.getByText('Non hai altre sessioni aperte.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chiudi tutte le altre sessioni' })).not.toBeInTheDocument();
  });

  it('an empty list says so', async () => {
    renderSessions({ 'GET /user/sessions': () => json(200, []) });
    await openTab();
    expect(await screen.findByTestId('sessions-empty')).toHaveTextContent('Nessuna sessione aperta.');
    expect(screen.queryByRole('button', { name: 'Chiudi tutte le altre sessioni' })).not.toBeInTheDocument();
  });

  it('shows a loader while loading, and a failure with "Riprova" that loads again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const { calls } = renderSessions({
      'GET /user/sessions': () =>
        fail
          ? new Promise<Response>((resolve) => {
              release = () => resolve(json(500, { code: 'INTERNAL', message: 'Errore del server' }));
            })
          : json(200, SESSIONS),
    });
    await openTab();
    expect(await screen.findByRole('status')).toBeInTheDocument();
    release();
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Errore del server');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('list', { name: 'Sessioni aperte' })).toBeInTheDocument();
    expect(sessionsCalls(calls)).toBe(2);
  });
});
