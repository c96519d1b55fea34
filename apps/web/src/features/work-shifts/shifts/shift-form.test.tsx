import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateShiftsResponse, UpdateShiftResponse } from '@timbro/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogArea } from '../../../i18n/i18n';
import { fakeApi, json, validationFailed } from '../../../testing/fake-api';
import { guardedPage, page as route, renderRoutes } from '../../../testing/render';
import { WorkShiftEditPage, WorkShiftNewPage } from './shift-form-pages';
import {
  adminSession,
  detail,
  ID,
  lookups,
  people,
  shift,
  warning,
  workspaceToday,
} from '../planning/planning.fixtures';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('workShifts');
});

const render = (path: string) =>
  renderRoutes(
    [
      guardedPage('/admin/work-shift/new', 'shift:write', <WorkShiftNewPage />),
      guardedPage('/admin/work-shift/:id/edit', 'shift:write', <WorkShiftEditPage />),
      route('/admin/work-shift/:id', <p>dettaglio turno</p>),
      route('/admin/work-shift', <p>pianificazione</p>),
    ],
    path,
  );

const created = (over: Partial<CreateShiftsResponse> = {}): CreateShiftsResponse => ({
  message: 'Turno creato',
  shifts: [shift()],
  warnings: [],
  ...over,
});

/** Types a date in a picker's field (gg/mm/aaaa in Italian). */
async function typeDate(label: RegExp, ddmmyyyy: string) {
  const group = screen.getByRole('group', { name: label });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(ddmmyyyy);
}

