import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Holiday } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sessionWithRoles } from '../../testing/fake-api';
import { guardedPage, page, renderRoutes } from '../../testing/render';
import { HolidayEditPage, HolidayNewPage } from './holiday-form-page';
import { HolidayListPage } from './holiday-list-page';

const user = userEvent.setup({ delay: null });
const session = sessionWithRoles;
const holidays: Holiday[] = [
  {
    id: 'h-1',
    name: 'Natale',
    icon: 'park',
    day: 25,
    month: 12,
    year: null,
    kind: 'national',
    rule: null,
    fromYear: null,
  },
  {
    id: 'h-2',
    name: 'Chiusura',
    icon: 'event',
    day: 5,
    month: 4,
    year: 2026,
    kind: 'company',
    rule: null,
    fromYear: null,
  },
  {
    id: 'h-3',
    name: 'Chiusura',
    icon: 'event',
    day: 28,
    month: 3,
    year: 2027,
    kind: 'company',
    rule: null,
    fromYear: null,
  },
];
/** Easter Monday as the server sends it: a movable feast, with this year's date. */
const easterMonday: Holiday = {
  id: 'h-4',
  name: "Lunedì dell'Angelo",
  icon: 'egg',
  day: 6,
  month: 4,
  year: null,
  kind: 'national',
  rule: 'easter_monday',
  fromYear: null,
};
const sanFrancesco: Holiday = {
  id: 'h-5',
  name: "San Francesco d'Assisi",
  icon: 'church',
  day: 4,
  month: 10,
  year: null,
  kind: 'national',
  rule: null,
  fromYear: 2026,
};

const choose = async (label: RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('holidays', { timeout: 20_000 }, () => {
  it('new patron saint: Italian messages, impossible dates refused, the icon picker by keyboard, payload', async () => {
    const { calls } = fakeApi({
      ...session(),
      'POST /admin/holiday': () =>
        json(200, { id: 'h-9', name: "Sant'Ambrogio", icon: 'church', day: 7, month: 12, year: null, kind: 'patron' }),
    });
    const { router } = renderRoutes(
      [
        guardedPage('/admin/setting/holiday/new', 'settings:write', <HolidayNewPage />),
        page('/admin/setting/holiday', <p>elenco</p>),
      ],
      '/admin/setting/holiday/new?kind=patron',
    );
    expect(await screen.findByRole('combobox', { name: 'Tipo' })).toHaveTextContent('Santo patrono');
    expect(screen.getByText(/Il santo patrono del comune della sede di lavoro è festivo/)).toBeInTheDocument();
    await user.click(screen.getByTestId('holiday-form-submit'));
    expect(await screen.findByText("Scegli un'icona")).toBeInTheDocument();
    expect(screen.getByText('Inserisci il nome della festività')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il giorno')).toBeInTheDocument();
    expect(screen.getByText('Inserisci il mese')).toBeInTheDocument();

    // The icons are a radio group: one tab stop, arrows choose.
    const first = screen.getByRole('radio', { name: 'Festa' });
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Chiesa' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'Chiesa' })).toHaveFocus();

    await user.type(screen.getByTestId('holiday-name'), "Sant'Ambrogio");
    await choose(/^Giorno/, '31');
    await choose(/^Mese/, 'febbraio');
    await user.click(screen.getByTestId('holiday-form-submit'));
    expect(await screen.findByText('Questa data non esiste')).toBeInTheDocument();
    await choose(/^Giorno/, '7');
    await choose(/^Mese/, 'dicembre');
    expect(await screen.findByTestId('holiday-preview')).toHaveTextContent('Prossima volta:');
    await user.click(screen.getByTestId('holiday-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/setting/holiday'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: "Sant'Ambrogio",
      icon: 'church',
      day: 7,
      month: 12,
      year: null,
      kind: 'patron',
    });
  });

  it('lists the year with the recurring ones, suggests the patron saint, and is read-only for an accountant', async () => {
    fakeApi({ ...session({ admin: false, accountant: true }), 'GET /admin/holiday': () => json(200, holidays) });
    renderRoutes(
      [guardedPage('/admin/setting/holiday', ['settings:read', 'user:read'], <HolidayListPage />)],
      '/admin/setting/holiday?year=2027',
    );
    const grid = await screen.findByTestId('holidays-grid');
    expect(await within(grid).findByText('Natale')).toBeInTheDocument();
    expect(within(grid).getByText('Solo nel 2027')).toBeInTheDocument();
    expect(within(grid).getAllByText('Chiusura')).toHaveLength(1);
    expect(within(grid).getByText('Ogni anno')).toBeInTheDocument();
    expect(screen.getByTestId('patron-missing')).toHaveTextContent('Manca il santo patrono');
    expect(screen.queryByTestId('holidays-new')).not.toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /Elimina/ })).not.toBeInTheDocument();
  });

  it('a movable feast shows its rule instead of a date, is edited without a date, and San Francesco recurs from 2026', async () => {
    const { calls } = fakeApi({
      ...session(),
      'GET /admin/holiday': () => json(200, [...holidays, easterMonday, sanFrancesco]),
      'GET /admin/holiday/h-4': () => json(200, easterMonday),
      'POST /admin/holiday/h-4': () => json(200, { ...easterMonday, name: 'Pasquetta' }),
    });
    const { router } = renderRoutes(
      [
        page('/admin/setting/holiday', <HolidayListPage />),
        guardedPage('/admin/setting/holiday/:id/edit', 'settings:write', <HolidayEditPage />),
      ],
      '/admin/setting/holiday?year=2027',
    );
    const grid = await screen.findByTestId('holidays-grid');
    expect(await within(grid).findByText('Lunedì dopo Pasqua')).toBeInTheDocument();
    expect(within(grid).getByText('Ogni anno dal 2026')).toBeInTheDocument();

    await router.navigate('/admin/setting/holiday/h-4/edit');
    expect(await screen.findByTestId('holiday-movable')).toHaveTextContent(
      'La data cambia ogni anno ed è calcolata da sola: Lunedì dopo Pasqua.',
    );
    expect(screen.queryByTestId('holiday-day')).not.toBeInTheDocument();
    expect(screen.queryByTestId('holiday-recurring')).not.toBeInTheDocument();
    // The preview is the next Easter Monday, a Monday.
    expect(screen.getByTestId('holiday-preview')).toHaveTextContent(/Prossima volta: lunedì/);
    await user.clear(screen.getByTestId('holiday-name'));
    await user.type(screen.getByTestId('holiday-name'), 'Pasquetta');
    await user.click(screen.getByTestId('holiday-form-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/setting/holiday'));
    // No rule in the body: the server keeps the holiday's rule.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Pasquetta',
      icon: 'egg',
      day: 6,
      month: 4,
      year: null,
      kind: 'national',
    });
  });
});
