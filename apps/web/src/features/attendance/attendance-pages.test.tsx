import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceData, DaySheetDto, TimesheetPage } from '@timbro/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RightPanelProvider } from '../../components/app-frame/right-panel';
import { currentInfoOn, fakeApi, json, marioUser, sessionOf } from '../../testing/fake-api';
import { absenceRequest } from '../../testing/fixtures';
import { page, renderRoutes } from '../../testing/render';
import { RequireAuth } from '../../lib/auth/require-auth';
import { AdminCalendarPage } from './calendar/admin-calendar-page';
import { MemberCalendarPage } from './calendar/member-calendar-page';
import { TimesheetPageScreen } from './timesheet/timesheet-page';

const user = userEvent.setup({ delay: null });
/** The first render of a whole page is slow on a busy machine. */
const SLOW = { timeout: 8_000 };

/** The workspace's today (the server's): November 2026. The device's clock says January 2027. */
const TODAY = '2026-11-18';
const DEVICE_NOW = new Date('2027-01-03T10:00:00Z');

const adminSession = {
  ...sessionOf(),
  'GET /attendance/ajax/groups': () => json(200, []),
};
const memberSession = { ...adminSession, 'GET /user': () => json(200, marioUser) };

const currentInfo = currentInfoOn(TODAY);
const novemberDays = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
const isWeekend = (d: string) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());

/** The 12th: 6 h worked + 2 h covered by a ROL of 8 expected; the 13th: 8 h short with a missing exit. */
function sheet(date: string): DaySheetDto {
  const expected = isWeekend(date) ? 0 : 480;
  const base: DaySheetDto = {
    date,
    expected,
    worked: expected,
    increase: 0,
    decrease: 0,
    covered: 0,
    balance: 0,
    pairs: [],
    requests: [],
    anomalies: [],
    open: date >= TODAY,
    pauses: [],
    holiday: null,
  };
  if (date === '2026-11-12') return { ...base, worked: 360, covered: 120 };
  if (date === '2026-11-13') return { ...base, worked: 0, balance: -480, anomalies: ['missing_exit'] };
  return date >= TODAY ? { ...base, worked: 0 } : base;
}
const days = novemberDays.map(sheet);
const totals = {
  expected: 0,
  worked: 0,
  increase: 0,
  decrease: 0,
  covered: 0,
  balance: -480,
  openDays: 13,
  anomalies: 1,
  byJustification: {},
};
const mario = { id: 'ui-mario', firstName: 'Mario', lastName: 'Rossi' };

const timesheet: TimesheetPage = {
  from: '2026-11-01',
  to: '2026-11-30',
  total: 1,
  page: 1,
  perPage: 25,
  items: [
    {
      userInfo: mario,
      days: days.map((d) => ({
        date: d.date,
        expected: d.expected,
        worked: d.worked,
        justified: d.covered + d.increase - d.decrease,
        balance: d.balance,
        anomalies: d.anomalies.length,
        holiday: false,
        open: d.open,
      })),
      totals,
    },
  ],
} as TimesheetPage;
const attendanceData: AttendanceData = {
  from: '2026-11-01',
  to: '2026-11-30',
  timeZone: 'Europe/Rome',
  today: TODAY,
  users: [{ userInfo: mario, days, totals, punches: [], requests: [] }],
};

/** The query string of every call to a path (the fake API records paths only). */
const queriesOf = (fetchMock: ReturnType<typeof fakeApi>['fetchMock'], path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === `/api/v1${path}`)
    .map((u) => u.searchParams);

/** A response held back until the test lets it go. */
function deferred() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { release, wait: async () => gate };
}

beforeEach(() => {
  // Only Date: the device's clock is in another month than the workspace's today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(DEVICE_NOW);
});
afterEach(() => vi.useRealTimers());

const withPanel = (node: ReactNode) => <RightPanelProvider>{node}</RightPanelProvider>;

/** The admin's reads of the timesheet and the admin calendar: the session, the workspace's today, `sheet`, the data. */
const adminReads = (sheet: TimesheetPage = timesheet) => ({
  ...adminSession,
  'GET /attendance/user-info/current': () => json(200, currentInfo),
  'GET /attendance/attendance-data/timesheet': () => json(200, sheet),
  'GET /attendance/attendance-data': () => json(200, attendanceData),
});

