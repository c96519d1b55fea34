import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarFeed } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../../testing/render';
import { MyShiftsPage } from './my-shifts-page';
import { marioSession, myShift, page, swap, setUpShiftScreens } from '../swaps/swap-fixtures';

const user = userEvent.setup({ delay: null });

setUpShiftScreens({ clock: true });

const render = (path = '/member/work-shift') =>
  renderRoutes([guardedPage('/member/work-shift', 'shift:read:own', <MyShiftsPage />)], path);

/** The week of Friday 20 November 2026: a past shift, tonight's overnight one, one with an open swap, one swapped. */
const week = {
  from: '2026-11-16',
  to: '2026-11-22',
  shifts: [
    myShift({ id: 's-past', date: '2026-11-19' }),
    myShift({
      id: 's-night',
      date: '2026-11-20',
      startMinutes: 1320,
      endMinutes: 360,
      pauseMinutes: 30,
      label: 'Notte',
      color: '#3F51B5',
    }),
    myShift({ id: 's-open', date: '2026-11-21', startMinutes: 840, endMinutes: 1320, openSwapId: 'sw-7' }),
    myShift({ id: 's-swapped', date: '2026-11-22', swapped: true }),
  ],
  holidays: [{ date: '2026-11-21', name: 'Festa del patrono', icon: null }],
};

const noFeed: CalendarFeed = { url: null, createdAt: null, expiresAt: null, lastReadAt: null, showAbsenceType: false };
/** A link made on 1 November 2026, valid for 12 months. */
const feedOf = (over: Partial<CalendarFeed> = {}): CalendarFeed => ({
  ...noFeed,
  createdAt: '2026-11-01T09:00:00.000Z',
  expiresAt: '2027-11-01T09:00:00.000Z',
  ...over,
});

const session = (over: Record<string, (req: { body: unknown }) => Response> = {}) => ({
  ...marioSession,
  'GET /member/work-shift': () => json(200, week),
  'GET /member/shift-swap': () => json(200, page([swap()], 2)),
  'GET /member/work-shift/calendar-feed': () => json(200, noFeed),
  ...over,
});

const shiftRow = (id: string) =>
  screen.getAllByTestId('my-shift').find((el) => el.getAttribute('data-shift-id') === id)!;