describe('the shift form', { timeout: 60_000 }, () => {
  it('says what is missing in Italian: the day, the people and the times', async () => {
    fakeApi({ ...adminSession, ...workspaceToday, ...lookups });
    render('/admin/work-shift/new');
    await user.click(await screen.findByTestId('shift-form-submit'));
    expect(await screen.findByText('Indica il giorno')).toBeInTheDocument();
    expect(screen.getByText('Scegli almeno una persona')).toBeInTheDocument();
    expect(screen.getByText("Indica l'ora d'inizio")).toBeInTheDocument();
    expect(screen.getByText("Indica l'ora di fine")).toBeInTheDocument();

    // End = start is refused; 25:00 is not a time.
    await user.type(screen.getByTestId('shift-start'), '08:00');
    await user.type(screen.getByTestId('shift-end'), '8');
    await user.tab();
    expect(screen.getByTestId('shift-end')).toHaveValue('08:00');
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(await screen.findByText("L'ora di fine deve essere diversa da quella d'inizio")).toBeInTheDocument();
    await user.clear(screen.getByTestId('shift-start'));
    await user.type(screen.getByTestId('shift-start'), '25:00');
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(await screen.findByText('Ora non valida: usa hh:mm')).toBeInTheDocument();
    // A pause as long as the shift.
    await user.clear(screen.getByTestId('shift-start'));
    await user.type(screen.getByTestId('shift-start'), '07:00');
    await user.clear(screen.getByTestId('shift-pause'));
    await user.type(screen.getByTestId('shift-pause'), '60');
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(await screen.findByText('La pausa deve essere più breve del turno')).toBeInTheDocument();
  });

  it('a period: its end after its start, at most 93 days, some weekday', async () => {
    const { calls } = fakeApi({ ...adminSession, ...workspaceToday, ...lookups });
    render(`/admin/work-shift/new?date=2026-11-16&userInfoId=${ID.mario}`);
    await user.click(await screen.findByTestId('shift-period'));
    await user.type(screen.getByTestId('shift-start'), '22:00');
    await user.type(screen.getByTestId('shift-end'), '06:00');
    await typeDate(/^Al giorno/, '10112026');
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(
      await screen.findByText("La data di fine deve essere uguale o successiva a quella d'inizio"),
    ).toBeInTheDocument();
    await typeDate(/^Al giorno/, '20022027');
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(await screen.findByText('Un periodo può durare al massimo 93 giorni')).toBeInTheDocument();
    await typeDate(/^Al giorno/, '22112026');
    for (const day of ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'])
      await user.click(screen.getByRole('checkbox', { name: day }));
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(await screen.findByText('Scegli almeno un giorno della settimana')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('typed times for a prefilled person and day: the overnight hint, then the body, the warnings and the planning', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'POST /admin/work-shift': () =>
        json(201, created({ shifts: [shift(), shift()], warnings: [warning({ rule: 'night', minutes: 540 })] })),
    });
    const { router } = render(`/admin/work-shift/new?date=2026-11-18&userInfoId=${ID.mario}`);
    // The prefilled person's chip needs the page's code and the people lookup: under the full suite's load, seconds.
    expect(await screen.findByRole('button', { name: 'Mario Rossi' }, { timeout: 10_000 })).toBeInTheDocument();
    // A second person, from the workspace's people.
    await user.click(screen.getByTestId('shift-people'));
    await user.click(await screen.findByRole('option', { name: 'Giulia Esposito' }));

    await user.type(screen.getByTestId('shift-start'), '22:00');
    await user.type(screen.getByTestId('shift-end'), '7');
    await user.tab();
    await user.clear(screen.getByTestId('shift-pause'));
    await user.type(screen.getByTestId('shift-pause'), '30');
    expect(screen.getByTestId('shift-times-hint')).toHaveTextContent(
      'Termina il giorno dopo · Lavoro 8 h 30 min su 9 h',
    );
    await user.type(screen.getByTestId('shift-label'), ' Notte ');
    await user.type(screen.getByTestId('shift-color'), '#aa3300');
    await user.click(screen.getByTestId('shift-form-submit'));

    const dialog = await screen.findByTestId('saved-warnings');
    expect(dialog).toHaveTextContent('9 h di lavoro notturno in un turno: oltre le 8 ore (art. 13)');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-11-18',
      dateTo: null,
      userInfoIds: [ID.mario, ID.giulia],
      templateId: null,
      startMinutes: 1320,
      endMinutes: 420,
      pauseMinutes: 30,
      label: 'Notte',
      color: '#AA3300',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Torna alla pianificazione' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/work-shift'));
    expect(router.state.location.search).toBe('?date=2026-11-18');
    expect(await screen.findByText('Turni creati come bozze: 2')).toBeInTheDocument();
  });

  it('a daily template over a period on some weekdays: the template’s id, no times', async () => {
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'POST /admin/work-shift': () => json(201, created()),
    });
    const { router } = render(`/admin/work-shift/new?date=2026-11-16&userInfoId=${ID.luca}`);
    await user.click(await screen.findByTestId('shift-source-template'));
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(
      await screen.findByText("Scegli un modello giornaliero oppure indica l'ora d'inizio e di fine"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Modello giornaliero/ }));
    await user.click(await screen.findByRole('option', { name: /Mattina/ }));
    expect(screen.getByText('Orario 06:00–12:00, 6 h di lavoro')).toBeInTheDocument();

    await user.click(screen.getByTestId('shift-period'));
    await typeDate(/^Al giorno/, '29112026');
    await user.click(screen.getByRole('checkbox', { name: 'sabato' }));
    await user.click(screen.getByRole('checkbox', { name: 'domenica' }));
    expect(screen.getByTestId('shift-period-days')).toHaveTextContent('Giorni con un turno: 10');
    await user.click(screen.getByTestId('shift-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/work-shift'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-11-16',
      dateTo: '2026-11-29',
      weekdays: [1, 2, 3, 4, 5],
      userInfoIds: [ID.luca],
      templateId: ID.template,
      startMinutes: null,
      endMinutes: null,
      label: null,
      color: null,
    });
  });

  it('a period of two people counts a shift per person and day, before and after saving (issue 30 item 17)', async () => {
    // Five weekdays of two people: five shifts of the server, each of both — ten cells in the planning.
    const week = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'POST /admin/work-shift': () =>
        json(201, created({ shifts: week.map((date) => shift({ date, assignees: [people.luca, people.giulia] })) })),
    });
    const { router } = render(`/admin/work-shift/new?date=2026-11-16&userInfoId=${ID.luca}`);
    await user.click(await screen.findByTestId('shift-source-template'));
    await user.click(screen.getByRole('combobox', { name: /Modello giornaliero/ }));
    await user.click(await screen.findByRole('option', { name: /Mattina/ }));
    await user.click(screen.getByTestId('shift-period'));
    await typeDate(/^Al giorno/, '22112026');
    await user.click(screen.getByRole('checkbox', { name: 'sabato' }));
    await user.click(screen.getByRole('checkbox', { name: 'domenica' }));
    expect(screen.getByTestId('shift-period-days')).toHaveTextContent('Giorni con un turno: 5');
    await user.click(screen.getByTestId('shift-people'));
    await user.click(await screen.findByRole('option', { name: 'Giulia Esposito' }));
    expect(screen.getByTestId('shift-period-days')).toHaveTextContent(
      'Giorni con un turno: 5 · turni da creare: 10 (uno per persona e giorno)',
    );
    await user.click(screen.getByTestId('shift-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/work-shift'));
    expect(await screen.findByText('Turni creati come bozze: 10')).toBeInTheDocument();
  });

  it('puts the server’s field errors on their fields', async () => {
    fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      'POST /admin/work-shift': () =>
        validationFailed('Dati non validi', [
          { path: 'userInfoIds', message: 'Una delle persone scelte non esiste più' },
        ]),
    });
    render(`/admin/work-shift/new?date=2026-11-16&userInfoId=${ID.mario}`);
    await user.type(await screen.findByTestId('shift-start'), '08:00');
    await user.type(screen.getByTestId('shift-end'), '14:00');
    await user.click(screen.getByTestId('shift-form-submit'));
    expect(await screen.findByText('Una delle persone scelte non esiste più')).toBeInTheDocument();
    expect(screen.getByTestId('shift-people')).toHaveFocus();
  });

  it('editing: the stored values, the open swaps it rejects, then the snackbar with how many', async () => {
    const stored = detail({ openSwaps: 2 });
    const { calls } = fakeApi({
      ...adminSession,
      ...workspaceToday,
      ...lookups,
      [`GET /admin/work-shift/${ID.night}`]: () => json(200, stored),
      [`POST /admin/work-shift/${ID.night}`]: () =>
        json(200, {
          message: 'Turno salvato',
          shift: { ...stored, startMinutes: 1260, warnings: [] },
          autoRejected: 2,
        } satisfies UpdateShiftResponse),
    });
    const { router } = render(`/admin/work-shift/${ID.night}/edit`);
    expect(await screen.findByTestId('shift-open-swaps')).toHaveTextContent(
      'Questo turno ha richieste di cambio aperte (2): salvandolo vengono rifiutate automaticamente',
    );
    expect(screen.getByTestId('shift-start')).toHaveValue('22:00');
    expect(screen.getByTestId('shift-end')).toHaveValue('06:00');
    expect(screen.getByTestId('shift-label')).toHaveValue('Notte');
    // Editing changes one shift: no period, no template.
    expect(screen.queryByTestId('shift-period')).toBeNull();
    expect(screen.queryByTestId('shift-source-template')).toBeNull();
    await user.clear(screen.getByTestId('shift-start'));
    await user.type(screen.getByTestId('shift-start'), '21:00');
    await user.click(screen.getByTestId('shift-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/work-shift/${ID.night}`));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      date: '2026-11-18',
      userInfoIds: [people.mario.id],
      startMinutes: 1260,
      endMinutes: 360,
      pauseMinutes: 0,
      label: 'Notte',
      color: null,
    });
    expect(
      await screen.findByText('Turno salvato · richieste di cambio rifiutate automaticamente: 2'),
    ).toBeInTheDocument();
  });
});
