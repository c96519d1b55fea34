import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { announcements, documentReminders, monthLogs, notifications, workspaces } from '../src/db/schema';
import { insertInScope, workspaceScope } from '../src/db/scope';
import { todayIn } from '../src/lib/time';
import { runAnnouncementJob } from '../src/modules/announcements/announcements.job';
import { runDocumentReminders } from '../src/modules/documents/document-reminders.job';
import { runMonthCloseJob } from '../src/modules/month-logs/month-close.job';
import { runNotificationDigest } from '../src/modules/notifications/digest.job';
import { notify } from '../src/modules/notifications/notify';
import { runPaycheckReminders } from '../src/modules/paychecks/delivery.service';
import { ensureAllWorkspaceDefaults } from '../src/modules/platform/workspace-defaults';
import { createAnnouncement } from './announcement-forms';
import { buildEmployee, type BuiltEmployee } from './factories';
import { createTestContext, type Session, type TestContext } from './helpers';
import { publishPaycheck } from './paycheck-forms';
import { pdf } from './upload-corpus';

/**
 * A disabled workspace's background work (ADR 0023): the jobs that serve every company leave it alone — no digest,
 * reminder, announcement, closing or accrual, and nobody of it is told anything — while the other company's goes on
 * as usual; once it is enabled again, what waited is done at the next run. Beta is disabled, Demo is the witness.
 */

let ctx: TestContext;
let operator: Session;
let admin: Session;
let betaAdmin: Session;
let demoPerson: BuiltEmployee;
let betaPerson: BuiltEmployee;
const log = { info: () => undefined, error: () => undefined };
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.login('operator@demo.timbro.it');
  admin = await ctx.login('admin@demo.timbro.it');
  betaAdmin = await ctx.login('admin@beta.timbro.it');
  demoPerson = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Dario', lastName: 'Attivo' });
  betaPerson = await buildEmployee(ctx, ctx.ws.beta, { firstName: 'Bruna', lastName: 'Spenta' });
});
afterAll(async () => {
  await ctx?.close();
});
// Each test leaves Beta enabled, even one that failed half-way.
afterEach(async () => {
  await ctx.db.update(workspaces).set({ disabledAt: null }).where(eq(workspaces.id, ctx.ws.beta));
});

async function setBeta(state: 'disable' | 'enable') {
  const res = await ctx.post(`/platform/workspace/${ctx.ws.beta}/${state}`, {}, { session: operator });
  expect(res.statusCode, res.body).toBe(200);
}
const mailsTo = async (email: string, template: string) =>
  (await ctx.outbox(email)).filter((m) => m.template === template).length;

