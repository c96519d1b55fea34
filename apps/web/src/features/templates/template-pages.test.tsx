import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TemplateDay } from '@timbro/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sessionWithRoles } from '../../testing/fake-api';
import { officeSlot, week40 } from '../../testing/fixtures';
import { guardedPage, renderRoutes } from '../../testing/render';
import { TemplateDayEditPage, TemplateDayNewPage } from './template-day-form-page';
import { TemplateDayListPage } from './template-day-list-page';
import { TemplateWeekEditPage, TemplateWeekNewPage } from './template-week-form-page';
import { TemplateWeekListPage } from './template-week-list-page';

const user = userEvent.setup({ delay: null });
const session = sessionWithRoles;
const standard: TemplateDay = {
  id: 'td-1',
  name: 'Giornata standard',
  description: null,
  timeSlots: [officeSlot],
  minutes: 480,
};
const morning: TemplateDay = {
  id: 'td-2',
  name: 'Mattina',
  description: 'Solo mattina',
  timeSlots: [{ ...officeSlot, endsAtMinutes: 780, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null }],
  minutes: 240,
};

const guarded = (path: string, element: ReactNode) => guardedPage(path, 'settings:read', element);
const routes = [
  guarded('/admin/setting/template-day', <TemplateDayListPage />),
  guarded('/admin/setting/template-day/new', <TemplateDayNewPage />),
  guarded('/admin/setting/template-day/:id/edit', <TemplateDayEditPage />),
  guarded('/admin/setting/template-week', <TemplateWeekListPage />),
  guarded('/admin/setting/template-week/new', <TemplateWeekNewPage />),
  guarded('/admin/setting/template-week/:id/edit', <TemplateWeekEditPage />),
];

