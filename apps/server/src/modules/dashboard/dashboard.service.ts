import {
  addDays,
  DASHBOARD_LIST_SIZE,
  hasPermission,
  isoWeekday,
  NEXT_HOLIDAYS_MONTHS,
  type Dashboard,
  type Permission,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { todayIn } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import { balancesAt } from '../accruals';
import { listAnnouncements, myAnnouncements } from '../announcements';
import { clockState } from '../attendance';
import { listContracts } from '../contracts';
import { listRequests } from '../attendance';
import { holidaysInRange } from '../holidays';
import { getUser, listUsers } from '../users';
import { myShifts } from '../work-shifts';
import { adminSwaps, mySwaps } from '../work-shifts';
import { publishedRoster } from '../work-shifts';

const page = { page: 1, per_page: DASHBOARD_LIST_SIZE };

/** "Dipendenti attivi": the users list's filters the widget counts (and links to). */
const ACTIVE_EMPLOYEES = { role: 'member', enabled: true, invitation: 'accepted' } as const;

/** The first day of the month `months` after the month of `date`. */
function monthsAfter(date: string, months: number) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-${date.slice(8, 10)}`;
}

/**
 * GET /dashboard: every widget the caller's roles may see, computed side by side, each through the service of the
 * list it links to (the same query, so the dashboard's figure is that list's total). Widgets a role may not see are
 * absent. A fixed number of statements whatever the workspace's size.
 */
export async function dashboard(deps: AppDeps, ctx: RequestCtx): Promise<Dashboard> {
  const can = (p: Permission) => hasPermission(ctx.roles, p);
  const today = todayIn(ctx.timeZone);
  const me = ctx.actor.userInfoId;
  const nextMonday = addDays(today, 8 - isoWeekday(today));
  const nextSunday = addDays(nextMonday, 6);
  const out: Dashboard = { today, timeZone: ctx.timeZone };
  const tasks: Promise<void>[] = [];
  const add = (task: () => Promise<void>) => tasks.push(task());

  if (me)
    add(async () => {
      const [user, clock, shifts] = await Promise.all([
        getUser(deps, ctx, me),
        can('attendance:write:own') ? clockState(deps.db, ctx.scope, ctx.timeZone, me) : Promise.resolve(null),
        can('shift:read:own') ? myShifts(deps, ctx, { from: today, to: today }) : Promise.resolve(null),
      ]);
      out.welcome = {
        firstName: user.firstName,
        todayShifts: (shifts?.shifts ?? []).map(({ swapped: _s, openSwapId: _o, ...ref }) => ref),
        clock: clock && { state: clock.state, since: clock.since },
      };
    });
  if (me && can('attendance:read:own'))
    add(async () => {
      out.myAccruals = await balancesAt(deps.db, ctx.scope, me, today);
    });
  if (can('user:read'))
    add(async () => {
      // Who works for the company: the users list filtered to the employee role, enabled, invitation accepted (no
      // admin or consultant without the employee role, no pending invitation); its total is the count.
      const list = await listUsers(deps, ctx, {
        ...ACTIVE_EMPLOYEES,
        page: 1,
        per_page: 1,
        sort: 'lastName',
        order: 'asc',
      });
      out.activeEmployees = { count: list.total };
    });
  if (can('contract:read'))
    add(async () => {
      const list = await listContracts(deps, ctx, { ...page, filter: 'expiring', sort: 'endsAt', order: 'asc' });
      out.expiringContracts = { total: list.total, items: list.items };
    });
  // The next two months' holidays: this widget's, and next week's for the admin's timeline (one statement for both).
  const holidaysTo = addDays(monthsAfter(today, NEXT_HOLIDAYS_MONTHS), -1);
  const holidays = holidaysInRange(deps, ctx, { from: today, to: holidaysTo }).then((items) =>
    items.map((h) => ({ date: h.date, name: h.name, icon: h.icon ?? null })),
  );
  add(async () => {
    out.nextHolidays = { from: today, to: holidaysTo, items: await holidays };
  });
  if (can('request:approve'))
    add(async () => {
      const list = await listRequests(deps, ctx, { ...page, status: 'open', sort: 'date', order: 'asc' }, null);
      out.pendingRequests = { total: list.total, items: list.items };
    });
  if (can('shift:write'))
    add(async () => {
      const list = await adminSwaps(deps, ctx, { ...page, status: 'waiting_admin' });
      out.swapRequests = { scope: 'admin', total: list.total, items: list.items };
    });
  else if (me && can('shift:read:own'))
    add(async () => {
      const list = await mySwaps(deps, ctx, { ...page, box: 'to_answer' });
      out.swapRequests = { scope: 'member', total: list.total, items: list.items };
    });
  if (me && can('announcement:read:own'))
    add(async () => {
      const list = await myAnnouncements(deps, ctx, page);
      out.latestAnnouncements = { scope: 'member', total: list.total, unread: list.unread, mine: list.items };
    });
  else if (can('announcement:read'))
    add(async () => {
      const list = await listAnnouncements(deps, ctx, { ...page, sort: 'sendAt', order: 'desc' });
      out.latestAnnouncements = { scope: 'admin', total: list.total, unread: null, sent: list.items };
    });
  if (can('shift:write'))
    add(async () => {
      const [roster, soon] = await Promise.all([publishedRoster(deps, ctx, nextMonday, nextSunday), holidays]);
      out.nextWeekShifts = {
        scope: 'admin',
        from: nextMonday,
        to: nextSunday,
        ...roster,
        holidays: soon.filter((h) => h.date >= nextMonday && h.date <= nextSunday),
      };
    });
  else if (me && can('shift:read:own'))
    add(async () => {
      const mine = await myShifts(deps, ctx, { from: nextMonday, to: nextSunday });
      const user = await getUser(deps, ctx, me);
      out.nextWeekShifts = {
        scope: 'member',
        from: nextMonday,
        to: nextSunday,
        people: [{ id: me, firstName: user.firstName, lastName: user.lastName }],
        shifts: mine.shifts.map(({ openSwapId: _o, ...s }) => ({ ...s, userInfoIds: [me] })),
        absences: [],
        holidays: mine.holidays,
      };
    });
  await Promise.all(tasks);
  return out;
}