describe('jobs and a disabled workspace', () => {
  it('the daily digest skips it, its items wait unsent, and go in the first digest after it is enabled', async () => {
    const item = (p: BuiltEmployee, workspaceId: string) =>
      insertInScope(ctx.db, workspaceScope(workspaceId), notifications, {
        userInfoId: p.userInfoId,
        type: 'announcement.published',
        category: 'announcements',
        title: 'Chiusura estiva',
        link: '/member/announcement',
        web: true,
        app: true,
        email: 'digest',
      }).returning({ id: notifications.id });
    await item(demoPerson, ctx.ws.demo);
    const [waiting] = await item(betaPerson, ctx.ws.beta);
    await setBeta('disable');
    const later = () => new Date(Date.now() + 10 * 60_000);

    expect(await runNotificationDigest(ctx.deps, undefined, later())).toBe(1);
    expect(await mailsTo(demoPerson.email, 'notification-digest')).toBe(1);
    expect(await mailsTo(betaPerson.email, 'notification-digest')).toBe(0);
    const [row] = await ctx.db.select().from(notifications).where(eq(notifications.id, waiting!.id));
    expect(row).toMatchObject({ emailedAt: null, mailId: null });

    await setBeta('enable');
    expect(await runNotificationDigest(ctx.deps, undefined, later())).toBe(1);
    expect(await mailsTo(betaPerson.email, 'notification-digest')).toBe(1);
    expect(await mailsTo(demoPerson.email, 'notification-digest')).toBe(1);
  });

  it('the dispatcher tells nobody of a disabled workspace, whoever asks', async () => {
    await setBeta('disable');
    const event = {
      type: 'document.expiring' as const,
      to: { everyone: true as const },
      title: 'Prova',
      mail: () => ({ template: 'test-disabled', subject: 'Prova', text: 'Prova' }),
    };
    const ctxOf = (id: string) => ({ scope: workspaceScope(id), publicUrl: 'http://localhost:3000' });
    expect(await ctx.db.transaction((tx) => notify(tx, ctxOf(ctx.ws.beta), event))).toEqual([]);
    expect((await ctx.db.transaction((tx) => notify(tx, ctxOf(ctx.ws.demo), event))).length).toBeGreaterThan(0);
    expect(await mailsTo(betaPerson.email, 'test-disabled')).toBe(0);
    expect(await mailsTo(demoPerson.email, 'test-disabled')).toBe(1);
    await setBeta('enable');
  });

  it('document expiry reminders wait while it is disabled and are caught up once enabled', async () => {
    const today = todayIn('Europe/Rome');
    const upload = async (session: Session, workspace: string, p: BuiltEmployee) => {
      const form = new FormData();
      form.append('label', 'Visita medica');
      form.append('expiresAt', today);
      form.append('file', new Blob([pdf([['Visita medica']])]), 'visita.pdf');
      const res = await ctx.request('POST', `/admin/user/${p.userInfoId}/document`, form, { session, workspace });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    await upload(admin, ctx.ws.demo, demoPerson);
    const betaDoc = await upload(betaAdmin, ctx.ws.beta, betaPerson);
    await setBeta('disable');

    await runDocumentReminders(ctx.deps);
    expect(await mailsTo(demoPerson.email, 'document-expiry')).toBe(1);
    expect(await mailsTo(betaPerson.email, 'document-expiry')).toBe(0);
    expect(await mailsTo('admin@beta.timbro.it', 'document-expiry')).toBe(0);
    const unsent = await ctx.db.select().from(documentReminders).where(eq(documentReminders.documentId, betaDoc));
    expect(unsent.map((r) => r.sentAt)).toEqual([null]);

    await setBeta('enable');
    await runDocumentReminders(ctx.deps);
    expect(await mailsTo(betaPerson.email, 'document-expiry')).toBe(1);
    expect(await mailsTo('admin@beta.timbro.it', 'document-expiry')).toBe(1);
    expect(await mailsTo(demoPerson.email, 'document-expiry')).toBe(1);
  });

  it('a due announcement is not sent while its workspace is disabled; it goes out at the first run after enabling', async () => {
    const sendAt = new Date(Date.now() + 3600_000);
    const at = () => new Date(sendAt.getTime() + 1000);
    const demoNews = await createAnnouncement(ctx, admin, ctx.ws.demo, { sendAt: sendAt.toISOString() });
    const betaNews = await createAnnouncement(ctx, betaAdmin, ctx.ws.beta, { sendAt: sendAt.toISOString() });
    const told = async (p: BuiltEmployee, id: string) =>
      (
        await ctx.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userInfoId, p.userInfoId), eq(notifications.link, `/member/announcement/${id}`)))
      ).length;
    const processedAt = async (id: string) =>
      (await ctx.db.select().from(announcements).where(eq(announcements.id, id)))[0]!.processedAt;
    await setBeta('disable');

    // The job scheduled for the send time (or the minute's run) finds only Demo's: Beta's run is a no-op.
    await runAnnouncementJob(ctx.deps, undefined, at);
    expect(await told(demoPerson, demoNews.id)).toBe(1);
    expect(await processedAt(demoNews.id)).not.toBeNull();
    expect(await told(betaPerson, betaNews.id)).toBe(0);
    expect(await processedAt(betaNews.id)).toBeNull();
    expect(await mailsTo(betaPerson.email, 'announcement-published')).toBe(0);
    expect(await runAnnouncementJob(ctx.deps, undefined, at)).toBe(0);

    await setBeta('enable');
    expect(await runAnnouncementJob(ctx.deps, undefined, at)).toBe(1);
    expect(await told(betaPerson, betaNews.id)).toBe(1);
    expect(await processedAt(betaNews.id)).not.toBeNull();
    expect(await told(demoPerson, demoNews.id)).toBe(1);
  });

  it('the pay-slip reminder waits while it is disabled', async () => {
    const fields = { year: 2026, month: 3, netAmount: '1.200,00' };
    await publishPaycheck(ctx, admin, ctx.ws.demo, demoPerson.userInfoId, fields);
    await publishPaycheck(ctx, betaAdmin, ctx.ws.beta, betaPerson.userInfoId, fields);
    await setBeta('disable');
    const in8Days = new Date(Date.now() + 8 * DAY);
    await runPaycheckReminders(ctx.deps, undefined, in8Days);
    expect(await mailsTo(demoPerson.email, 'paycheck-reminder')).toBe(1);
    expect(await mailsTo(betaPerson.email, 'paycheck-reminder')).toBe(0);
    await setBeta('enable');
    await runPaycheckReminders(ctx.deps, undefined, in8Days);
    expect(await mailsTo(betaPerson.email, 'paycheck-reminder')).toBe(1);
  });

  it('a month closing already queued waits while it is disabled and runs once it is enabled', async () => {
    const month = todayIn('Europe/Rome').slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    const res = await ctx.post(
      '/admin/month-log',
      { month: last, force: true },
      {
        session: betaAdmin,
        workspace: ctx.ws.beta,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as string;
    const status = async () => (await ctx.db.select().from(monthLogs).where(eq(monthLogs.id, id)))[0]!.status;
    await setBeta('disable');
    expect(await runMonthCloseJob(ctx.deps, log)).toBe(0);
    expect(await status()).toBe('waiting');
    await setBeta('enable');
    expect(await runMonthCloseJob(ctx.deps, log)).toBe(1);
    expect(await status()).toBe('completed');
  });

  it('the nightly defaults and accruals serve the enabled workspaces only', async () => {
    await setBeta('disable');
    const served = (await ensureAllWorkspaceDefaults(ctx.db)).map((s) => s.workspaceId);
    expect(served).toContain(ctx.ws.demo);
    expect(served).not.toContain(ctx.ws.beta);
    await setBeta('enable');
    expect((await ensureAllWorkspaceDefaults(ctx.db)).map((s) => s.workspaceId)).toContain(ctx.ws.beta);
  });
});