/** The admin calendar at `path`, behind its permission, beside the right panel. */
const renderAdminCalendar = (path: string) =>
  renderRoutes(
    [
      page(
        '/admin/attendance-calendar',
        <RequireAuth permission="attendance:read:any">{withPanel(<AdminCalendarPage />)}</RequireAuth>,
      ),
    ],
    path,
  );

/** The employee's calendar at `path`, behind its permission, beside the right panel. */
const renderMemberCalendar = (path: string) =>
  renderRoutes(
    [
      page(
        '/member/calendar',
        <RequireAuth permission="attendance:read:own">{withPanel(<MemberCalendarPage />)}</RequireAuth>,
      ),
    ],
    path,
  );

describe('timesheet', { timeout: 20_000 }, () => {
  function renderTimesheet() {
    const api = fakeApi(adminReads());
    renderRoutes(
      [
        page(
          '/attendance/attendance-data/timesheet',
          <RequireAuth permission="attendance:read:any">{withPanel(<TimesheetPageScreen />)}</RequireAuth>,
        ),
      ],
      '/attendance/attendance-data/timesheet?metric=justified',
    );
    return api;
  }

  it('shows the workspace month (the server’s today), never the device’s', async () => {
    const { fetchMock } = renderTimesheet();
    expect(await screen.findByTestId('ts-ui-mario-2026-11-12', {}, SLOW)).toHaveTextContent('2:00');
    expect(screen.getByTestId('month-label')).toHaveTextContent('novembre 2026');
    const queries = queriesOf(fetchMock, '/attendance/attendance-data/timesheet');
    expect(queries.map((q) => q.get('from'))).toEqual(['2026-11-01']);
  });

  it('labels each cell with the four figures, shows them in a tooltip and opens the day panel (one request for the page)', async () => {
    const { fetchMock } = renderTimesheet();
    const cell = await screen.findByTestId('ts-ui-mario-2026-11-12', {}, SLOW);
    expect(cell.tagName).toBe('BUTTON');
    expect(cell).toHaveAccessibleName(
      'Rossi Mario, giovedì 12 novembre, previsto 8:00, lavorato 6:00, giustificato 2:00, saldo 0:00',
    );
    expect(screen.getByTestId('ts-ui-mario-2026-11-13')).toHaveAccessibleName(/saldo −8:00, anomalie: 1$/);
    expect(screen.getByTestId(`ts-ui-mario-${TODAY}`)).toHaveAccessibleName(
      /saldo provvisorio 0:00 \(giornata non conclusa\)$/,
    );

    await user.hover(cell);
    const tip = await screen.findByTestId('ts-cell-tooltip');
    for (const text of [
      'Previsto',
      '8:00',
      'Lavorato',
      '6:00',
      'Giustificato',
      '2:00',
      'Saldo',
      'Clicca per la spiegazione del giorno',
    ])
      expect(tip).toHaveTextContent(text);
    // One tooltip for the grid: it describes the cell it shows, and Escape dismisses it (WCAG 1.4.13).
    expect(cell).toHaveAttribute('aria-describedby', tip.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('ts-cell-tooltip')).not.toBeInTheDocument());
    expect(cell).not.toHaveAttribute('aria-describedby');
    await user.unhover(cell);

    // Keyboard: the cell is a button, Enter opens the explanation of that day.
    expect(queriesOf(fetchMock, '/attendance/attendance-data')).toHaveLength(0);
    cell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByTestId('day-panel');
    expect(within(panel).getByTestId('day-panel-person')).toHaveTextContent('Mario Rossi');
    expect(within(panel).getByTestId('figure-expected')).toHaveTextContent('8:00');
    expect(within(panel).getByTestId('figure-worked')).toHaveTextContent('6:00');
    expect(within(panel).getByTestId('figure-covered')).toHaveTextContent('2:00');
    expect(screen.getByRole('heading', { name: 'Giovedì 12 novembre 2026' })).toBeInTheDocument();
    const data = queriesOf(fetchMock, '/attendance/attendance-data');
    expect(data).toHaveLength(1);
    expect(data[0]!.getAll('user_info_ids[]')).toEqual(['ui-mario']);
    expect([data[0]!.get('from'), data[0]!.get('to')]).toEqual(['2026-11-01', '2026-11-30']);

    // Another day of the same page: the panel follows, from the same (cached) day sheets.
    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByTestId('day-panel')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('ts-ui-mario-2026-11-13'));
    expect(await screen.findByTestId('day-anomalies')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Venerdì 13 novembre 2026' })).toBeInTheDocument();
    expect(queriesOf(fetchMock, '/attendance/attendance-data')).toHaveLength(1);
  });
});

