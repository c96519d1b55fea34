import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SwapDetail } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, validationFailed } from '../../../testing/fake-api';
import { guardedPage, renderRoutes } from '../../../testing/render';
import { AdminSwapDetailPage, MemberSwapDetailPage } from './swap-detail-page';
import { adminSession, giuliaSession, marioSession, swapDetail, warning, setUpShiftScreens } from './swap-fixtures';

const user = userEvent.setup({ delay: null });

setUpShiftScreens({ clock: false });

const render = (path: string) =>
  renderRoutes(
    [
      guardedPage('/member/shift-swap/:id', 'shift:read:own', <MemberSwapDetailPage />),
      guardedPage('/admin/shift-swap/:id', 'shift:write', <AdminSwapDetailPage />),
    ],
    path,
  );

const posts = (calls: { method: string; path: string }[]) => calls.filter((c) => c.method === 'POST');

describe('swap detail (member)', { timeout: 20_000 }, () => {
  it('the two shifts side by side, the note, the timeline and the status', async () => {
    fakeApi({
      ...marioSession,
      'GET /member/shift-swap/sw-1': () => json(200, swapDetail({}, { requester: [], target: null })),
    });
    render('/member/shift-swap/sw-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cambio turno tra Mario Rossi e Giulia Esposito' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('swap-status')).toHaveTextContent('In attesa del collega');
    const source = screen.getByTestId('swap-source');
    expect(source).toHaveTextContent('Turno di Mario Rossi');
    expect(source).toHaveTextContent('mar 24 nov 2026');
    expect(within(source).getByTestId('shift-time')).toHaveTextContent('22:00–06:00 (+1)');
    expect(screen.getByTestId('swap-target')).toHaveTextContent('Turno di Giulia Esposito');
    expect(screen.getByTestId('swap-note')).toHaveTextContent('Ho una visita medica martedì sera');
    const steps = screen.getAllByTestId('swap-step');
    expect(steps.map((s) => s.getAttribute('data-step'))).toEqual(['asked', 'answer']);
    expect(steps[0]).toHaveTextContent('Mario Rossi ha chiesto il cambio a Giulia Esposito');
    expect(steps[1]).toHaveTextContent('In attesa della risposta di Giulia Esposito');
    // Mario asked: the answer is not his; his own rest rules are shown, clear.
    expect(screen.queryByTestId('swap-answer')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accetta' })).not.toBeInTheDocument();
    expect(screen.getByTestId('swap-page-warnings-mine')).toHaveTextContent('Nessun avviso');
  });

  it('the colleague it waits for sees "Accetta" / "Rifiuta", her own warnings before accepting, and sends a note', async () => {
    let current: SwapDetail = swapDetail(
      {},
      { requester: null, target: [warning({ rule: 'daily_rest', minutes: 480 })] },
    );
    const { calls } = fakeApi({
      ...giuliaSession,
      'GET /member/shift-swap/sw-1': () => json(200, current),
      'POST /member/shift-swap/sw-1/accept': () => {
        current = {
          ...current,
          status: 'waiting_admin',
          targetStatus: 'accepted',
          answerNote: 'Va bene per me',
          answeredAt: '2026-11-20T11:00:00.000Z',
        };
        return json(200, { message: 'Hai accettato: ora decide un amministratore', swap: current });
      },
    });
    render('/member/shift-swap/sw-1');
    const bar = await screen.findByTestId('swap-answer');
    expect(bar).toHaveTextContent('Mario Rossi ti chiede di scambiare i turni');
    await user.click(within(bar).getByRole('button', { name: 'Accetta' }));

    const dialog = await screen.findByRole('dialog', { name: 'Accettare il cambio turno?' });
    const mine = within(dialog).getByTestId('swap-warnings-mine');
    expect(mine).toHaveTextContent('Per te');
    expect(mine).toHaveTextContent(
      'mar 24 nov 2026: Riposo giornaliero di 8 h: la legge chiede 11 ore consecutive (D.Lgs. 66/2003, art. 7)',
    );
    await user.type(within(dialog).getByTestId('swap-decision-note'), 'Va bene per me');
    await user.click(within(dialog).getByRole('button', { name: 'Accetta' }));

    expect(await screen.findByText('Hai accettato: ora decide un amministratore')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('swap-status')).toHaveTextContent("In attesa dell'amministratore"));
    expect(screen.queryByTestId('swap-answer')).not.toBeInTheDocument();
    const answer = screen.getAllByTestId('swap-step').find((s) => s.getAttribute('data-step') === 'answer')!;
    expect(answer).toHaveTextContent('Giulia Esposito ha accettato');
    expect(answer).toHaveTextContent('Va bene per me');
    expect(posts(calls)).toEqual([
      expect.objectContaining({ path: '/member/shift-swap/sw-1/accept', body: { note: 'Va bene per me' } }),
    ]);
  });

  it('no buttons once the colleague answered, nor for a closed swap', async () => {
    fakeApi({
      ...giuliaSession,
      'GET /member/shift-swap/sw-1': () =>
        json(200, swapDetail({ status: 'waiting_admin', targetStatus: 'accepted' }, { requester: null, target: [] })),
      'GET /member/shift-swap/sw-2': () =>
        json(
          200,
          swapDetail(
            { id: 'sw-2', status: 'auto_rejected', autoReason: 'shift_changed', decidedAt: '2026-11-21T09:00:00.000Z' },
            // Closed: the server gives no rest-rule result.
            { requester: null, target: null },
          ),
        ),
    });
    const first = render('/member/shift-swap/sw-1');
    expect(await screen.findByTestId('swap-status')).toHaveTextContent("In attesa dell'amministratore");
    expect(screen.queryByRole('button', { name: 'Accetta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rifiuta' })).not.toBeInTheDocument();
    first.unmount();

    render('/member/shift-swap/sw-2');
    expect(await screen.findByTestId('swap-status')).toHaveTextContent('Rifiutato automaticamente');
    expect(screen.getByTestId('swap-auto-rejected')).toHaveTextContent(
      'Rifiutato automaticamente: uno dei due turni è stato modificato',
    );
    expect(screen.getByTestId('swap-rest-rules-closed')).toHaveTextContent(
      'Il controllo dei riposi si fa solo finché la richiesta è aperta.',
    );
    const steps = screen.getAllByTestId('swap-step');
    expect(steps.map((st) => st.getAttribute('data-step'))).toEqual(['asked', 'auto']);
    expect(screen.queryByRole('button', { name: 'Accetta' })).not.toBeInTheDocument();
  });

  it('declining asks for confirmation, with an optional note', async () => {
    const { calls } = fakeApi({
      ...giuliaSession,
      'GET /member/shift-swap/sw-1': () => json(200, swapDetail({}, { requester: null, target: [] })),
      'POST /member/shift-swap/sw-1/decline': () =>
        json(200, {
          message: 'Hai rifiutato la richiesta di cambio turno',
          swap: swapDetail({ status: 'rejected', targetStatus: 'declined' }, { requester: null, target: [] }),
        }),
    });
    render('/member/shift-swap/sw-1');
    await user.click(await screen.findByRole('button', { name: 'Rifiuta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rifiutare la richiesta?' });
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rifiuta' }));
    expect(await screen.findByText('Hai rifiutato la richiesta di cambio turno')).toBeInTheDocument();
    expect(posts(calls)).toEqual([
      expect.objectContaining({ path: '/member/shift-swap/sw-1/decline', body: { note: null } }),
    ]);
  });
});

describe('swap detail (admin)', { timeout: 20_000 }, () => {
  const waiting = (warnings: SwapDetail['warnings']) =>
    swapDetail(
      {
        status: 'waiting_admin',
        targetStatus: 'accepted',
        answerNote: 'Per me va bene',
        answeredAt: '2026-11-20T11:00:00.000Z',
      },
      warnings,
    );

  it('the decision shows the rest rules of BOTH people; with warnings a note is needed to approve', async () => {
    let current = waiting({
      requester: [],
      target: [
        warning({ rule: 'daily_rest', minutes: 480 }),
        warning({ rule: 'weekly_hours', minutes: 3000, date: '2026-11-25', message: 'In media 50 h a settimana' }),
      ],
    });
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/shift-swap/sw-1': () => json(200, current),
      'POST /admin/shift-swap/sw-1/approve': () => {
        current = {
          ...current,
          status: 'approved',
          decisionNote: 'Concordato con entrambi',
          decidedAt: '2026-11-20T12:00:00.000Z',
          decidedBy: 'Anna Bianchi',
        };
        return json(200, { message: 'Cambio turno approvato: i turni sono stati scambiati', swap: current });
      },
    });
    render('/admin/shift-swap/sw-1');
    const bar = await screen.findByTestId('swap-decide');
    expect(bar).toHaveTextContent('Giulia Esposito ha accettato: ora decidi tu.');
    await user.click(within(bar).getByRole('button', { name: 'Approva' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approvare il cambio turno?' });
    const requester = within(dialog).getByTestId('swap-warnings-requester');
    expect(requester).toHaveTextContent('Per Mario Rossi');
    expect(requester).toHaveTextContent('Nessun avviso');
    const target = within(dialog).getByTestId('swap-warnings-target');
    expect(target).toHaveTextContent('Per Giulia Esposito');
    const items = within(target).getAllByTestId('swap-warning');
    expect(items.map((i) => i.getAttribute('data-rule'))).toEqual(['daily_rest', 'weekly_hours']);
    expect(items[0]).toHaveTextContent('Riposo giornaliero di 8 h: la legge chiede 11 ore consecutive');
    expect(items[1]).toHaveTextContent('mer 25 nov 2026: In media 50 h a settimana: oltre le 48 ore (art. 4)');

    // No note: not sent.
    await user.click(within(dialog).getByRole('button', { name: 'Approva' }));
    expect(
      await within(dialog).findByText('Ci sono avvisi sui riposi: scrivi una nota per approvare comunque'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Nota \(obbligatoria\)/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posts(calls)).toHaveLength(0);

    await user.type(within(dialog).getByTestId('swap-decision-note'), 'Concordato con entrambi');
    await user.click(within(dialog).getByRole('button', { name: 'Approva' }));
    expect(await screen.findByText('Cambio turno approvato: i turni sono stati scambiati')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('swap-status')).toHaveTextContent('Approvato'));
    const decision = screen.getAllByTestId('swap-step').find((s) => s.getAttribute('data-step') === 'decision')!;
    expect(decision).toHaveTextContent('Approvato da Anna Bianchi');
    expect(decision).toHaveTextContent('Concordato con entrambi');
    expect(screen.queryByTestId('swap-decide')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([
      expect.objectContaining({ path: '/admin/shift-swap/sw-1/approve', body: { note: 'Concordato con entrambi' } }),
    ]);
  });

  it("the server's field error on the note lands on the field", async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/shift-swap/sw-1': () => json(200, waiting({ requester: [], target: [] })),
      'POST /admin/shift-swap/sw-1/approve': () =>
        validationFailed('Dati non validi', [
          { path: 'note', message: 'Ci sono avvisi sui riposi: scrivi una nota per procedere comunque' },
        ]),
    });
    render('/admin/shift-swap/sw-1');
    await user.click(await screen.findByRole('button', { name: 'Approva' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approvare il cambio turno?' });
    // Without warnings the note is optional: both people are clear.
    expect(within(dialog).getByTestId('swap-warnings-requester')).toHaveTextContent('Nessun avviso');
    expect(within(dialog).getByTestId('swap-warnings-target')).toHaveTextContent('Nessun avviso');
    expect(within(dialog).getByRole('textbox', { name: 'Nota (facoltativa)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approva' }));
    expect(
      await within(dialog).findByText('Ci sono avvisi sui riposi: scrivi una nota per procedere comunque'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Nota (facoltativa)' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("rejecting asks for confirmation; a conflict shows the server's message", async () => {
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/shift-swap/sw-1': () => json(200, waiting({ requester: [], target: [] })),
      'POST /admin/shift-swap/sw-1/reject': () =>
        json(409, { code: 'CONFLICT', message: 'La richiesta di cambio turno è già chiusa' }),
    });
    render('/admin/shift-swap/sw-1');
    await user.click(await screen.findByRole('button', { name: 'Rifiuta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rifiutare il cambio turno?' });
    expect(posts(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rifiuta' }));
    expect(await within(dialog).findByTestId('swap-decision-error')).toHaveTextContent(
      'La richiesta di cambio turno è già chiusa',
    );
    expect(posts(calls)).toEqual([expect.objectContaining({ path: '/admin/shift-swap/sw-1/reject' })]);
  });

  it('no decision while the colleague has not answered; an unknown swap says so', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/shift-swap/sw-1': () => json(200, swapDetail({}, { requester: [], target: [] })),
      'GET /admin/shift-swap/sw-9': () => json(404, { code: 'NOT_FOUND', message: 'Cambio turno non trovato' }),
    });
    const first = render('/admin/shift-swap/sw-1');
    expect(await screen.findByTestId('swap-status')).toHaveTextContent('In attesa del collega');
    expect(screen.queryByRole('button', { name: 'Approva' })).not.toBeInTheDocument();
    first.unmount();
    render('/admin/shift-swap/sw-9');
    expect(await screen.findByTestId('load-failure')).toHaveTextContent('Cambio turno non trovato');
    expect(screen.getByRole('link', { name: 'Cambi turno' })).toHaveAttribute('href', '/admin/shift-swap');
  });
});
