import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_TYPES,
  categoryOf,
  type NotificationCategory,
  type NotificationType,
} from '@timbro/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../src/db/schema';
import { workspaceScope } from '../src/db/scope';
import { runNotificationDigest } from '../src/modules/notifications/digest.job';
import { notify, notifyAccount, type NotifyEvent } from '../src/modules/notifications/notify';
import { buildEmployee, type BuiltEmployee } from './factories';
import { createTestContext, type Session, type TestContext } from './helpers';

/**
 * The dispatcher's contract (ADR 0020): recipients (people, admins, everyone; never a disabled or pending record),
 * the settings in force (own choice > workspace default > all on) applied per channel for every category, the digest
 * (a burst of 50 gives 50 items and at most one e-mail), locked types always delivered, and nothing left by a rollback.
 */

let ctx: TestContext;
let admin: Session;
const publicUrl = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
});
afterAll(async () => {
  await ctx?.close();
});

const scope = () => workspaceScope(ctx.ws.demo);
const event = (type: NotificationType, to: NotifyEvent['to'], extra: Partial<NotifyEvent> = {}): NotifyEvent => ({
  type,
  to,
  title: `Prova ${type}`,
  link: '/dashboard',
  mail: (r) => ({ template: 'test', subject: `Prova ${type}`, text: `Ciao ${r.firstName}, ${r.link}` }),
  ...extra,
});
const tell = (e: NotifyEvent) => ctx.db.transaction((tx) => notify(tx, { scope: scope(), publicUrl }, e));

async function rowsOf(userInfoId: string) {
  return ctx.db.select().from(notifications).where(eq(notifications.userInfoId, userInfoId));
}
async function mailsTo(email: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}
async function setOwn(person: BuiltEmployee, categories: object[]) {
  const s = await ctx.login(person.email, 'Password1!x');
  const res = await ctx.post('/notification/settings', { categories }, { session: s, workspace: ctx.ws.demo });
  expect(res.statusCode, res.body).toBe(200);
  return s;
}

const TYPE_OF: Record<NotificationCategory, NotificationType> = Object.fromEntries(
  NOTIFICATION_CATEGORIES.map((c) => [
    c,
    (Object.keys(NOTIFICATION_TYPES) as NotificationType[]).find(
      (t) => categoryOf(t) === c && !('locked' in NOTIFICATION_TYPES[t]),
    )!,
  ]),
) as Record<NotificationCategory, NotificationType>;

describe('recipients', () => {
  it('tells the people named, the admins, or everyone reachable; never a disabled or pending record', async () => {
    const on = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
    const off = await buildEmployee(ctx, ctx.ws.demo, { enabled: false });
    const pending = await buildEmployee(ctx, ctx.ws.demo, { invitationStatus: 'pending' });
    const told = await tell(
      event('document.published', { userInfoIds: [on.userInfoId, off.userInfoId, pending.userInfoId] }),
    );
    expect(told.map((t) => t.userInfoId)).toEqual([on.userInfoId]);
    expect(await rowsOf(off.userInfoId)).toHaveLength(0);
    expect(await rowsOf(pending.userInfoId)).toHaveLength(0);
    // Another workspace's record named by id is not there.
    const beta = await buildEmployee(ctx, ctx.ws.beta);
    expect(await tell(event('document.published', { userInfoIds: [beta.userInfoId] }))).toEqual([]);

    const admins = await tell(event('request.pending', { admins: true }));
    expect(admins.length).toBeGreaterThan(0);
    const everyone = await tell(event('announcement.published', { everyone: true }, { except: [on.userInfoId] }));
    expect(everyone.some((t) => t.userInfoId === on.userInfoId)).toBe(false);
    expect(everyone.length).toBeGreaterThan(admins.length);
  });

  it('writes in the caller’s transaction: a rollback leaves no row and no mail', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo);
    await expect(
      ctx.db.transaction(async (tx) => {
        await notify(tx, { scope: scope(), publicUrl }, event('document.published', { userInfoIds: [p.userInfoId] }));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await rowsOf(p.userInfoId)).toHaveLength(0);
    expect(await mailsTo(p.email)).toHaveLength(0);
  });

  it('a repeated dedupe key tells nobody twice (a job resumed after a crash)', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo);
    const e = event('announcement.published', { userInfoIds: [p.userInfoId] }, { dedupeKey: 'announcement:x' });
    expect(await tell(e)).toHaveLength(1);
    expect(await tell(e)).toHaveLength(0);
    expect(await rowsOf(p.userInfoId)).toHaveLength(1);
    expect(await mailsTo(p.email)).toHaveLength(1);
  });
});