describe('calendars: the default month is the workspace’s', { timeout: 20_000 }, () => {
  it('member calendar: waits for the server’s today instead of showing the device’s month', async () => {
    const gate = deferred();
    const { fetchMock } = fakeApi({
      ...memberSession,
      'GET /attendance/user-info/current': async () => {
        await gate.wait();
        return json(200, { ...currentInfo, userInfoId: 'ui-mario' });
      },
      'GET /attendance/attendance-data': () => json(200, attendanceData),
    });
    renderMemberCalendar('/member/calendar');
    expect(await screen.findByTestId('month-calendar-loading', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId('month-label')).not.toBeInTheDocument();
    expect(queriesOf(fetchMock, '/attendance/attendance-data')).toHaveLength(0);

    gate.release();
    await waitFor(() => expect(screen.getByTestId('month-label')).toHaveTextContent('novembre 2026'), SLOW);
    await waitFor(() => expect(queriesOf(fetchMock, '/attendance/attendance-data').length).toBeGreaterThan(0));
    expect(queriesOf(fetchMock, '/attendance/attendance-data').map((q) => q.get('from'))).toEqual(['2026-11-01']);
    expect(screen.queryByTestId('month-today')).not.toBeInTheDocument();
    // Today is not over: its balance is provisional (said so, not coloured as a shortfall); yesterday's is final.
    expect(await screen.findByTestId(`day-${TODAY}`, {}, SLOW)).toHaveAccessibleName(/saldo provvisorio/);
    expect(screen.getByTestId('day-2026-11-17')).not.toHaveAccessibleName(/provvisorio/);
  });

  it('member calendar: a month in the address needs no wait', async () => {
    const { fetchMock } = fakeApi({
      ...memberSession,
      'GET /attendance/user-info/current': () => new Promise<Response>(() => undefined),
      'GET /attendance/attendance-data': () =>
        json(200, { ...attendanceData, from: '2026-10-01', to: '2026-10-31', users: [] }),
    });
    renderMemberCalendar('/member/calendar?month=2026-10');
    expect(await screen.findByTestId('month-label', {}, SLOW)).toHaveTextContent('ottobre 2026');
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/attendance/attendance-data').map((q) => q.get('from'))).toEqual(['2026-10-01']),
    );
  });

  it('admin calendar: the server’s month, and "Oggi" goes back to it', async () => {
    const { fetchMock } = fakeApi(adminReads());
    renderAdminCalendar('/admin/attendance-calendar');
    expect(await screen.findByTestId('cell-ui-mario-2026-11-12', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('month-label')).toHaveTextContent('novembre 2026');
    expect(queriesOf(fetchMock, '/attendance/attendance-data/timesheet').map((q) => q.get('from'))).toEqual([
      '2026-11-01',
    ]);
    await user.click(screen.getByTestId('month-prev'));
    await waitFor(() => expect(screen.getByTestId('month-label')).toHaveTextContent('ottobre 2026'));
    await user.click(screen.getByTestId('month-today'));
    await waitFor(() => expect(screen.getByTestId('month-label')).toHaveTextContent('novembre 2026'));
  });
});

describe('admin calendar: today is not short before its work is done (issue 30 item 17)', { timeout: 20_000 }, () => {
  it('today, 8 h expected and nothing punched yet, is neither tinted red nor written red; a past short day is', async () => {
    // The server's today (open: its balance provisional), as at 7:00 before the working day: the whole day short.
    const early = structuredClone(timesheet);
    const row = early.items[0]!;
    row.days = row.days.map((d) => (d.date === TODAY ? { ...d, worked: 0, balance: -480, open: true } : d));
    fakeApi(adminReads(early));
    renderAdminCalendar('/admin/attendance-calendar');
    const today = await screen.findByTestId(`cell-ui-mario-${TODAY}`, {}, SLOW);
    const red = 'rgb(253, 236, 236)';
    expect(getComputedStyle(today).backgroundColor).not.toBe(red);
    expect(getComputedStyle(today).color).not.toBe('rgb(179, 38, 30)');
    expect(today).toHaveAccessibleName(expect.stringContaining('saldo provvisorio −8:00 (giornata non conclusa)'));
    // The 13th is over and 8 h short: red, as before.
    const past = screen.getByTestId('cell-ui-mario-2026-11-13');
    expect(getComputedStyle(past).backgroundColor).toBe(red);
    expect(past).toHaveAccessibleName(expect.stringContaining('saldo −8:00'));
  });
});

describe('admin calendar: a link naming a day opens it (issue 30 item 17)', { timeout: 20_000 }, () => {
  it('?day=&user= (the pre-check’s "Apri il calendario") opens that person’s day', async () => {
    fakeApi(adminReads());
    renderAdminCalendar('/admin/attendance-calendar?month=2026-11&search=Rossi&day=2026-11-13&user=ui-mario');
    const panel = await screen.findByRole('dialog', {}, SLOW);
    expect(within(panel).getByRole('heading', { name: 'Venerdì 13 novembre 2026' })).toBeInTheDocument();
  });
});

describe('member calendar: a closed month is shown before anyone tries (issue 30)', { timeout: 30_000 }, () => {
  const october = Array.from({ length: 31 }, (_, i) => sheet(`2026-10-${String(i + 1).padStart(2, '0')}`)).map((d) => ({
    ...d,
    open: false,
  }));
  const octoberData: AttendanceData = {
    ...attendanceData,
    from: '2026-10-01',
    to: '2026-10-31',
    users: [{ userInfo: mario, days: october, totals, punches: [], requests: [] }],
  };
  /** A pending request on the first of November: moving it a day back would put it in closed October. */
  const firstOfNovember = absenceRequest({ employee: mario });
  const novemberData: AttendanceData = {
    ...attendanceData,
    users: [{ ...attendanceData.users[0]!, requests: [firstOfNovember] }],
  };
  const render = (path: string) => {
    fakeApi({
      ...memberSession,
      'GET /attendance/user-info/current': () => json(200, { ...currentInfo, userInfoId: 'ui-mario' }),
      'GET /attendance/attendance-data': ({ query }) =>
        json(200, query.get('from') === '2026-10-01' ? octoberData : novemberData),
      'GET /attendance/ajax/closed-months': () => json(200, { months: ['2026-09', '2026-10'] }),
    });
    return renderMemberCalendar(path);
  };

  it('says the month is closed, marks its days and the legend; the day panel offers no change', async () => {
    render('/member/calendar?month=2026-10');
    expect(await screen.findByTestId('month-closed', {}, SLOW)).toHaveTextContent(
      "Il mese di ottobre 2026 è chiuso: presenze e richieste non si possono più modificare. Per una correzione rivolgiti all'amministratore.",
    );
    const day = await screen.findByTestId('day-2026-10-14', {}, SLOW);
    expect(day).toHaveAttribute('data-closed', 'true');
    expect(day).toHaveAccessibleName(/mese chiuso$/);
    expect(within(day).getByTestId('day-closed')).toBeInTheDocument();
    expect(screen.getByTestId('month-calendar')).toHaveAttribute('data-closed', 'true');
    expect(within(screen.getByTestId('calendar-legend')).getByText('Mese chiuso')).toBeInTheDocument();

    await user.click(day);
    const panel = await screen.findByTestId('day-panel', {}, SLOW);
    expect(within(panel).getByTestId('day-panel-closed')).toHaveTextContent(
      'Il mese è chiuso: per questo giorno non puoi più inserire, modificare o ritirare richieste.',
    );
    expect(within(panel).queryByTestId('day-new-request')).not.toBeInTheDocument();
  });

  it('an open month is not marked (the legend still explains the mark), and its days offer a new request', async () => {
    render('/member/calendar?month=2026-11');
    const day = await screen.findByTestId('day-2026-11-12', {}, SLOW);
    // The closed months arrive beside the month's data: give them the time to.
    await waitFor(() => expect(screen.getByTestId('legend-closed')).toBeInTheDocument());
    expect(screen.queryByTestId('month-closed')).not.toBeInTheDocument();
    expect(day).not.toHaveAttribute('data-closed');
    expect(screen.getByTestId('month-calendar')).not.toHaveAttribute('data-closed');
    await user.click(day);
    const panel = await screen.findByTestId('day-panel', {}, SLOW);
    expect(within(panel).getByTestId('day-new-request')).toBeInTheDocument();
    expect(within(panel).queryByTestId('day-panel-closed')).not.toBeInTheDocument();

    // The request of the first cannot move back into October; forward it can.
    await user.click(screen.getByTestId('day-2026-11-01'));
    await waitFor(() => expect(screen.getByTestId('day-request-prev')).toBeDisabled());
    expect(screen.getByTestId('day-request-next')).toBeEnabled();
    expect(screen.getByTestId('day-request-edit')).toBeEnabled();
  });
});
