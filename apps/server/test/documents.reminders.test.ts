import { addDays } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentReminders, mailOutbox } from '../src/db/schema';
import { todayIn } from '../src/lib/time';
import { runDocumentReminders } from '../src/modules/documents/document-reminders.job';
import { buildEmployee } from './factories';
import { createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';
import { pdf } from './upload-corpus';

/**
 * Documents' expiry reminders (ADR 0019): derived from the expiry and the offsets, sent by the job exactly once per
 * document and offset to the employee and the admins, and caught up after days the job did not run (simulated clock).
 */

let ctx: TestContext;
let admin: Session;
let today: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  today = todayIn('Europe/Rome');
});
afterAll(async () => {
  await ctx?.close();
});

async function createDocument(userInfoId: string, label: string, expiresAt: string | null) {
  const form = new FormData();
  form.append('label', label);
  if (expiresAt) form.append('expiresAt', expiresAt);
  form.append('file', new Blob([pdf([[label]])]), `${label}.pdf`);
  const res = await ctx.request('POST', `/admin/user/${userInfoId}/document`, form, {
    session: admin,
    workspace: ctx.ws.demo,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

const rowsOf = (documentId: string) =>
  ctx.db
    .select()
    .from(documentReminders)
    .where(eq(documentReminders.documentId, documentId))
    .orderBy(sql`${documentReminders.offsetDays} desc`);

const mailsTo = async (email: string) =>
  (
    await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.template, 'document-expiry')))
  ).length;

describe('expiry reminders', () => {
  it('over 90 simulated days with the job down on 3 of them, each (document, offset) goes exactly once, on its day or the next run', async () => {
    const employee = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Ada', lastName: 'Scadenze' });
    const docs = [
      { label: 'Visita medica', days: 10 },
      { label: 'Patente', days: 35 },
      { label: 'Corso sicurezza', days: 60 },
      { label: 'Permesso di soggiorno', days: 89 },
    ];
    const ids = [];
    for (const d of docs) ids.push(await createDocument(employee.userInfoId, d.label, addDays(today, d.days)));
    const noExpiry = await createDocument(employee.userInfoId, 'Contratto', null);

    // Derived at creation: offsets 30, 7 and 0, only those still to come (the 10-day document has no 30-day reminder).
    const due = new Map<string, string>();
    for (const [n, d] of docs.entries()) {
      const rows = await rowsOf(ids[n]!);
      expect(rows.map((r) => r.offsetDays)).toEqual([30, 7, 0].filter((o) => d.days - o >= 0));
      for (const r of rows) {
        expect(r.dueOn).toBe(addDays(today, d.days - r.offsetDays));
        expect(r.sentAt).toBeNull();
        due.set(`${ids[n]}:${r.offsetDays}`, r.dueOn);
      }
    }
    expect(await rowsOf(noExpiry)).toEqual([]);
    expect(due.size).toBe(11);

    // Down on three days that each have a reminder due (the 7-day one of the 10-day document, a 30-day, a 0-day).
    const down = new Set([addDays(today, 3), addDays(today, 30), addDays(today, 60)]);
    const admins = await ctx.db.execute(
      sql`select u.email from user_infos ui join users u on u.id = ui.user_id
          where ui.workspace_id = ${ctx.ws.demo} and ui.is_admin and ui.enabled and u.enabled`,
    );
    const adminEmails = (admins as unknown as { rows: { email: string }[] }).rows.map((r) => r.email);
    expect(adminEmails.length).toBeGreaterThan(0);
    const before = new Map(await Promise.all(adminEmails.map(async (e) => [e, await mailsTo(e)] as const)));

    let total = 0;
    for (let d = 0; d <= 90; d++) {
      const day = addDays(today, d);
      if (down.has(day)) continue;
      // 09:00 in Rome, whatever the season.
      total += await runDocumentReminders(ctx.deps, undefined, new Date(`${day}T08:00:00Z`));
    }
    expect(total).toBe(11);

    for (const [key, dueOn] of due) {
      const [documentId, offset] = key.split(':');
      const [row] = await ctx.db
        .select()
        .from(documentReminders)
        .where(and(eq(documentReminders.documentId, documentId!), eq(documentReminders.offsetDays, Number(offset))));
      const sentOn = row!.sentAt!.toISOString().slice(0, 10);
      // Its own day, or the day after when the job was down that day.
      expect(sentOn, key).toBe(down.has(dueOn) ? addDays(dueOn, 1) : dueOn);
    }
    expect(await mailsTo(employee.email)).toBe(11);
    for (const e of adminEmails) expect(await mailsTo(e), e).toBe(before.get(e)! + 11);

    // Running again sends nothing more.
    expect(await runDocumentReminders(ctx.deps, undefined, new Date(`${addDays(today, 120)}T08:00:00Z`))).toBe(0);
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, employee.email), eq(mailOutbox.template, 'document-expiry')))
      .limit(1);
    expect(mail!.subject).toMatch(/^Il tuo documento «.+» sta per scadere$/);
  });

  it('a renewed expiry is reminded again from scratch; new offsets redo only what was not sent', async () => {
    const employee = await buildEmployee(ctx, ctx.ws.demo);
    const id = await createDocument(employee.userInfoId, 'Certificato', addDays(today, 40));
    expect(await runDocumentReminders(ctx.deps, undefined, new Date(`${addDays(today, 10)}T08:00:00Z`))).toBe(1);
    expect((await rowsOf(id)).map((r) => [r.offsetDays, r.sentAt !== null])).toEqual([
      [30, true],
      [7, false],
      [0, false],
    ]);

    const settings = await ctx.post(
      '/admin/document/settings',
      { reminderDays: [0, 14, 30] },
      { session: admin, workspace: ctx.ws.demo },
    );
    expect(settings.json()).toEqual({ reminderDays: [30, 14, 0] });
    expect((await rowsOf(id)).map((r) => [r.offsetDays, r.sentAt !== null])).toEqual([
      [30, true],
      [14, false],
      [0, false],
    ]);

    const form = new FormData();
    form.append('label', 'Certificato');
    form.append('expiresAt', addDays(today, 400));
    const renewed = await ctx.request('POST', `/admin/document/${id}`, form, {
      session: admin,
      workspace: ctx.ws.demo,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await rowsOf(id)).map((r) => [r.offsetDays, r.dueOn, r.sentAt])).toEqual([
      [30, addDays(today, 370), null],
      [14, addDays(today, 386), null],
      [0, addDays(today, 400), null],
    ]);

    for (const bad of [[-1], [366], [1, 1], [1, 2, 3, 4, 5, 6], [1.5]]) {
      const res = await ctx.post(
        '/admin/document/settings',
        { reminderDays: bad },
        { session: admin, workspace: ctx.ws.demo },
      );
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(Object.values(fieldErrors(res))).toContain(
        'Indica fino a 5 anticipi diversi, ciascuno tra 0 e 365 giorni',
      );
    }
    expect((await ctx.get('/admin/document/settings', { session: admin, workspace: ctx.ws.demo })).json()).toEqual({
      reminderDays: [30, 14, 0],
    });
    await ctx.post(
      '/admin/document/settings',
      { reminderDays: [30, 7, 0] },
      { session: admin, workspace: ctx.ws.demo },
    );
  });
});
