import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { fakeApi, json, validationFailed } from '../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../testing/render';
import { MonthLogListPage } from './month-log-list-page';
import { accountantSession, adminSession, monthLog, page, precheck } from './month-logs.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('monthLogs');
});
beforeEach(() => {
  // Only the date: the progress bar's polling runs on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
});

function renderList() {
  return renderRoutes(
    [
      guardedPage('/admin/month-log', 'month-log:read', <MonthLogListPage />),
      route('/admin/month-log/:id', <p>dettaglio</p>),
    ],
    '/admin/month-log',
  );
}

async function openDialog() {
  await user.click(await screen.findByTestId('month-log-close'));
  return screen.findByRole('dialog', { name: 'Chiudi un mese' });
}

describe('close a month', { timeout: 30_000 }, () => {
  it('checks the previous month, lists the problems by kind with their fixes, and closes anyway only once ticked', async () => {
    const { calls, fetchMock } = fakeApi({
      ...adminSession,
      'GET /admin/month-log': () => json(200, page([])),
      'GET /admin/month-log/precheck': () => json(200, precheck()),
      'POST /admin/month-log': () => json(200, monthLog({ id: 'ml-3', versionNumber: 3, status: 'waiting' })),
      'GET /admin/month-log/ml-3': () =>
        json(200, { ...monthLog({ id: 'ml-3', versionNumber: 3 }), employees: [], justifications: [] }),
    });
    renderList();
    const dialog = await openDialog();
    // The previous month by default, no future month among the choices.
    const select = within(dialog).getByRole('combobox');
    expect(select).toHaveTextContent('ottobre 2026');
    await user.click(select);
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('novembre 2026');
    expect(options.some((o) => o.textContent === 'dicembre 2026')).toBe(false);
    await user.click(screen.getByRole('option', { name: 'ottobre 2026' }));
    await user.click(within(dialog).getByTestId('close-next'));

    expect(await within(dialog).findByText('Problemi trovati: 6')).toBeInTheDocument();
    const url = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/precheck?'))!;
    expect(new URL(url, 'http://x').searchParams.get('month')).toBe('2026-10');
    const requests = within(dialog).getByTestId('precheck-open_requests');
    expect(requests).toHaveTextContent('Richieste in attesa di approvazione');
    expect(requests).toHaveTextContent('Rossi Mario');
    expect(requests).toHaveTextContent('Richieste: 2 — 12 ott, 13 ott');
    expect(within(requests).getByRole('link', { name: 'Apri le richieste' })).toHaveAttribute(
      'href',
      '/admin/justification-request?from=2026-10-01&to=2026-10-31&search=Rossi',
    );
    const missing = within(dialog).getByTestId('precheck-missing_exit');
    expect(missing).toHaveTextContent('Timbrature incomplete');
    expect(within(missing).getByRole('link', { name: 'Apri il calendario' })).toHaveAttribute(
      'href',
      // The day it names, of that person, opens with the calendar (issue 30 item 17).
      '/admin/attendance-calendar?month=2026-10&search=Esposito&day=2026-10-06&user=ui-giulia',
    );
    expect(within(dialog).getByTestId('precheck-employee_code_missing')).toHaveTextContent('Romano Luca');
    expect(
      within(within(dialog).getByTestId('precheck-employee_code_missing')).getByRole('link', {
        name: 'Imposta il codice',
      }),
    ).toHaveAttribute('href', '/integration/zucchetti/user-info?search=Romano');
    expect(within(dialog).getByTestId('precheck-justification_code_missing')).toHaveTextContent('FER — Ferie');
    expect(within(dialog).getByTestId('precheck-item_code_missing')).toHaveTextContent('Straordinario');

    // "Chiudi comunque" waits for the box.
    const submit = within(dialog).getByTestId('close-submit');
    expect(submit).toHaveTextContent('Chiudi comunque');
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Chiudo comunque, consapevole dei problemi indicati'));
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await within(dialog).findByTestId('close-completed')).toHaveTextContent('ottobre 2026 chiuso: versione 3');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ month: '2026-10', force: true });
  });

  it('keeps the focus in the dialog when a step replaces its buttons, so that Esc closes it at once', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/month-log': () => json(200, page([])),
      'GET /admin/month-log/precheck': () => json(200, precheck()),
    });
    renderList();
    const dialog = await openDialog();
    await user.click(within(dialog).getByTestId('close-next'));
    // "Avanti" is gone with its step; the focus is on the dialog's content, not on the page behind.
    expect(within(dialog).queryByTestId('close-next')).not.toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('follows the version every second: waiting, then the bar of the employees done, then the way to the version', async () => {
    let polls = 0;
    const states = [
      monthLog({ id: 'ml-3', versionNumber: 1, status: 'waiting', progressDone: 0, progressTotal: 0 }),
      monthLog({ id: 'ml-3', versionNumber: 1, status: 'in_progress', progressDone: 3, progressTotal: 10 }),
      monthLog({ id: 'ml-3', versionNumber: 1, status: 'completed', progressDone: 10, progressTotal: 10 }),
    ];
    fakeApi({
      ...accountantSession,
      'GET /admin/month-log': () => json(200, page([])),
      'GET /admin/month-log/precheck': () => json(200, precheck({ items: [], problems: 0 })),
      'POST /admin/month-log': () => json(200, states[0]),
      'GET /admin/month-log/ml-3': () =>
        json(200, { ...states[Math.min(polls++, states.length - 1)]!, employees: [], justifications: [] }),
    });
    const { router } = renderList();
    const dialog = await openDialog();
    await user.click(within(dialog).getByTestId('close-next'));
    expect(await within(dialog).findByTestId('precheck-ok')).toHaveTextContent(
      'Nessun problema trovato: il mese può essere chiuso.',
    );
    expect(within(dialog).queryByTestId('close-force')).not.toBeInTheDocument();
    const submit = within(dialog).getByTestId('close-submit');
    expect(submit).toHaveTextContent('Chiudi il mese');
    await user.click(submit);

    const progress = await within(dialog).findByTestId('close-progress');
    expect(progress).toHaveTextContent('ottobre 2026, versione 1: in attesa di essere elaborata…');
    expect(within(progress).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    await waitFor(() => expect(progress).toHaveTextContent('Dipendenti elaborati: 3 di 10'), { timeout: 5000 });
    expect(within(progress).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
    const done = await within(dialog).findByTestId('close-completed', {}, { timeout: 5000 });
    expect(done).toHaveTextContent('ottobre 2026 chiuso: versione 1');
    expect(polls).toBe(3);
    await user.click(within(done).getByRole('link', { name: 'Apri la versione' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/month-log/ml-3'));
  });

  it('a failed version shows its reason and "Riprova" puts it back in the queue', async () => {
    let retried = false;
    const { calls } = fakeApi({
      ...adminSession,
      'GET /admin/month-log': () => json(200, page([])),
      'GET /admin/month-log/precheck': () => json(200, precheck({ items: [], problems: 0 })),
      'POST /admin/month-log': () => json(200, monthLog({ id: 'ml-3', status: 'waiting' })),
      'GET /admin/month-log/ml-3': () =>
        json(200, {
          ...monthLog({
            id: 'ml-3',
            status: retried ? 'completed' : 'failed',
            error: retried ? null : 'La chiusura si è interrotta più volte (riavvio del server): riprova',
          }),
          employees: [],
          justifications: [],
        }),
      'POST /admin/month-log/ml-3/retry': () => {
        retried = true;
        return json(200, monthLog({ id: 'ml-3', status: 'waiting' }));
      },
    });
    renderList();
    const dialog = await openDialog();
    await user.click(within(dialog).getByTestId('close-next'));
    await user.click(await within(dialog).findByRole('button', { name: 'Chiudi il mese' }));
    const failed = await within(dialog).findByTestId('close-failed');
    expect(failed).toHaveTextContent('La chiusura di ottobre 2026 (versione 2) non è riuscita');
    expect(failed).toHaveTextContent('La chiusura si è interrotta più volte (riavvio del server): riprova');
    await user.click(within(failed).getByRole('button', { name: 'Riprova' }));
    expect(await within(dialog).findByTestId('close-completed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/month-log/ml-3/retry')).toBe(true);
  });

  it('shows the 409 of a close already running, and a refusal for new problems re-runs the check', async () => {
    let posts = 0;
    let checks = 0;
    fakeApi({
      ...adminSession,
      'GET /admin/month-log': () => json(200, page([])),
      'GET /admin/month-log/precheck': () =>
        ++checks === 1 ? json(200, precheck({ items: [], problems: 0 })) : json(200, precheck()),
      'POST /admin/month-log': () =>
        ++posts === 1
          ? json(409, { code: 'CONFLICT', message: 'La chiusura di questo mese è già in corso' })
          : json(409, {
              code: 'CONFLICT',
              message:
                'Il controllo ha trovato dei problemi: correggili oppure conferma di voler chiudere comunque il mese',
              errors: [
                {
                  path: 'force',
                  message:
                    'Il controllo ha trovato dei problemi: correggili oppure conferma di voler chiudere comunque il mese',
                },
              ],
            }),
    });
    renderList();
    const dialog = await openDialog();
    await user.click(within(dialog).getByTestId('close-next'));
    await user.click(await within(dialog).findByRole('button', { name: 'Chiudi il mese' }));
    const refusal = await within(dialog).findByTestId('close-refusal');
    expect(refusal).toHaveTextContent('Chiusura già in corso');
    expect(refusal).toHaveTextContent('La chiusura di questo mese è già in corso');

    await user.click(within(dialog).getByRole('button', { name: 'Chiudi il mese' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('close-refusal')).toHaveTextContent('Il controllo ha trovato dei problemi'),
    );
    // The check runs again and now lists problems: closing needs the box.
    expect(await within(dialog).findByText('Problemi trovati: 6')).toBeInTheDocument();
    expect(within(dialog).getByTestId('close-submit')).toBeDisabled();
  });

  it('a month that has not started yet: the server’s message on the month', async () => {
    fakeApi({
      ...adminSession,
      'GET /admin/month-log': () => json(200, page([])),
      'GET /admin/month-log/precheck': () =>
        validationFailed('Non si può chiudere un mese che non è ancora iniziato', [
          { path: 'month', message: 'Non si può chiudere un mese che non è ancora iniziato' },
        ]),
    });
    renderList();
    const dialog = await openDialog();
    await user.click(within(dialog).getByTestId('close-next'));
    expect(await within(dialog).findByTestId('precheck-error')).toHaveTextContent(
      'Non si può chiudere un mese che non è ancora iniziato',
    );
    expect(within(dialog).getByTestId('close-submit')).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Indietro' }));
    expect(within(dialog).getByRole('combobox')).toBeInTheDocument();
  });
});
