import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../../i18n/i18n';
import { fakeApi, json } from '../../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../../testing/render';
import { adminSession, detail, ID, people, swap, workspaceToday } from '../planning/planning.fixtures';
import { WorkShiftDetailPage } from './shift-detail-page';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('workShifts');
});

const render = () =>
  renderRoutes(
    [
      guardedPage('/admin/work-shift/:id', 'shift:write', <WorkShiftDetailPage />),
      route('/admin/work-shift/:id/edit', <p>modifica turno</p>),
      route('/admin/work-shift', <p>pianificazione</p>),
      route('/admin/shift-swap/:id', <p>cambio turno</p>),
    ],
    `/admin/work-shift/${ID.night}`,
  );

describe('a shift’s page', { timeout: 20_000 }, () => {
  it('shows the shift, its warnings with the note, its swaps, and the way to edit it', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceToday,
      [`GET /admin/work-shift/${ID.night}`]: () =>
        json(200, {
          ...detail({
            assignees: [people.mario, people.giulia],
            overrideNote: 'Accordo con il reparto',
            swaps: [swap(), swap({ id: 'old-swap', status: 'auto_rejected', autoReason: 'shift_changed' })],
          }),
        }),
    });
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Turno di mercoledì 18 novembre' }),
    ).toBeInTheDocument();
    const facts = screen.getByTestId('shift-details');
    expect(facts).toHaveTextContent('18 novembre 2026');
    expect(facts).toHaveTextContent('22:00–06:00 · Termina il giorno dopo');
    expect(facts).toHaveTextContent('Lavoro8 h');
    expect(facts).toHaveTextContent('Pausa0 min');
    expect(screen.getByTestId('shift-status')).toHaveTextContent('Bozza');
    expect(screen.getByTestId('shift-status-note')).toHaveTextContent('Bozza: i dipendenti non vedono questo turno');
    expect(within(screen.getByTestId('shift-people-list')).getByText('Rossi Mario')).toBeInTheDocument();
    expect(within(screen.getByTestId('shift-people-list')).getByText('Esposito Giulia')).toBeInTheDocument();

    const warnings = screen.getByTestId('shift-warnings');
    expect(warnings).toHaveTextContent(
      'Riposo giornaliero di 8 h: la legge chiede 11 ore consecutive (D.Lgs. 66/2003, art. 7)',
    );
    expect(warnings).toHaveTextContent('Rossi Mario · giovedì 19 novembre');
    expect(screen.getByTestId('shift-override-note')).toHaveTextContent('Accordo con il reparto');

    const swaps = screen.getByTestId('shift-swaps');
    const open = within(swaps).getByTestId(`swap-${ID.swap}`);
    expect(within(open).getByRole('link', { name: 'Rossi Mario ⇄ Esposito Giulia' })).toHaveAttribute(
      'href',
      `/admin/shift-swap/${ID.swap}`,
    );
    expect(within(open).getByTestId('swap-status')).toHaveTextContent("In attesa dell'amministratore");
    expect(within(within(swaps).getByTestId('swap-old-swap')).getByTestId('swap-status')).toHaveTextContent(
      'Rifiutato automaticamente',
    );
    expect(screen.getByTestId('shift-edit')).toHaveAttribute('href', `/admin/work-shift/${ID.night}/edit`);
  });

  it('deleting asks first, says the open swaps go too, then goes back to the planning', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      [`GET /admin/work-shift/${ID.night}`]: () => json(200, detail({ openSwaps: 1, swaps: [swap()] })),
      [`DELETE /admin/work-shift/${ID.night}`]: () => json(200, { message: 'Turno eliminato', autoRejected: 1 }),
    });
    const { router } = render();
    await user.click(await screen.findByTestId('shift-delete'));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminare il turno?' });
    expect(dialog).toHaveTextContent('Il turno di mercoledì 18 novembre (22:00–06:00) sarà eliminato.');
    expect(within(dialog).getByTestId('delete-open-swaps')).toHaveTextContent(
      'Le richieste di cambio aperte su questo turno (1) saranno rifiutate automaticamente.',
    );
    // "Annulla" deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByTestId('shift-delete'));
    dialog = await screen.findByRole('dialog', { name: 'Eliminare il turno?' });
    await user.click(within(dialog).getByTestId('delete-shift-dialog-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/work-shift'));
    expect(router.state.location.search).toBe('?date=2026-11-18');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/admin/work-shift/${ID.night}`]);
    expect(
      await screen.findByText('Turno eliminato · richieste di cambio rifiutate automaticamente: 1'),
    ).toBeInTheDocument();
  });

  it('a draft is published with its day’s drafts; a published shift says when', async () => {
    let published = false;
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      [`GET /admin/work-shift/${ID.night}`]: () =>
        json(
          200,
          published
            ? detail({ status: 'published', publishedAt: '2026-11-20T08:30:00.000Z' })
            : detail({ warnings: [] }),
        ),
      'POST /admin/work-shift/publish': () => {
        published = true;
        return json(200, { message: 'Pubblicato 1 turno', published: 1, skipped: [] });
      },
    });
    render();
    await user.click(await screen.findByTestId('shift-publish'));
    const dialog = await screen.findByRole('dialog', { name: 'Pubblicare i turni?' });
    expect(dialog).toHaveTextContent('Si pubblicano le bozze del 18 novembre 2026, questo turno compreso.');
    await user.click(within(dialog).getByTestId('publish-confirm'));
    expect(await within(dialog).findByTestId('publish-counts')).toHaveTextContent('Pubblicati 1, saltati 0');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      from: '2026-11-18',
      to: '2026-11-18',
      groupId: null,
      overrideNote: null,
    });
    await user.click(within(dialog).getByTestId('publish-close'));
    // The record is read again: published, at 09:30 in Rome.
    expect(await screen.findByTestId('shift-status-note')).toHaveTextContent('Pubblicato il 20 nov 2026, 09:30');
    expect(screen.queryByTestId('shift-publish')).toBeNull();
  });
});
