import { expect, it } from 'vitest';
import { localToUtc, type Dashboard } from '@timbro/shared';
import { workShiftAssignees, workShifts } from '../src/db/schema';
import { insertInScope, workspaceScope } from '../src/db/scope';
import { dashboardRoutes } from '../src/modules/dashboard/dashboard.routes';
import { publishedRoster } from '../src/modules/work-shifts';
import { describeAccessTable, useAccessContext } from './access-table';
import { buildEmployee, buildRequest } from './factories';

/**
 * The dashboard in one call (issue 16): each role receives the widgets it may see and no other (absent, not empty);
 * every count is the total of the list the widget links to, asked through that list's own route. The module's access
 * table also holds the admin's hours chart (its figures: dashboard-chart.test.ts).
 */

const t = useAccessContext();
const get = async (who: 'admin' | 'accountant' | 'member') => {
  const res = await t.ctx.get('/dashboard', { session: t.sessions[who], workspace: t.ctx.ws.demo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
};
/** The widgets of an answer (`today` and `timeZone` always come). */
const keys = (d: Dashboard) =>
  Object.keys(d)
    .filter((k) => k !== 'today' && k !== 'timeZone')
    .sort();

describeAccessTable(
  {
    module: 'dashboard',
    routes: [
      {
        route: 'GET /dashboard',
        grants: ['admin', 'accountant', 'member'],
        call: () => ({ url: '/dashboard' }),
        probeStatus: 200,
      },
      {
        route: 'GET /dashboard/hours-by-group',
        grants: ['admin', 'accountant'],
        call: () => ({ url: '/dashboard/hours-by-group' }),
        probe: () => ({ url: '/dashboard/hours-by-group', query: { month: '2026-13' } }),
        probeStatus: 400,
      },
    ],
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [dashboardRoutes],
    routeCount: 2,
  },
  () => {
    it('an employee gets their own widgets and never an admin’s data', async () => {
      const d = await get('member');
      expect(keys(d)).toEqual(
        ['latestAnnouncements', 'myAccruals', 'nextHolidays', 'nextWeekShifts', 'swapRequests', 'welcome'].sort(),
      );
      expect(d.welcome).toMatchObject({ firstName: 'Mario' });
      expect(d.welcome!.clock).not.toBeNull();
      expect(d.swapRequests!.scope).toBe('member');
      expect(d.latestAnnouncements!.scope).toBe('member');
      expect(d.latestAnnouncements!.sent).toBeUndefined();
      // Next week's demo shifts: Mario's own only.
      expect(d.nextWeekShifts!.scope).toBe('member');
      expect(d.nextWeekShifts!.shifts.length).toBe(5);
      expect(d.nextWeekShifts!.people.map((p) => p.firstName)).toEqual(['Mario']);
      expect(
        d.nextWeekShifts!.shifts.every((s) => s.date >= d.nextWeekShifts!.from && s.date <= d.nextWeekShifts!.to),
      ).toBe(true);
    });

    it('the admin’s counts are the totals of the lists they link to', async () => {
      const d = await get('admin');
      expect(keys(d)).toEqual(
        [
          'activeEmployees',
          'expiringContracts',
          'latestAnnouncements',
          'nextHolidays',
          'nextWeekShifts',
          'pendingRequests',
          'swapRequests',
          'welcome',
        ].sort(),
      );
      const opts = { session: t.sessions.admin, workspace: t.ctx.ws.demo };
      // The widget links to the employees list with the employee role, enabled, invitation accepted.
      const users = await t.ctx.get('/admin/user', {
        ...opts,
        query: { role: 'member', enabled: 'true', invitation: 'accepted', per_page: '1' },
      });
      expect(d.activeEmployees!.count).toBe(users.json().total);
      expect(d.activeEmployees!.count).toBeGreaterThan(3);
      const open = await t.ctx.get('/admin/justification-request', {
        ...opts,
        query: { status: 'open', per_page: '1' },
      });
      expect(d.pendingRequests!.total).toBe(open.json().total);
      expect(d.pendingRequests!.total).toBeGreaterThan(0);
      expect(d.pendingRequests!.items.length).toBe(Math.min(5, d.pendingRequests!.total));
      const swaps = await t.ctx.get('/admin/shift-swap', opts);
      expect(d.swapRequests).toMatchObject({ scope: 'admin', total: swaps.json().total });
      const sent = await t.ctx.get('/admin/announcement', { ...opts, query: { per_page: '1' } });
      expect(d.latestAnnouncements).toMatchObject({ scope: 'admin', total: sent.json().total, unread: null });
      expect(d.nextWeekShifts!.scope).toBe('admin');
      expect(d.nextWeekShifts!.people.length).toBeGreaterThanOrEqual(4);
      expect(d.welcome!.clock).toBeNull();
      const ending = await t.ctx.get('/admin/contract', { ...opts, query: { filter: 'expiring', per_page: '1' } });
      expect(d.expiringContracts!.total).toBe(ending.json().total);
    });

    it('"Dipendenti attivi" counts who works for the company: no admin, consultant, pending invitation or disabled person (issue 30 item 12)', async () => {
      const before = (await get('admin')).activeEmployees!.count;
      await buildEmployee(t.ctx, t.ctx.ws.demo, { roles: ['admin'] });
      await buildEmployee(t.ctx, t.ctx.ws.demo, { roles: ['accountant'] });
      await buildEmployee(t.ctx, t.ctx.ws.demo, { invitationStatus: 'pending' });
      await buildEmployee(t.ctx, t.ctx.ws.demo, { enabled: false });
      await buildEmployee(t.ctx, t.ctx.ws.demo, { roles: ['admin', 'accountant'], invitationStatus: 'pending' });
      expect((await get('admin')).activeEmployees!.count).toBe(before);
      expect((await get('accountant')).activeEmployees!.count).toBe(before);
      // An employee who accepted counts, and so does an admin who also has the employee role.
      await buildEmployee(t.ctx, t.ctx.ws.demo);
      await buildEmployee(t.ctx, t.ctx.ws.demo, { roles: ['admin', 'member'] });
      const d = await get('admin');
      expect(d.activeEmployees!.count).toBe(before + 2);
      // The operator's company list counts the same people (platform module, ADR 0023).
      const operator = await t.ctx.login('operator@demo.timbro.it');
      const companies = await t.ctx.get('/platform/workspace', { session: operator, query: { per_page: '100' } });
      expect(companies.statusCode, companies.body).toBe(200);
      const demo = (companies.json().items as { id: string; employeesCount: number }[]).find(
        (w) => w.id === t.ctx.ws.demo,
      );
      expect(demo?.employeesCount).toBe(d.activeEmployees!.count);
    });

    it('expiring contracts: one followed by a new contract is left out; a fixed-term one shows its extensions and months', async () => {
      const opts = { session: t.sessions.admin, workspace: t.ctx.ws.demo };
      const before = (await get('admin')).expiringContracts!;
      expect(before.total).toBeGreaterThan(0);
      const first = before.items[0]!;
      expect(first.fixedTerm).toMatchObject({ extensionsMax: 4, monthsMax: 24 });
      expect(first.fixedTerm!.monthsUsed).toBeGreaterThan(0);
      // A new fixed-term contract right after it: the old one is followed (no longer expiring), the person has one
      // more extension and more months.
      const day = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
      const created = await t.ctx.post(
        `/admin/user/${first.userInfoId}/contract`,
        {
          type: 'fixed',
          workerType: 'employee',
          startsAt: day(first.endsAt!, 1),
          endsAt: day(first.endsAt!, 180),
          permanent: false,
          timeSlots: [{ weekday: 1, startsAtMinutes: 540, endsAtMinutes: 780 }],
          justificationAccruals: [],
        },
        opts,
      );
      expect(created.statusCode, created.body).toBe(200);
      const after = (await get('admin')).expiringContracts!;
      expect(after.total).toBe(before.total - 1);
      expect(after.items.map((c) => c.id)).not.toContain(first.id);
      expect(created.json().fixedTerm).toMatchObject({ extensions: first.fixedTerm!.extensions + 1 });
      expect(created.json().fixedTerm.monthsUsed).toBeGreaterThan(first.fixedTerm!.monthsUsed + 5);
    });

    it('the consultant sees the employee count and the holidays, nothing of requests, shifts or announcements', async () => {
      const d = await get('accountant');
      expect(keys(d)).toEqual(['activeEmployees', 'expiringContracts', 'nextHolidays', 'welcome']);
      expect(d.pendingRequests).toBeUndefined();
      expect(d.swapRequests).toBeUndefined();
      expect(d.nextWeekShifts).toBeUndefined();
      expect(d.latestAnnouncements).toBeUndefined();
      expect(d.myAccruals).toBeUndefined();
    });

    it('next holidays: those of the next two months, in date order', async () => {
      const d = await get('member');
      const { from, to, items } = d.nextHolidays!;
      expect(from).toBe(d.today);
      expect(items.every((h) => h.date >= from && h.date <= to)).toBe(true);
      expect(items.map((h) => h.date)).toEqual([...items.map((h) => h.date)].sort());
    });

    it('the admin’s next-week timeline is the shift module’s published roster of that week, with its holidays', async () => {
      const demo = t.ctx.ws.demo;
      const before = (await get('admin')).nextWeekShifts!;
      const [first, second] = before.people;
      // Approved absences of people on the roster count (a whole day, a few hours); an open one and those of someone
      // with no shift next week do not.
      await buildRequest(t.ctx, demo, first!.id, { date: before.from, status: 'approved' });
      await buildRequest(t.ctx, demo, second!.id, {
        date: before.to,
        status: 'approved',
        code: 'ROL',
        startsAtMinutes: 540,
        endsAtMinutes: 660,
      });
      await buildRequest(t.ctx, demo, second!.id, { date: before.from, status: 'open' });
      const outsider = await buildEmployee(t.ctx, demo);
      await buildRequest(t.ctx, demo, outsider.userInfoId, { date: before.from, status: 'approved' });
      // A published shift of two people (listed in name order) and one of nobody; a draft one is not on the timeline.
      const demoScope = workspaceScope(demo);
      const shift = (startMinutes: number, published: boolean) => ({
        date: before.to,
        startMinutes,
        endMinutes: startMinutes + 240,
        pauseMinutes: 0,
        startsAt: new Date(localToUtc(before.to, startMinutes, 'Europe/Rome')),
        endsAt: new Date(localToUtc(before.to, startMinutes + 240, 'Europe/Rome')),
        workMinutes: 240,
        label: 'Inventario',
        color: '#336699',
        publishedAt: published ? new Date() : null,
      });
      const added = await insertInScope(t.ctx.db, demoScope, workShifts, [
        shift(480, true),
        shift(600, true),
        shift(720, false),
      ]).returning({ id: workShifts.id });
      await insertInScope(t.ctx.db, demoScope, workShiftAssignees, [
        { shiftId: added[0]!.id, userInfoId: second!.id },
        { shiftId: added[0]!.id, userInfoId: first!.id },
        { shiftId: added[2]!.id, userInfoId: outsider.userInfoId },
      ]);

      const after = await get('admin');
      const { scope, from, to, ...timeline } = after.nextWeekShifts!;
      // The week's holidays are those of the next-holidays widget that fall in it.
      expect(timeline.holidays).toEqual(after.nextHolidays!.items.filter((h) => h.date >= from && h.date <= to));
      expect(scope).toBe('admin');
      const roster = await publishedRoster(t.ctx.deps, { scope: demoScope }, from, to);
      expect(timeline).toEqual({ ...roster, holidays: timeline.holidays });
      expect(timeline.absences.map((a) => [a.userInfoId, a.date, a.wholeDay])).toEqual([
        [first!.id, from, true],
        [second!.id, to, false],
      ]);
      expect(timeline.shifts.length).toBeGreaterThan(4);
      const byId = new Map(timeline.shifts.map((x) => [x.id, x]));
      expect(byId.get(added[0]!.id)!.userInfoIds).toEqual([first!.id, second!.id]);
      expect(byId.get(added[1]!.id)).toMatchObject({ userInfoIds: [], label: 'Inventario', color: '#336699' });
      expect(byId.has(added[2]!.id)).toBe(false);
      expect(timeline.people.map((p) => p.id)).not.toContain(outsider.userInfoId);
    });
  },
);