describe('settings per channel', () => {
  it('with nothing chosen everything is on: an in-app row for web and app, and one instant e-mail with the absolute link', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo);
    await tell(event('paycheck.published', { userInfoIds: [p.userInfoId] }, { link: '/member/paycheck' }));
    const [row] = await rowsOf(p.userInfoId);
    expect(row).toMatchObject({ web: true, app: true, email: 'instant', category: 'paychecks' });
    expect(row!.mailId).not.toBeNull();
    const mails = await mailsTo(p.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain(`${publicUrl}/member/paycheck`);
  });

  // The table: each channel off, for every category, sends nothing on that channel.
  const channels = [
    { name: 'web', choice: { web: false, app: true, email: 'instant' }, expect: { web: false, app: true, mails: 1 } },
    { name: 'app', choice: { web: true, app: false, email: 'instant' }, expect: { web: true, app: false, mails: 1 } },
    { name: 'email', choice: { web: true, app: true, email: 'off' }, expect: { web: true, app: true, mails: 0 } },
  ] as const;
  for (const category of NOTIFICATION_CATEGORIES.filter((c) => c !== 'account'))
    for (const ch of channels)
      it(`${category}: ${ch.name} off sends nothing on ${ch.name}`, async () => {
        const p = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
        await setOwn(p, [{ category, ...ch.choice }]);
        await tell(event(TYPE_OF[category], { userInfoIds: [p.userInfoId] }));
        const rows = await rowsOf(p.userInfoId);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ web: ch.expect.web, app: ch.expect.app });
        expect(await mailsTo(p.email)).toHaveLength(ch.expect.mails);
        // The centre shows only what web allows; the app's list only what app allows.
        const s = await ctx.login(p.email, 'Password1!x');
        const web = (await ctx.get('/notification', { session: s, workspace: ctx.ws.demo })).json();
        const app = (
          await ctx.get('/notification', { session: s, workspace: ctx.ws.demo, query: { channel: 'app' } })
        ).json();
        expect(web.total).toBe(ch.expect.web ? 1 : 0);
        expect(app.total).toBe(ch.expect.app ? 1 : 0);
      });

  it('every channel off: no row and no mail', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
    await setOwn(p, [{ category: 'documents', web: false, app: false, email: 'off' }]);
    expect(await tell(event('document.expiring', { userInfoIds: [p.userInfoId] }))).toEqual([]);
    expect(await rowsOf(p.userInfoId)).toHaveLength(0);
    expect(await mailsTo(p.email)).toHaveLength(0);
  });

  it('the workspace default applies where the person chose nothing; their own choice wins', async () => {
    const res = await ctx.post(
      '/admin/setting/notification',
      { categories: [{ category: 'shifts', web: true, app: false, email: 'off' }] },
      { session: admin, workspace: ctx.ws.demo },
    );
    expect(res.statusCode, res.body).toBe(200);
    const plain = await buildEmployee(ctx, ctx.ws.demo);
    const chooser = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
    const s = await setOwn(chooser, [{ category: 'shifts', web: true, app: true, email: 'instant' }]);
    await tell(event('shift.published', { userInfoIds: [plain.userInfoId, chooser.userInfoId] }));
    expect((await rowsOf(plain.userInfoId))[0]).toMatchObject({ app: false, email: null });
    expect(await mailsTo(plain.email)).toHaveLength(0);
    expect((await rowsOf(chooser.userInfoId))[0]).toMatchObject({ app: true, email: 'instant' });
    expect(await mailsTo(chooser.email)).toHaveLength(1);
    const view = (await ctx.get('/notification/settings', { session: s, workspace: ctx.ws.demo })).json();
    expect(view.categories.find((c: { category: string }) => c.category === 'shifts')).toMatchObject({ source: 'own' });
    // The default of another workspace is not this one's.
    const other = await buildEmployee(ctx, ctx.ws.beta);
    await ctx.db.transaction((tx) =>
      notify(
        tx,
        { scope: workspaceScope(ctx.ws.beta), publicUrl },
        event('shift.published', { userInfoIds: [other.userInfoId] }),
      ),
    );
    expect((await rowsOf(other.userInfoId))[0]).toMatchObject({ app: true, email: 'instant' });
    // Back to the people's own: the default returns.
    await ctx.del('/notification/settings', { session: s, workspace: ctx.ws.demo });
    const again = (await ctx.get('/notification/settings', { session: s, workspace: ctx.ws.demo })).json();
    expect(again.categories.find((c: { category: string }) => c.category === 'shifts')).toMatchObject({
      source: 'workspace',
      app: false,
      email: 'off',
    });
  });
});

