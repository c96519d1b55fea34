import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { loadCatalogArea } from '../i18n/i18n';
import { demoUser, fakeApi, json, marioUser, sessionOf } from '../testing/fake-api';
import { absenceRequest } from '../testing/fixtures';
import { guardedPage, renderRoutes } from '../testing/render';
import { ALL_WIDGETS, DASHBOARD_WIDGETS, WIDGET_ORDER } from './dashboard-widgets';

beforeAll(async () => {
  await Promise.all([loadCatalogArea('home'), loadCatalogArea('attendance'), loadCatalogArea('announcements')]);
});

const mario = { ...marioUser, email: 'mario.rossi@demo.timbro.it' };
const session = (user: typeof demoUser) => ({
  ...sessionOf(user),
  'GET /user/invitations': () => json(200, []),
});
const person = (id: string, firstName: string, lastName: string) => ({ id, firstName, lastName });
const shift = (
  id: string,
  date: string,
  start: number,
  end: number,
  people: string[],
  label: string | null = null,
) => ({
  id,
  date,
  startMinutes: start,
  endMinutes: end,
  pauseMinutes: 0,
  minutes: (end - start + 1440) % 1440 || 1440,
  startsAt: `${date}T00:00:00.000Z`,
  endsAt: `${date}T00:00:00.000Z`,
  label,
  color: null,
  userInfoIds: people,
  swapped: false,
});
const request = absenceRequest({
  userInfoId: 'u-giulia',
  employee: person('u-giulia', 'Giulia', 'Esposito'),
  date: '2026-12-02',
  createdAt: '2026-11-20T09:00:00.000Z',
});
const contract = {
  id: 'c-1',
  userInfoId: 'u-luca',
  employee: person('u-luca', 'Luca', 'Greco'),
  type: 'fixed',
  workerType: 'employee',
  qualification: 'Impiegato',
  ccnlLevel: null,
  description: null,
  startsAt: '2025-01-01',
  endsAt: '2026-12-15',
  permanent: false,
  status: 'active',
  expiring: true,
  fixedTerm: { extensions: 4, extensionsMax: 4, monthsUsed: 20, monthsMax: 24 },
  justificationAccruals: [],
  timeSlots: [],
  weeklyMinutes: 2400,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const base = { today: '2026-11-27', timeZone: 'Europe/Rome' };
const nextWeek = {
  scope: 'admin',
  from: '2026-11-30',
  to: '2026-12-06',
  people: [person('u-fede', 'Federico', 'Moretti'), person('u-marti', 'Martina', 'Rinaldi')],
  shifts: [
    shift('s-night', '2026-12-01', 1320, 360, ['u-fede'], 'Notte'),
    shift('s-sun', '2026-12-06', 1320, 360, ['u-fede']),
    shift('s-day', '2026-11-30', 480, 960, ['u-marti']),
  ],
  absences: [{ userInfoId: 'u-marti', date: '2026-12-02', name: 'Ferie', wholeDay: true }],
  holidays: [{ date: '2026-12-08', name: 'Immacolata', icon: null }],
};
const adminDashboard = {
  ...base,
  welcome: { firstName: 'Anna', todayShifts: [], clock: null },
  activeEmployees: { count: 42 },
  expiringContracts: { total: 1, items: [contract] },
  nextHolidays: { from: '2026-11-27', to: '2027-01-26', items: [] },
  pendingRequests: { total: 7, items: [request] },
  swapRequests: { scope: 'admin', total: 0, items: [] },
  latestAnnouncements: { scope: 'admin', total: 0, unread: null, sent: [] },
  nextWeekShifts: nextWeek,
};
const hours = {
  month: '2026-11',
  from: '2026-11-01',
  to: '2026-11-27',
  groups: [{ id: 'g-1', name: 'Magazzino', people: 3, expected: 9600, worked: 9000, justified: 480 }],
  noGroup: { people: 1, expected: 3200, worked: 3300, justified: 0 },
  total: { people: 4, expected: 12800, worked: 12300, justified: 480 },
};

const render = () =>
  renderRoutes(
    [guardedPage('/dashboard', 'profile:read', <DashboardPage widgets={DASHBOARD_WIDGETS} />)],
    '/dashboard',
  );

describe('the dashboard widgets', { timeout: 30_000 }, () => {
  it('every widget has its place in the order, once', () => {
    const keys = ALL_WIDGETS.map((w) => w.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...WIDGET_ORDER].sort());
    expect(DASHBOARD_WIDGETS.map((w) => w.key)).toEqual([...WIDGET_ORDER]);
  });

  it('an admin: one call feeds every widget; counts, fixed-term limits, no holidays, next week drawn with the night split', async () => {
    const { calls } = fakeApi({
      ...session(demoUser),
      'GET /dashboard': () => json(200, adminDashboard),
      'GET /dashboard/hours-by-group': () => json(200, hours),
    });
    render();
    expect(await screen.findByTestId('widget-active-employees-value')).toHaveTextContent('42');
    // What is counted is said, and the link opens the list with the same filters (issue 30 item 12).
    expect(screen.getByTestId('widget-active-employees-caption')).toHaveTextContent(
      "con il ruolo Dipendente, abilitati e con l'invito accettato",
    );
    expect(screen.getByTestId('widget-active-employees-all')).toHaveAttribute(
      'href',
      '/admin/user?role=member&status=active',
    );
    // Member-only widgets are not there; the admin's are.
    expect(screen.queryByTestId('widget-accruals')).not.toBeInTheDocument();
    expect(screen.queryByTestId('widget-my-requests')).not.toBeInTheDocument();
    expect(screen.getByTestId('widget-approvals-count')).toHaveTextContent('7');
    expect(screen.getAllByTestId('widget-approval-row')).toHaveLength(1);

    const expiring = screen.getByTestId('widget-expiring-contracts');
    expect(within(expiring).getByTestId('widget-expiring-fixed-term')).toHaveTextContent(
      'Proroghe 4/4 · 20/24 mesi a termine · limite raggiunto',
    );
    expect(within(expiring).getByRole('link', { name: 'Greco Luca' })).toHaveAttribute(
      'href',
      '/admin/user/u-luca/contract',
    );
    expect(within(expiring).getByTestId('widget-expiring-contracts-all')).toHaveAttribute(
      'href',
      '/admin/contract?filter=expiring',
    );

    expect(screen.getByTestId('widget-next-holidays')).toHaveTextContent('Nessuna festività nei prossimi due mesi.');
    expect(screen.getByTestId('widget-swap-requests')).toHaveTextContent('Cambi turno da decidere');
    expect(screen.getByTestId('widget-swap-requests-empty')).toBeInTheDocument();
    expect(screen.getByTestId('widget-sent-announcements')).toBeInTheDocument();

    // The night shift of Tuesday runs to midnight and on into Wednesday; Sunday's night stops at the week's end.
    const fede = (d: string) => screen.getByTestId(`widget-next-week-cell-u-fede-${d}`);
    expect(within(fede('2026-12-01')).getAllByTestId('widget-next-week-bar')).toHaveLength(1);
    const wednesday = within(fede('2026-12-02')).getAllByTestId('widget-next-week-bar');
    expect(wednesday).toHaveLength(1);
    expect(wednesday[0]).toHaveAttribute('data-continued', 'true');
    expect(fede('2026-12-02')).toHaveTextContent(
      '22:00–06:00 (termina il giorno dopo) · prosegue dal giorno prima · Notte',
    );
    expect(within(fede('2026-12-06')).getAllByTestId('widget-next-week-bar')).toHaveLength(1);
    expect(screen.getByTestId('widget-next-week-cell-u-marti-2026-12-02')).toHaveTextContent('assente: Ferie');
    expect(screen.getByTestId('widget-next-week-cell-u-marti-2026-12-03')).toHaveTextContent('nessun turno');

    // The month's hours per group: the chart, and the same figures as a table with the gap.
    const chart = await screen.findByTestId('widget-hours-by-group');
    expect(within(chart).getByTestId('widget-hours-total')).toHaveTextContent(
      'previste 213,3 h, lavorate 205 h, giustificate 8 h',
    );
    // The bars: one image whose label reads every figure; the longest bar (Magazzino's 160 h) on an axis to 200 h.
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      'Magazzino: Previste 160 h, Lavorate 150 h, Giustificate 8 h; ' +
        'Senza gruppo: Previste 53,3 h, Lavorate 55 h, Giustificate 0 h',
    );
    expect(within(chart).getByText('200 h')).toBeInTheDocument();
    await userEvent.click(within(chart).getByTestId('widget-hours-table-toggle'));
    const rows = within(within(chart).getByTestId('widget-hours-table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Magazzino\s*3\s*160 h\s*150 h\s*8 h\s*-2 h/);
    expect(rows[2]).toHaveTextContent(/Senza gruppo\s*1\s*53,3 h\s*55 h\s*0 h\s*\+1,7 h/);

    // One aggregated call, and none of the lists it summarises.
    expect(calls.filter((c) => c.path === '/dashboard')).toHaveLength(1);
    expect(calls.some((c) => c.path.startsWith('/admin/justification-request'))).toBe(false);
  });

  it('approving inline refreshes the dashboard', async () => {
    let served = 0;
    const { calls } = fakeApi({
      ...session(demoUser),
      'GET /dashboard': () => {
        served += 1;
        return json(
          200,
          served === 1 ? adminDashboard : { ...adminDashboard, pendingRequests: { total: 6, items: [] } },
        );
      },
      'GET /dashboard/hours-by-group': () => json(200, hours),
      'POST /admin/justification-request/approve': () => json(200, { updated: 1, items: [] }),
    });
    render();
    const widget = await screen.findByTestId('widget-approvals');
    await userEvent.click(
      await within(widget).findByRole('button', { name: /Approva la richiesta di Giulia Esposito/ }),
    );
    await waitFor(() => expect(screen.getByTestId('widget-approvals-count')).toHaveTextContent('6'));
    expect(calls.find((c) => c.path === '/admin/justification-request/approve')?.body).toEqual({
      ids: ['r-1'],
      note: null,
    });
  });

  it('a member: only their widgets; what the call leaves out is not shown', async () => {
    fakeApi({
      ...session(mario),
      'GET /dashboard': () =>
        json(200, {
          ...base,
          welcome: {
            firstName: 'Mario',
            todayShifts: [{ ...shift('s-1', '2026-11-27', 1320, 360, ['u-mario']) }],
            clock: { state: 'in', since: '2026-11-27T07:02:00.000Z' },
          },
          myAccruals: { date: '2026-11-27', balances: [] },
          nextHolidays: {
            from: '2026-11-27',
            to: '2027-01-26',
            items: [{ date: '2026-12-08', name: 'Immacolata', icon: null }],
          },
          swapRequests: { scope: 'member', total: 0, items: [] },
          latestAnnouncements: { scope: 'member', total: 0, unread: 0, mine: [] },
          nextWeekShifts: {
            ...nextWeek,
            scope: 'member',
            people: [person('u-mario', 'Mario', 'Rossi')],
            shifts: [],
            absences: [],
          },
        }),
      'GET /attendance/user-info/current': () => json(404, { code: 'NOT_FOUND', message: 'x' }),
      'GET /member/justification-request': () => json(200, { items: [], total: 0, page: 1, perPage: 5 }),
    });
    render();
    const welcome = await screen.findByTestId('welcome-widget');
    expect(await within(welcome).findByTestId('welcome-shift')).toHaveTextContent('Turno di oggi: 22:00–06:00 (+1)');
    expect(within(welcome).getByTestId('welcome-clock')).toHaveTextContent('In servizio dalle 08:02');
    expect(await screen.findByTestId('widget-accruals')).toBeInTheDocument();
    expect(screen.getByTestId('widget-next-holidays')).toHaveTextContent('Immacolata');
    expect(screen.getByTestId('widget-next-holidays')).toHaveTextContent('tra 11 giorni');
    expect(screen.getByTestId('widget-swap-requests')).toHaveTextContent('Cambi turno da valutare');
    expect(screen.getByTestId('widget-my-announcements')).toBeInTheDocument();
    expect(screen.getByTestId('widget-next-week')).toHaveTextContent('I miei turni della prossima settimana');
    // Admin widgets: not even a skeleton.
    for (const id of [
      'widget-approvals',
      'widget-active-employees',
      'widget-expiring-contracts',
      'widget-hours-by-group',
    ])
      expect(screen.queryByTestId(id)).not.toBeInTheDocument();
  });
});
