import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardMsg, type HoursByGroup, type TimesheetPage } from '@timbro/shared';
import { buildContract, buildEmployee } from './factories';
import { useAccessContext } from './access-table';
import { coldStatements, expectError, fieldErrors, type RequestOptions } from './helpers';

/**
 * The admin's chart (GET /dashboard/hours-by-group): each group's figures are the timesheet totals of its members over
 * the month to date, asked through the timesheet's own route; a fixed number of statements whatever the size of the
 * workspace; the month is validated. The route's access (401, 403 for an employee, the roles it grants) is in the
 * dashboard's access table (dashboard.test.ts).
 */

const t = useAccessContext();
const inDemo = (who: 'admin' | 'accountant' | 'member'): RequestOptions => ({
  session: t.sessions[who],
  workspace: t.ctx.ws.demo,
});

async function chart(query: Record<string, string> = {}, who: 'admin' | 'accountant' = 'admin') {
  const res = await t.ctx.get('/dashboard/hours-by-group', { ...inDemo(who), query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HoursByGroup;
}

type Row = TimesheetPage['items'][number];
async function timesheet(from: string, to: string, groupId?: string): Promise<Row[]> {
  const query: Record<string, string> = { from, to, per_page: '200' };
  if (groupId) query.group_id = groupId;
  const res = await t.ctx.get('/attendance/attendance-data/timesheet', { ...inDemo('admin'), query });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as TimesheetPage;
  expect(page.items.length).toBe(page.total);
  return page.items;
}

/** The chart's figures of some timesheet rows: their totals summed, justified as the timesheet counts it per day. */
const sumOf = (rows: Row[]) => ({
  people: rows.length,
  expected: rows.reduce((s, r) => s + r.totals.expected, 0),
  worked: rows.reduce((s, r) => s + r.totals.worked, 0),
  justified: rows.reduce((s, r) => s + r.totals.covered + r.totals.increase - r.totals.decrease, 0),
});

const monthAfter = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) + n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
};

async function createGroup(name: string, members: string[], opts = inDemo('admin')) {
  const res = await t.ctx.post('/admin/group', { name, members }, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

let current: HoursByGroup;
let people: Row[];
const groupIds: Record<string, string> = {};

beforeAll(async () => {
  current = await chart();
  people = await timesheet(current.from, current.to);
  expect(people.length).toBeGreaterThan(4);
  const [a, b, c, d] = people.map((r) => r.userInfo.id) as [string, string, string, string];
  // "Vendite" and "Magazzino" share one person; "Vuoto" has nobody; the others of the workspace are in no group.
  groupIds.vendite = await createGroup('Vendite', [a, b]);
  groupIds.magazzino = await createGroup('Magazzino', [b, c, d]);
  groupIds.vuoto = await createGroup('Vuoto', []);
  // Another company's group is never counted.
  await createGroup('Amministrazione', [], { session: t.betaAdmin, workspace: t.ctx.ws.beta });
});

describe('GET /dashboard/hours-by-group', () => {
  it('defaults to the current month to date, in the workspace’s time zone', async () => {
    expect(current.from).toBe(`${current.month}-01`);
    expect(current.to.slice(0, 7)).toBe(current.month);
    const d = await chart({ month: current.month });
    expect(d).toMatchObject({ month: current.month, from: current.from, to: current.to });
  });

  it.each([
    ['the previous month (whole)', -1],
    ['the current month to date', 0],
  ])('%s: each group is the sum of its members’ timesheet totals over the same range', async (_name, offset) => {
    const month = monthAfter(current.month, offset);
    const d = await chart({ month });
    if (offset < 0) expect(d.to.slice(0, 7)).toBe(month);
    expect(d.from).toBe(`${month}-01`);
    expect(d.groups.map((g) => g.name)).toEqual(['Magazzino', 'Vendite', 'Vuoto']);
    for (const g of d.groups) {
      const rows = await timesheet(d.from, d.to, g.id);
      expect(g, g.name).toEqual({ id: g.id, name: g.name, ...sumOf(rows) });
    }
    expect(d.groups.find((g) => g.name === 'Vuoto')).toMatchObject({ people: 0, expected: 0, worked: 0, justified: 0 });

    // Everyone once in the total; those of neither group apart. The figures are real ones (demo punches and contracts).
    const all = await timesheet(d.from, d.to);
    expect(d.total).toEqual(sumOf(all));
    expect(d.total.expected).toBeGreaterThan(0);
    // Worked time is there once a whole day has passed (on the first of the month, today's entries are still open).
    if (offset < 0 || d.to > d.from) expect(d.total.worked).toBeGreaterThan(0);
    const grouped = new Set(
      (await Promise.all([timesheet(d.from, d.to, groupIds.vendite), timesheet(d.from, d.to, groupIds.magazzino)]))
        .flat()
        .map((r) => r.userInfo.id),
    );
    expect(grouped.size).toBe(4);
    expect(d.noGroup).toEqual(sumOf(all.filter((r) => !grouped.has(r.userInfo.id))));
    // The shared person counts in both groups, so the groups add up to more than the grouped people.
    const [magazzino, vendite] = d.groups;
    expect(magazzino!.people + vendite!.people).toBe(5);
    expect(d.noGroup.people + grouped.size).toBe(d.total.people);
  });

  it('the labour consultant reads the same figures as the admin', async () => {
    expect(await chart({ month: current.month }, 'accountant')).toEqual(await chart({ month: current.month }));
  });

  it('runs a fixed number of statements, whatever the number of people and groups', async () => {
    const count = async () => (await coldStatements(t.ctx, () => chart({ month: monthAfter(current.month, -1) }))).n;
    const before = await count();
    // Six more employees with a contract, two more groups.
    const added: string[] = [];
    for (let i = 0; i < 6; i++) {
      const e = await buildEmployee(t.ctx, t.ctx.ws.demo);
      await buildContract(t.ctx, t.ctx.ws.demo, e.userInfoId);
      added.push(e.userInfoId);
    }
    await createGroup('Logistica', added.slice(0, 4));
    await createGroup('Produzione', added.slice(2));
    const after = await count();
    expect(after).toBe(before);
    // The session and its memberships, the groups, their memberships, the timesheet's people and the engine's inputs
    // (contracts, their slots, their published shifts, holidays, punches, requests).
    expect(before).toBe(11);
    const d = await chart({ month: monthAfter(current.month, -1) });
    expect(d.groups.map((g) => g.name)).toEqual(['Logistica', 'Magazzino', 'Produzione', 'Vendite', 'Vuoto']);
    expect(d.groups.find((g) => g.name === 'Logistica')!.people).toBe(4);
  });

  it.each([['2026-13'], ['2026-1'], ['abc'], ['1969-12']])(
    'refuses the month %s with an Italian message',
    async (m) => {
      const res = await t.ctx.get('/dashboard/hours-by-group', { ...inDemo('admin'), query: { month: m } });
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res).month).toBe('Indica un mese valido (AAAA-MM)');
    },
  );

  it('refuses a month that has not begun yet', async () => {
    const res = await t.ctx.get('/dashboard/hours-by-group', {
      ...inDemo('admin'),
      query: { month: monthAfter(current.month, 1) },
    });
    expect(expectError(res, 400, 'VALIDATION_FAILED').message).toBe(dashboardMsg.monthInFuture);
    expect(fieldErrors(res).month).toBe(dashboardMsg.monthInFuture);
  });

  it('an employee is refused', async () => {
    expectError(await t.ctx.get('/dashboard/hours-by-group', inDemo('member')), 403, 'FORBIDDEN');
  });
});