describe('digest', () => {
  it('a burst of 50 events in 10 minutes: 50 in-app items and one e-mail with digest, none with e-mail off', async () => {
    const digest = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
    const silent = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
    await setOwn(digest, [{ category: 'requests', web: true, app: true, email: 'digest' }]);
    await setOwn(silent, [{ category: 'requests', web: true, app: true, email: 'off' }]);
    for (let i = 0; i < 50; i++)
      await tell(
        event('request.approved', { userInfoIds: [digest.userInfoId, silent.userInfoId] }, { title: `Richiesta ${i}` }),
      );
    expect(await rowsOf(digest.userInfoId)).toHaveLength(50);
    expect(await rowsOf(silent.userInfoId)).toHaveLength(50);
    expect(await mailsTo(digest.email)).toHaveLength(0);
    const later = new Date(Date.now() + 10 * 60_000);
    await runNotificationDigest(ctx.deps, undefined, later);
    await runNotificationDigest(ctx.deps, undefined, later); // again: nothing new to send
    const mails = await mailsTo(digest.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('50');
    expect(mails[0]!.textBody).toContain('Richiesta 49');
    expect(await mailsTo(silent.email)).toHaveLength(0);
    const waiting = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userInfoId, digest.userInfoId), isNull(notifications.emailedAt)));
    expect(waiting[0]!.n).toBe(0);
  });
});

describe('locked types', () => {
  it('an account message is always sent, whatever the settings; a workspace type cannot pass as one', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo, { password: 'Password1!x' });
    await setOwn(p, [{ category: 'account', web: false, app: false, email: 'off' }]);
    const s = await ctx.login(p.email, 'Password1!x');
    const view = (await ctx.get('/notification/settings', { session: s, workspace: ctx.ws.demo })).json();
    expect(view.categories.find((c: { category: string }) => c.category === 'account')).toMatchObject({
      locked: true,
      web: true,
      email: 'instant',
    });
    await ctx.db.transaction((tx) =>
      notifyAccount(tx, {
        type: 'account.password_changed',
        to: { email: p.email },
        mail: { template: 'password-changed', subject: 'x', text: 'y' },
      }),
    );
    expect(await mailsTo(p.email)).toHaveLength(1);
    await expect(
      ctx.db.transaction((tx) =>
        notifyAccount(tx, {
          type: 'document.published',
          to: { email: p.email },
          mail: { template: 't', subject: 'x', text: 'y' },
        }),
      ),
    ).rejects.toThrow();
    // A locked type told in a workspace ignores "off" on every channel.
    await tell(event('invitation.received', { userInfoIds: [p.userInfoId] }));
    expect((await rowsOf(p.userInfoId))[0]).toMatchObject({ web: true, app: true, email: 'instant' });
    expect(await mailsTo(p.email)).toHaveLength(2);
  });
});
