import { expect, it } from 'vitest';
import type { Dashboard } from '@timbro/shared';
import { dashboardRoutes } from '../src/modules/dashboard/dashboard.routes';
import { describeAccessTable, useAccessContext } from './access-table';

/**
 * The dashboard in one call (issue 16): each role receives the widgets it may see and no other (absent, not empty);
 * every count is the total of the list the widget links to, asked through that list's own route.
 */

const t = useAccessContext();
const get = async (who: 'admin' | 'accountant' | 'member') => {
  const res = await t.ctx.get('/dashboard', { session: t.sessions[who], workspace: t.ctx.ws.demo });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Dashboard;
};
const keys = (d: Dashboard) =>
  Object.keys(d)
    .filter((k) => k !== 'today')
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
    ],
    ctx: () => t.ctx,
    sessions: () => t.sessions,
    plugins: [dashboardRoutes],
    routeCount: 1,
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
      const users = await t.ctx.get('/admin/user', { ...opts, query: { enabled: 'true', per_page: '1' } });
      expect(d.activeEmployees!.count).toBe(users.json().total);
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
  },
);