describe('my shifts', { timeout: 20_000 }, () => {
  it('lists the week by day: the overnight shift with "(+1)", pause, work, label, holiday and "Scambiato"', async () => {
    const { fetchMock } = fakeApi(session());
    render();
    await screen.findByTestId('my-shifts');
    expect(screen.getByRole('heading', { level: 1, name: 'I miei turni' })).toBeInTheDocument();
    expect(screen.getAllByTestId('my-shift-day')).toHaveLength(7);

    const night = shiftRow('s-night');
    expect(within(night).getByTestId('shift-time')).toHaveTextContent('22:00–06:00 (+1)');
    expect(within(night).getByTestId('shift-overnight')).toHaveTextContent('(+1)');
    expect(night).toHaveTextContent('Pausa 30 min · 7 h 30 min di lavoro');
    expect(night).toHaveTextContent('Notte');
    expect(within(shiftRow('s-past')).getByTestId('shift-time')).toHaveTextContent(/^09:00–17:00$/);
    expect(within(shiftRow('s-past')).queryByTestId('shift-overnight')).not.toBeInTheDocument();

    const saturday = screen.getAllByTestId('my-shift-day').find((d) => d.getAttribute('data-date') === '2026-11-21')!;
    expect(within(saturday).getByTestId('my-shift-holiday')).toHaveTextContent('Festivo: Festa del patrono');
    expect(within(shiftRow('s-swapped')).getByTestId('my-shift-swapped')).toHaveTextContent('Scambiato');
    expect(within(shiftRow('s-night')).queryByTestId('my-shift-swapped')).not.toBeInTheDocument();
    const monday = screen.getAllByTestId('my-shift-day').find((d) => d.getAttribute('data-date') === '2026-11-16')!;
    expect(monday).toHaveTextContent('Nessun turno');

    const query = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === '/api/v1/member/work-shift')!;
    expect(Object.fromEntries(query.searchParams)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('"Proponi un cambio" only on future shifts without an open swap; an open swap is a link to it', async () => {
    fakeApi(session());
    render();
    await screen.findByTestId('my-shifts');
    const propose = within(shiftRow('s-night')).getByRole('link', { name: 'Proponi un cambio' });
    expect(propose).toHaveAttribute('href', '/member/work-shift/s-night/swap');
    expect(within(shiftRow('s-swapped')).getByRole('link', { name: 'Proponi un cambio' })).toBeInTheDocument();
    // Yesterday's shift has started: no swap.
    expect(within(shiftRow('s-past')).queryByRole('link', { name: 'Proponi un cambio' })).not.toBeInTheDocument();
    // Saturday's has an open swap: its link instead.
    const open = shiftRow('s-open');
    expect(within(open).queryByRole('link', { name: 'Proponi un cambio' })).not.toBeInTheDocument();
    expect(within(open).getByRole('link', { name: 'Vedi il cambio in corso' })).toHaveAttribute(
      'href',
      '/member/shift-swap/sw-7',
    );
  });

  it('moves to the next week and to the month; without shifts it says so', async () => {
    const { fetchMock } = fakeApi(
      session({
        'GET /member/work-shift': () => json(200, { from: 'x', to: 'y', shifts: [], holidays: [] }),
      }),
    );
    const { router } = render();
    expect(await screen.findByTestId('my-shifts-empty')).toHaveTextContent('Nessun turno in questo periodo');
    expect(screen.getByTestId('range-label')).toHaveTextContent('16 – 22 nov 2026');

    await user.click(screen.getByRole('button', { name: 'Settimana successiva' }));
    await waitFor(() => expect(screen.getByTestId('range-label')).toHaveTextContent('23 – 29 nov 2026'));
    expect(router.state.location.search).toBe('?date=2026-11-23');

    await user.click(screen.getByRole('button', { name: 'Mese' }));
    await waitFor(() => expect(screen.getByTestId('range-label')).toHaveTextContent(/novembre 2026/i));
    const ranges = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .filter((u) => u.pathname === '/api/v1/member/work-shift')
      .map((u) => `${u.searchParams.get('from')}..${u.searchParams.get('to')}`);
    expect(ranges).toEqual(['2026-11-16..2026-11-22', '2026-11-23..2026-11-29', '2026-11-01..2026-11-30']);
  });

  it('"I miei cambi turno" counts the swaps awaiting my reply', async () => {
    const { fetchMock } = fakeApi(session());
    render();
    const summary = await screen.findByTestId('my-swaps-summary');
    await waitFor(() =>
      expect(within(summary).getByTestId('my-swaps-to-answer')).toHaveTextContent(
        'Richieste che aspettano una tua risposta: 2',
      ),
    );
    expect(within(summary).getByRole('link', { name: 'Vai ai cambi turno' })).toHaveAttribute(
      'href',
      '/member/shift-swap?box=to_answer',
    );
    const query = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://x'))
      .find((u) => u.pathname === '/api/v1/member/shift-swap')!;
    expect(query.searchParams.get('box')).toBe('to_answer');
  });

  it('a failure to load the shifts shows the server message and "Riprova"', async () => {
    fakeApi(
      session({
        'GET /member/work-shift': () => json(500, { code: 'INTERNAL', message: 'Errore del server' }),
      }),
    );
    render();
    expect(await screen.findByTestId('load-failure')).toHaveTextContent('Riprova');
  });
});

describe('my calendar feed', { timeout: 20_000 }, () => {
  it('creates a link shown once with its warning, then revokes it after a confirmation', async () => {
    let feed = noFeed;
    const { calls } = fakeApi(
      session({
        'GET /member/work-shift/calendar-feed': () => json(200, feed),
        'POST /member/work-shift/calendar-feed': () => {
          feed = feedOf({ createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2027-11-20T10:00:00.000Z' });
          return json(200, {
            ...feed,
            url: 'https://timbro.example/api/v1/calendar/abc.ics',
            message: 'Link del calendario creato: chi lo conosce vede i tuoi turni, non condividerlo',
          });
        },
        'DELETE /member/work-shift/calendar-feed': () => {
          feed = noFeed;
          return json(200, { message: 'Link del calendario revocato' });
        },
      }),
    );
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    expect(within(card).getByRole('heading', { name: 'Calendario personale (iCal)' })).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Crea link' }));

    expect(await within(card).findByTestId('my-calendar-feed-url')).toHaveValue(
      'https://timbro.example/api/v1/calendar/abc.ics',
    );
    expect(
      screen.getByText('Link del calendario creato: chi lo conosce vede i tuoi turni, non condividerlo'),
    ).toBeInTheDocument();
    expect(within(card).getByTestId('my-calendar-feed-secret')).toHaveTextContent('è segreto e non verrà più mostrato');
    expect(within(card).getByRole('button', { name: 'Copia il link' })).toBeInTheDocument();
    expect(within(card).getByTestId('my-calendar-feed-active')).toHaveTextContent('Link attivo');

    await user.click(within(card).getByRole('button', { name: 'Revoca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocare il link del calendario?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoca' }));
    expect(await screen.findByText('Link del calendario revocato')).toBeInTheDocument();
    expect(await within(card).findByRole('button', { name: 'Crea link' })).toBeInTheDocument();
    expect(within(card).queryByTestId('my-calendar-feed-url')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/member/work-shift/calendar-feed')).toHaveLength(1);
  });

  it('"Rigenera link" warns that the old link stops working before making a new one', async () => {
    const { calls } = fakeApi(
      session({
        'GET /member/work-shift/calendar-feed': () => json(200, feedOf()),
        'POST /member/work-shift/calendar-feed': () =>
          json(200, {
            ...feedOf({ createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2027-11-20T10:00:00.000Z' }),
            url: 'https://timbro.example/api/v1/calendar/new.ics',
          }),
      }),
    );
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    await user.click(await within(card).findByRole('button', { name: 'Rigenera link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rigenerare il link del calendario?' });
    expect(dialog).toHaveTextContent('Il link attuale smetterà di funzionare');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Rigenera link' }));
    expect(await within(card).findByTestId('my-calendar-feed-url')).toHaveValue(
      'https://timbro.example/api/v1/calendar/new.ics',
    );
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/member/work-shift/calendar-feed')).toHaveLength(1);
  });

  it('says until when the link works and when a calendar app last read it', async () => {
    fakeApi(session({ 'GET /member/work-shift/calendar-feed': () => json(200, feedOf()) }));
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    expect(await within(card).findByTestId('my-calendar-feed-expires')).toHaveTextContent(
      'Valido fino al 1 novembre 2027',
    );
    expect(within(card).getByTestId('my-calendar-feed-last-read')).toHaveTextContent(
      'Ultima lettura: mai (nessuna app del calendario l’ha ancora letto)',
    );
    expect(within(card).queryByTestId('my-calendar-feed-expiring')).not.toBeInTheDocument();
  });

  it('shows the last read, and warns a month before the link ends', async () => {
    fakeApi(
      session({
        'GET /member/work-shift/calendar-feed': () =>
          json(
            200,
            feedOf({
              createdAt: '2025-12-10T09:00:00.000Z',
              expiresAt: '2026-12-10T09:00:00.000Z',
              lastReadAt: '2026-11-20T09:30:00.000Z',
            }),
          ),
      }),
    );
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    expect(await within(card).findByTestId('my-calendar-feed-last-read')).toHaveTextContent(
      'Ultima lettura: 20 nov 2026 09:30',
    );
    expect(within(card).getByTestId('my-calendar-feed-expiring')).toHaveTextContent(
      'Il link scade il 10 dicembre 2026: rinnovalo',
    );
  });

  it('an expired link says so, and "Rinnova link" makes a new one at once (nothing to confirm)', async () => {
    const { calls } = fakeApi(
      session({
        'GET /member/work-shift/calendar-feed': () =>
          json(200, feedOf({ createdAt: '2025-11-18T09:00:00.000Z', expiresAt: '2026-11-18T09:00:00.000Z' })),
        'POST /member/work-shift/calendar-feed': () =>
          json(200, {
            ...feedOf({ createdAt: '2026-11-20T10:00:00.000Z', expiresAt: '2027-11-20T10:00:00.000Z' }),
            url: 'https://timbro.example/api/v1/calendar/renewed.ics',
          }),
      }),
    );
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    expect(await within(card).findByTestId('my-calendar-feed-expired')).toHaveTextContent(
      'Il link è scaduto il 18 novembre 2026',
    );
    expect(within(card).queryByRole('button', { name: 'Rigenera link' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Rinnova link' }));
    expect(await within(card).findByTestId('my-calendar-feed-url')).toHaveValue(
      'https://timbro.example/api/v1/calendar/renewed.ics',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(card).findByTestId('my-calendar-feed-expires')).toHaveTextContent('20 novembre 2027');
    expect(within(card).queryByTestId('my-calendar-feed-expired')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/member/work-shift/calendar-feed')).toHaveLength(1);
  });

  it('absences show as "Assenza" until the person turns on the type; the choice is saved with the link', async () => {
    let feed = feedOf();
    const { calls } = fakeApi(
      session({
        'GET /member/work-shift/calendar-feed': () => json(200, feed),
        'POST /member/work-shift/calendar-feed/settings': ({ body }) => {
          feed = { ...feed, showAbsenceType: (body as { showAbsenceType: boolean }).showAbsenceType };
          return json(200, { ...feed, message: 'Il calendario mostrerà il tipo di assenza' });
        },
      }),
    );
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    const toggle = await within(card).findByRole('switch', { name: 'Mostra il tipo di assenza' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/compaiono come «Assenza»/);
    await user.click(toggle);
    expect(await screen.findByText('Il calendario mostrerà il tipo di assenza')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/member/work-shift/calendar-feed/settings')).toEqual([
      expect.objectContaining({ body: { showAbsenceType: true } }),
    ]);
  });

  it('no switch without a link', async () => {
    fakeApi(session());
    render();
    const card = await screen.findByTestId('my-calendar-feed');
    expect(await within(card).findByRole('button', { name: 'Crea link' })).toBeInTheDocument();
    expect(within(card).queryByRole('switch')).not.toBeInTheDocument();
  });
});