describe('working-time templates', { timeout: 20_000 }, () => {
  it('daily list: sorted by name, slots and hours, edit on a click, delete with the refusal in the dialog', async () => {
    const used = 'Il modello è usato dal modello settimanale «Tempo pieno 40 ore»';
    fakeApi({
      ...session(),
      'GET /admin/template-day': () => json(200, [standard, morning]),
      'DELETE /admin/template-day/td-1': () => json(409, { code: 'CONFLICT', message: used }),
    });
    const { router } = renderRoutes(routes, '/admin/setting/template-day');
    const grid = await screen.findByTestId('template-day-grid');
    expect(await within(grid).findByText('Giornata standard')).toBeInTheDocument();
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('gridcell')[0]!.textContent)).toEqual([
      'Giornata standard',
      'Mattina',
    ]);
    expect(within(rows[0]!).getByText('09:00–18:00 (pausa 13:00–14:00)')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('08:00 ore')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Solo mattina')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Modifica il modello Mattina' })).toHaveAttribute(
      'href',
      '/admin/setting/template-day/td-2/edit',
    );

    await user.click(screen.getByRole('button', { name: 'Elimina il modello Giornata standard' }));
    const dialog = await screen.findByTestId('template-delete-dialog');
    expect(within(dialog).getByText('Eliminare il modello «Giornata standard»?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await within(dialog).findByText(used)).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('template-delete-dialog')).not.toBeInTheDocument());
    await user.click(within(rows[1]!).getByText('Solo mattina'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/setting/template-day/td-2/edit'));
  });

  it('weekly list: the runs of days and the weekly hours; read-only and the empty message for an accountant', async () => {
    fakeApi({ ...session(), 'GET /admin/template-week': () => json(200, [week40]) });
    const { unmount } = renderRoutes(routes, '/admin/setting/template-week');
    const grid = await screen.findByTestId('template-week-grid');
    expect(await within(grid).findByText('Lun–Ven: Giornata standard')).toBeInTheDocument();
    expect(within(grid).getByText('40:00 ore')).toBeInTheDocument();
    expect(screen.getByTestId('template-week-new')).toHaveAttribute('href', '/admin/setting/template-week/new');
    unmount();

    fakeApi({ ...session({ admin: false, accountant: true }), 'GET /admin/template-week': () => json(200, []) });
    renderRoutes(routes, '/admin/setting/template-week');
    expect(await screen.findByText('Non ci sono ancora modelli settimanali')).toBeInTheDocument();
    expect(screen.getByText("Quando l'amministratore creerà dei modelli, li troverai qui.")).toBeInTheDocument();
    expect(screen.queryByTestId('template-week-new')).not.toBeInTheDocument();
  });

  it('the list that cannot load shows the error with "Riprova"', async () => {
    let fail = true;
    fakeApi({
      ...session(),
      'GET /admin/template-day': () =>
        fail ? json(500, { code: 'INTERNAL', message: 'Errore del server' }) : json(200, [standard]),
    });
    renderRoutes(routes, '/admin/setting/template-day');
    expect(await screen.findByText('Errore del server')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Giornata standard')).toBeInTheDocument();
    expect(screen.queryByText('Errore del server')).not.toBeInTheDocument();
  });

  it('new daily template: the name is required, then the payload and back to the list', async () => {
    const { calls } = fakeApi({
      ...session(),
      'POST /admin/template-day': () => json(200, { ...standard, id: 'td-9', name: 'Turno' }),
      'GET /admin/template-day': () => json(200, [standard]),
    });
    const { router } = renderRoutes(routes, '/admin/setting/template-day/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo modello giornaliero' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Nuovo modello giornaliero' })).toBeInTheDocument();
    await user.click(screen.getByTestId('template-form-submit'));
    expect(await screen.findByText('Inserisci il nome')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByTestId('template-name'), '  Turno  ');
    await user.click(screen.getByRole('button', { name: 'Aggiungi fascia' }));
    expect(screen.getByLabelText('Fascia 1: Inizio')).toHaveFocus();
    await user.keyboard('8{Tab}12');
    await user.click(screen.getByTestId('template-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/setting/template-day'));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Turno',
      description: null,
      timeSlots: [{ startsAtMinutes: 480, endsAtMinutes: 720, pauseStartsAtMinutes: null, pauseEndsAtMinutes: null }],
    });
    expect(await screen.findByText('Modello «Turno» creato')).toBeInTheDocument();
  });

  it("edit daily template: the template's slots, the server's errors on the slot and above the form", async () => {
    let answer = json(422, {
      code: 'VALIDATION',
      message: 'Dati non validi',
      errors: [{ path: 'timeSlots.0.endsAtMinutes', message: 'La fascia finisce prima di iniziare' }],
    });
    const { calls } = fakeApi({
      ...session(),
      'GET /admin/template-day/td-1': () => json(200, standard),
      'POST /admin/template-day/td-1': () => answer,
    });
    renderRoutes(routes, '/admin/setting/template-day/td-1/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifica Giornata standard' })).toBeInTheDocument();
    expect(screen.getByTestId('template-name')).toHaveValue('Giornata standard');
    expect(screen.getByTestId('template-form-submit')).toHaveTextContent('Salva');
    await user.click(screen.getByTestId('template-form-submit'));
    expect(await screen.findByText(/La fascia finisce prima di iniziare/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Giornata standard',
      description: null,
      timeSlots: [officeSlot],
    });

    answer = json(409, { code: 'CONFLICT', message: 'Esiste già un modello con questo nome' });
    await user.click(screen.getByTestId('template-form-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esiste già un modello con questo nome');
  });

  it('edit of a template that cannot load: the failure with the way back to the list', async () => {
    fakeApi({
      ...session(),
      'GET /admin/template-week/tw-x': () => json(404, { code: 'NOT_FOUND', message: 'Modello non trovato' }),
    });
    renderRoutes(routes, '/admin/setting/template-week/tw-x/edit');
    expect(await screen.findByText('Modello non trovato')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Modelli settimanali/ })).toHaveAttribute(
      'href',
      '/admin/setting/template-week',
    );
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeInTheDocument();
  });

  it('new weekly template: a daily template per day, the live total, the payload', async () => {
    const { calls } = fakeApi({
      ...session(),
      'GET /admin/template-day': () => json(200, [standard, morning]),
      'POST /admin/template-week': () => json(200, { ...week40, id: 'tw-9', name: 'Part-time' }),
      'GET /admin/template-week': () => json(200, [week40]),
    });
    const { router } = renderRoutes(routes, '/admin/setting/template-week/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo modello settimanale' })).toBeInTheDocument();
    expect(await screen.findByTestId('week-day-hours-1')).toHaveTextContent('00:00 ore');
    expect(screen.getByTestId('week-total')).toHaveTextContent('00:00 ore');

    await user.click(screen.getByRole('combobox', { name: 'Lunedì' }));
    await user.click(await screen.findByRole('option', { name: 'Giornata standard (08:00 ore)' }));
    await user.click(screen.getByRole('combobox', { name: 'Mercoledì' }));
    await user.click(await screen.findByRole('option', { name: 'Mattina (04:00 ore)' }));
    expect(screen.getByTestId('week-total')).toHaveTextContent('12:00 ore');
    expect(screen.getByTestId('week-day-hours-3')).toHaveTextContent('04:00 ore');
    expect(screen.getByText('09:00–13:00')).toBeInTheDocument();

    await user.type(screen.getByTestId('template-name'), 'Part-time');
    await user.click(screen.getByTestId('template-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/setting/template-week'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Part-time',
      description: null,
      days: [
        { weekday: 1, templateDayId: 'td-1' },
        { weekday: 3, templateDayId: 'td-2' },
      ],
    });
  });

  it('edit weekly template: the days as saved, a field error from the server on its field', async () => {
    fakeApi({
      ...session(),
      'GET /admin/template-day': () => json(200, [standard]),
      'GET /admin/template-week/tw-40': () => json(200, week40),
      'POST /admin/template-week/tw-40': () =>
        json(409, {
          code: 'CONFLICT',
          message: 'Nome già usato',
          errors: [{ path: 'name', message: 'Esiste già un modello con questo nome' }],
        }),
    });
    renderRoutes(routes, '/admin/setting/template-week/tw-40/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifica Tempo pieno 40 ore' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('week-total')).toHaveTextContent('40:00 ore'));
    expect(screen.getByRole('combobox', { name: 'Venerdì' })).toHaveTextContent('Giornata standard (08:00 ore)');
    expect(screen.getByTestId('week-day-hours-6')).toHaveTextContent('00:00 ore');
    expect(screen.getByTestId('week-day-6')).toHaveValue('');
    await user.click(screen.getByTestId('template-form-submit'));
    expect(await screen.findByText('Esiste già un modello con questo nome')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
