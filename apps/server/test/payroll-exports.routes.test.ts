import { createHash } from 'node:crypto';
import { monthMsg, type PayrollExport } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { justifications, payrollSettings, userInfos } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { runMonthCloseJob } from '../src/modules/month-logs/month-close.job';
import { expectError, membershipOf, useDemoContext, type DemoContext } from './helpers';

/** Payroll files (issue 12): the preflight, the three profiles from a version, the stored history and the delta file. */

let { ctx, admin, accountant, member: mario, betaAdmin } = {} as DemoContext;
let v1: string;
const log = { info: () => undefined, error: () => undefined };
const today = todayIn('Europe/Rome');
const [y, m] = today.split('-').map(Number) as [number, number];
const lastMonth = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function closeAndRun() {
  const res = await ctx.post('/admin/month-log', { month: lastMonth, force: true }, inDemo(admin));
  expect(res.statusCode, res.body).toBe(200);
  await runMonthCloseJob(ctx.deps, log);
  return res.json().id as string;
}
const exportOf = (id: string, body: object, session = accountant) =>
  ctx.post(`/admin/month-log/${id}/export`, body, inDemo(session));

const { inDemo } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, member: mario, betaAdmin } = d);
  v1 = await closeAndRun();
});

describe('payroll export', () => {
  it('refuses a file with missing codes and lists every problem', async () => {
    expectError(await exportOf(v1, { profile: 'csv' }, mario), 403, 'FORBIDDEN');
    const res = await exportOf(v1, { profile: 'csv' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(monthMsg.exportPreflight);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors[0]).toEqual({ path: 'codes.company', message: monthMsg.companyCodeMissing });
    expect(errors.filter((e) => e.path.startsWith('codes.employee.')).length).toBeGreaterThan(3);
    expect(errors.some((e) => e.message === monthMsg.itemCodeMissingFor(monthMsg.itemWorked))).toBe(true);
    const bad = await exportOf(v1, { profile: 'pdf' });
    expect(bad.statusCode).toBe(400);
  });

  it('renders each profile, stores it with its SHA-256, and gives the same bytes again', async () => {
    const demo = ctx.ws.demo;
    await ctx.db
      .insert(payrollSettings)
      .values({ workspaceId: demo, companyCode: '145', branchCode: '1', workedCode: 'ORD', overtimeCode: 'STR' });
    await ctx.db.execute(
      sql`update ${userInfos} set payroll_code = (100 + floor(random() * 900))::text || substr(id::text, 1, 0) where workspace_id = ${demo}`,
    );
    await ctx.db.execute(
      sql`update ${justifications} set payroll_code = left(regexp_replace(upper(code), '[^A-Z0-9]', '', 'g'), 3) where workspace_id = ${demo}`,
    );
    const files: PayrollExport[] = [];
    for (const profile of ['csv', 'zucchetti', 'inaz']) {
      const res = await exportOf(v1, { profile });
      expect(res.statusCode, res.body).toBe(200);
      files.push(res.json());
    }
    expect(files.map((f) => f.profile)).toEqual(['csv', 'zucchetti', 'inaz']);
    const csv = files[0]!;
    expect(csv).toMatchObject({ versionNumber: 1, baseVersionNumber: null, createdBy: { name: expect.any(String) } });
    expect(csv.rows).toBeGreaterThan(10);
    const dl = await ctx.get(`/admin/payroll-export/${csv.id}/download`, inDemo(admin));
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="presenze-/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(sha(dl.rawPayload)).toBe(csv.sha256);
    expect(dl.rawPayload.length).toBe(csv.size);
    // The same export again (version, profile, bytes) is the file already made: nothing is stored twice (issue 30).
    const again = (await exportOf(v1, { profile: 'csv' })).json() as PayrollExport;
    expect(again).toEqual(csv);
    const history = (await ctx.get(`/admin/month-log/${v1}/exports`, inDemo(accountant))).json() as PayrollExport[];
    expect(history.map((h) => h.id)).toEqual(files.map((f) => f.id).reverse());
    expectError(
      await ctx.get(`/admin/payroll-export/${csv.id}/download`, { session: betaAdmin, workspace: ctx.ws.beta }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses codes longer than the profile takes (INAZ voce: 3 characters)', async () => {
    await ctx.db
      .update(payrollSettings)
      .set({ workedCode: 'ORDI' })
      .where(eq(payrollSettings.workspaceId, ctx.ws.demo));
    const res = await exportOf(v1, { profile: 'inaz' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toContainEqual({
      path: 'codes.item.worked',
      message: monthMsg.itemCodeTooLongFor(monthMsg.itemWorked, 3),
    });
    await ctx.db.update(payrollSettings).set({ workedCode: 'ORD' }).where(eq(payrollSettings.workspaceId, ctx.ws.demo));
  });

  it('a regeneration with no change exports the same bytes; a changes-only file holds just the changed lines', async () => {
    const v2 = await closeAndRun();
    const full1 = (await exportOf(v1, { profile: 'zucchetti' })).json() as PayrollExport;
    const full2 = (await exportOf(v2, { profile: 'zucchetti' })).json() as PayrollExport;
    // The movements carry no version number: an unchanged month exports byte for byte the same file.
    expect(full2.sha256).toBe(full1.sha256);
    const csv1 = (await exportOf(v1, { profile: 'csv' })).json() as PayrollExport;
    const csv2 = (await exportOf(v2, { profile: 'csv' })).json() as PayrollExport;
    expect(csv2.rows).toBe(csv1.rows);
    const none = (await exportOf(v2, { profile: 'csv', changesSince: v1 })).json() as PayrollExport;
    expect(none).toMatchObject({ versionNumber: 2, baseVersionNumber: 1, rows: 0 });

    // The admin files a day of leave on a worked day whose exit is then removed: the next version differs there only.
    const marioId = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
    const day = `${lastMonth}-14`;
    const punches = await ctx.get(`/admin/user/${marioId}/punch`, { ...inDemo(admin), query: { from: day, to: day } });
    const exit = (punches.json() as { id: string; direction: string }[]).find((p) => p.direction === 'out');
    if (exit) await ctx.request('DELETE', `/admin/punch/${exit.id}`, { reason: 'Uscita errata' }, inDemo(admin));
    const v3 = await closeAndRun();
    const delta = (await exportOf(v3, { profile: 'csv', changesSince: v2 })).json() as PayrollExport;
    const diff = (await ctx.get(`/admin/month-log/${v3}/diff`, { ...inDemo(admin), query: { against: v2 } })).json();
    expect(delta.rows).toBe(diff.rows.length);
    expect(delta.fileName).toContain('variazioni');
    const history = (await ctx.get(`/admin/month-log/${v3}/exports`, inDemo(accountant))).json() as PayrollExport[];
    expect(history.find((h) => h.id === delta.id)).toMatchObject({ versionNumber: 3, baseVersionNumber: 2 });
  });
});
