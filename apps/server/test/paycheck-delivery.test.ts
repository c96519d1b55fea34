import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paychecks } from '../src/db/schema';
import { readPageTexts } from '../src/modules/paychecks/import/pdf-pages';
import { runPaycheckReminders } from '../src/modules/paychecks/delivery.service';
import { buildEmployee, type BuiltEmployee } from './factories';
import { createTestContext, expectError, fieldErrors, membershipOf, type Session, type TestContext } from './helpers';
import { publishPaycheck } from './paycheck-forms';

/**
 * Proof of delivery (ADR 0019): per month, published, first opened by the employee, number of their opens (an
 * admin's download never counts), exported as CSV and PDF; a slip unopened 7 days after publication gets exactly one
 * reminder (simulated clock).
 */

let ctx: TestContext;
let admin: Session;
let member: Session;
let mario: string;
let anna: BuiltEmployee;
let bruno: BuiltEmployee;
const slips: Record<string, string> = {};
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  member = await ctx.login('mario.rossi@demo.timbro.it');
  mario = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
  anna = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Anna', lastName: 'Verdi' });
  bruno = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Bruno', lastName: 'Neri' });
  const fields = { year: 2026, month: 9, netAmount: '1.000,00' };
  for (const [name, id] of [
    ['mario', mario],
    ['anna', anna.userInfoId],
    ['bruno', bruno.userInfoId],
  ] as const)
    slips[name] = await publishPaycheck(ctx, admin, ctx.ws.demo, id, fields);
  // Mario opens his twice; the admin opens Anna's (not hers: it does not count as delivered).
  for (let i = 0; i < 2; i++)
    expect(
      (await ctx.get(`/member/paycheck/${slips.mario}/attachment`, { session: member, workspace: ctx.ws.demo }))
        .statusCode,
    ).toBe(200);
  expect(
    (await ctx.get(`/admin/paycheck/${slips.anna}/attachment`, { session: admin, workspace: ctx.ws.demo })).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

const inDemo = { session: () => admin };
const get = (url: string, query: Record<string, string>) =>
  ctx.get(url, { session: inDemo.session(), workspace: ctx.ws.demo, query });

describe('GET /admin/paycheck/delivery', () => {
  it('counts the month: published, opened by the employee, unopened, their opens', async () => {
    const res = await get('/admin/paycheck/delivery', { year: '2026', month: '9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      year: 2026,
      month: 9,
      published: 3,
      opened: 1,
      unopened: 2,
      overdue: 0,
      reminded: 0,
      opens: 2,
    });
    expect((await get('/admin/paycheck/delivery', { year: '2026', month: '8' })).json()).toMatchObject({
      published: 0,
      opens: 0,
    });
    const bad = await get('/admin/paycheck/delivery', { year: '2026', month: '0' });
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad).month).toBe('Il mese deve essere compreso tra 1 e 12');
  });

  it('exports the report as CSV (Excel-ready) and PDF for the consultant', async () => {
    const csv = await get('/admin/paycheck/delivery/export', { year: '2026', month: '9', format: 'csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('Consegna%20cedolini%202026-09.csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Cognome;Nome;Codice fiscale;Descrizione;Pubblicato il;Prima apertura;Aperture;Promemoria inviato il;Stato',
    );
    expect(lines).toHaveLength(4);
    const rossi = lines.find((l) => l.startsWith('Rossi;Mario;'))!.split(';');
    expect(rossi[5]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(rossi.slice(6)).toEqual(['2', '', 'Aperto']);
    expect(
      lines
        .find((l) => l.startsWith('Verdi;Anna;'))!
        .split(';')
        .slice(5),
    ).toEqual(['', '0', '', 'Non ancora aperto']);

    const pdf = await get('/admin/paycheck/delivery/export', { year: '2026', month: '9', format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pages = await readPageTexts(pdf.rawPayload);
    expect(pages.join(' ')).toContain('consegna dei cedolini di settembre 2026');
    expect(pages.join(' ')).toContain('Rossi Mario');
    expect(pages.join(' ')).toContain('Pubblicati 3 · aperti 1 · non aperti 2');
  });
});

describe('the one reminder of an unopened slip', () => {
  it('goes once, 7 days after publication, only to whoever has not opened theirs', async () => {
    const now = Date.now();
    expect(await runPaycheckReminders(ctx.deps, undefined, new Date(now + 6 * DAY))).toBe(0);
    expect(await runPaycheckReminders(ctx.deps, undefined, new Date(now + 8 * DAY))).toBe(2);
    expect(await runPaycheckReminders(ctx.deps, undefined, new Date(now + 8 * DAY))).toBe(0);
    expect(await runPaycheckReminders(ctx.deps, undefined, new Date(now + 20 * DAY))).toBe(0);
    for (const email of [anna.email, bruno.email]) {
      const reminders = (await ctx.outbox(email)).filter((m) => m.template === 'paycheck-reminder');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.subject).toBe('Promemoria: il tuo cedolino di settembre 2026 ti aspetta');
    }
    expect(
      (await ctx.outbox('mario.rossi@demo.timbro.it')).filter((m) => m.template === 'paycheck-reminder'),
    ).toHaveLength(0);
    expect((await get('/admin/paycheck/delivery', { year: '2026', month: '9' })).json()).toMatchObject({ reminded: 2 });
  });

  it('a slip published before the last 30 days gets none (it was there before reminders were)', async () => {
    const old = await publishPaycheck(ctx, admin, ctx.ws.demo, anna.userInfoId, {
      year: 2025,
      month: 1,
      netAmount: '1',
    });
    await ctx.db
      .update(paychecks)
      .set({ createdAt: new Date(Date.now() - 40 * DAY) })
      .where(eq(paychecks.id, old));
    expect(await runPaycheckReminders(ctx.deps)).toBe(0);
  });
});
