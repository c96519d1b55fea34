import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishResponse } from '@timbro/shared';
import { buildContract, buildEmployee, type BuiltEmployee } from './factories';
import { createTestContext, type Session, type TestContext } from './helpers';

/**
 * Issue 30, item 17: the planning page's "Bozze nel periodo" and the publication's "Pubblicati N, saltati M" count what
 * the grid shows — one cell per person and shift. Before, a shift of two people on five days showed 5 for 10 cells.
 */

let ctx: TestContext;
let admin: Session;
let elsa: BuiltEmployee;
let franco: BuiltEmployee;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  elsa = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Elsa', lastName: 'Conta' });
  franco = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Franco', lastName: 'Conta' });
  for (const p of [elsa, franco])
    await buildContract(ctx, ctx.ws.demo, p.userInfoId, { type: 'turn_based', startsAt: '2026-01-01' });
});
afterAll(async () => {
  await ctx?.close();
});

const asAdmin = () => ({ session: admin, workspace: ctx.ws.demo });
const FROM = '2027-03-01';
const TO = '2027-03-07';

async function draftsCount() {
  const res = await ctx.get('/admin/work-shift', { ...asAdmin(), query: { from: FROM, to: TO, search: 'Conta' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().drafts as number;
}

describe('counting shifts as the grid shows them', () => {
  it('a shift of two people on five days is 10 drafts, 10 published; a skipped one counts its people', async () => {
    const made = await ctx.post(
      '/admin/work-shift',
      {
        date: '2027-03-01',
        dateTo: '2027-03-05',
        userInfoIds: [elsa.userInfoId, franco.userInfoId],
        startMinutes: 8 * 60,
        endMinutes: 16 * 60,
        pauseMinutes: 30,
      },
      asAdmin(),
    );
    expect(made.statusCode, made.body).toBe(201);
    // Five records (one a day), each with both people: ten cells in the grid.
    expect(made.json().shifts).toHaveLength(5);
    const grid = await ctx.get('/admin/work-shift', { ...asAdmin(), query: { from: FROM, to: TO, search: 'Conta' } });
    const cells = (grid.json().shifts as { userInfoIds?: string[]; assignees?: unknown[] }[]).reduce(
      (n, s) => n + (s.assignees?.length ?? s.userInfoIds?.length ?? 0),
      0,
    );
    expect(cells).toBe(10);
    expect(await draftsCount()).toBe(10);

    // Saturday at midnight for both, after Friday's shift to 16:00: 8 hours of rest, a warning on both days' shifts.
    const early = await ctx.post(
      '/admin/work-shift',
      {
        date: '2027-03-06',
        userInfoIds: [elsa.userInfoId, franco.userInfoId],
        startMinutes: 0,
        endMinutes: 6 * 60,
        pauseMinutes: 0,
      },
      asAdmin(),
    );
    expect(early.statusCode, early.body).toBe(201);
    expect(await draftsCount()).toBe(12);

    const publish = async (overrideNote?: string) => {
      const res = await ctx.post('/admin/work-shift/publish', { from: FROM, to: TO, overrideNote }, asAdmin());
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as PublishResponse;
    };
    const first = await publish();
    // Friday's and Saturday's shifts are skipped (two shifts, two people each): 4 cells; Monday to Thursday: 8.
    expect(first.skipped.map((s) => [s.shift.date, s.people.length])).toEqual([
      ['2027-03-05', 2],
      ['2027-03-06', 2],
    ]);
    expect(first.published).toBe(8);
    expect(first.message).toBe('Pubblicati 8, saltati 4: vedi il motivo di ciascuno');
    expect(await draftsCount()).toBe(4);

    const second = await publish('Inventario: deroga concordata');
    expect(second).toMatchObject({ published: 4, skipped: [], message: 'Pubblicati 4 turni' });
    expect(await draftsCount()).toBe(0);
  });
});
