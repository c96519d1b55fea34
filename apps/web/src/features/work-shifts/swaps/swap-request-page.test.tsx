import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, validationFailed } from '../../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../../testing/render';
import { MemberSwapDetailPage } from './swap-detail-page';
import { giulia, luca, marioSession, myShift, shiftRef, swapDetail, setUpShiftScreens } from './swap-fixtures';
import { SwapRequestPage } from './swap-request-page';

const user = userEvent.setup({ delay: null });

setUpShiftScreens({ clock: true });

const render = () =>
  renderRoutes(
    [
      guardedPage('/member/work-shift/:id/swap', 'shift:swap:own', <SwapRequestPage />),
      guardedPage('/member/shift-swap/:id', 'shift:read:own', <MemberSwapDetailPage />),
      route('/member/work-shift', <p>I miei turni</p>),
    ],
    '/member/work-shift/s-night/swap',
  );

/** Mario's Tuesday night, and the shifts of Giulia and Luca he could take instead. */
const night = myShift({ id: 's-night', date: '2026-11-24', startMinutes: 1320, endMinutes: 360, pauseMinutes: 30 });
const candidates = {
  items: [
    {
      shift: shiftRef({ id: 's-giulia', date: '2026-11-25', startMinutes: 840, endMinutes: 1320, label: 'Pomeriggio' }),
      person: giulia,
    },
    { shift: shiftRef({ id: 's-luca', date: '2026-11-26' }), person: luca },
    { shift: shiftRef({ id: 's-giulia-2', date: '2026-11-26', startMinutes: 360, endMinutes: 840 }), person: giulia },
  ],
};

const api = (over: Record<string, (req: { body: unknown }) => Response> = {}) =>
  fakeApi({
    ...marioSession,
    'GET /member/work-shift': () => json(200, { from: 'x', to: 'y', shifts: [night], holidays: [] }),
    'GET /member/work-shift/s-night/swap-candidates': () => json(200, candidates),
    ...over,
  });

describe('swap request', { timeout: 20_000 }, () => {
  it("shows my shift, filters the colleagues' shifts by name and day, and sends the chosen one with the note", async () => {
    const created = swapDetail({ id: 'sw-9' }, { requester: [], target: null });
    const { calls } = api({
      'POST /member/shift-swap': () =>
        json(201, { message: 'Richiesta di cambio turno inviata al collega', swap: created }),
      'GET /member/shift-swap/sw-9': () => json(200, created),
    });
    const { router } = render();

    const source = await screen.findByTestId('swap-request-source');
    expect(source).toHaveTextContent('mar 24 nov 2026');
    expect(within(source).getByTestId('shift-time')).toHaveTextContent('22:00–06:00 (+1)');
    expect(screen.getAllByRole('radio')).toHaveLength(3);

    // By name: only Luca's.
    await user.type(screen.getByTestId('swap-candidates-search'), 'ferri');
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByRole('radio', { name: /Luca Ferri/ })).toBeInTheDocument();
    await user.clear(screen.getByTestId('swap-candidates-search'));

    // By day: Wednesday's only.
    await user.click(within(screen.getByTestId('swap-candidates-date')).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'mer 25 nov 2026' }));
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(radios[0]).toHaveAccessibleName(/Giulia Esposito.*mer 25 nov 2026.*14:00–22:00/);

    await user.click(radios[0]!);
    await user.type(screen.getByTestId('swap-request-note'), 'Ho una visita medica martedì sera');
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/member/shift-swap/sw-9'));
    expect(await screen.findByText('Richiesta di cambio turno inviata al collega')).toBeInTheDocument();
    const post = calls.filter((c) => c.method === 'POST' && c.path === '/member/shift-swap');
    expect(post).toHaveLength(1);
    expect(post[0]!.body).toEqual({
      sourceShiftId: 's-night',
      targetShiftId: 's-giulia',
      targetUserInfoId: 'ui-giulia',
      note: 'Ho una visita medica martedì sera',
    });
  });

  it("asks to choose a shift first; an empty note goes as null; the server's field errors land on the fields", async () => {
    const { calls } = api({
      'POST /member/shift-swap': () =>
        validationFailed('Dati non validi', [
          { path: 'targetShiftId', message: 'Il turno del collega deve cadere entro 14 giorni dal tuo' },
        ]),
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Invia la richiesta' }));
    expect(await screen.findByText('Scegli il turno di un collega')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('radio', { name: /Luca Ferri/ }));
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    expect(await screen.findByText('Il turno del collega deve cadere entro 14 giorni dal tuo')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      sourceShiftId: 's-night',
      targetShiftId: 's-luca',
      targetUserInfoId: 'ui-luca',
      note: null,
    });
  });

  it("a conflict (a swap already open) shows the server's message above the form", async () => {
    api({
      'POST /member/shift-swap': () =>
        json(409, { code: 'CONFLICT', message: 'Per questo turno c’è già una richiesta di cambio aperta' }),
    });
    render();
    await user.click(await screen.findByRole('radio', { name: /Luca Ferri/ }));
    await user.click(screen.getByRole('button', { name: 'Invia la richiesta' }));
    expect(await screen.findByTestId('swap-request-error')).toHaveTextContent(
      'Per questo turno c’è già una richiesta di cambio aperta',
    );
  });

  it('without candidates it says so and offers no submit', async () => {
    api({ 'GET /member/work-shift/s-night/swap-candidates': () => json(200, { items: [] }) });
    render();
    expect(await screen.findByTestId('swap-candidates-empty')).toHaveTextContent('Nessun turno da scambiare');
    expect(screen.queryByRole('button', { name: 'Invia la richiesta' })).not.toBeInTheDocument();
  });
});
