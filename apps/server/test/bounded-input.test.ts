import { addDays, isoWeekday, localToUtc, type JustificationRequest } from '@timbro/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accrualEntries,
  auditLog,
  contracts,
  groups,
  holidays,
  justificationRequests,
  justifications,
  punches,
  userInfos,
  users,
} from '../src/db/schema';
import { DEFAULT_MAX_ROWS } from '../src/lib/spreadsheet';
import { todayIn } from '../src/lib/time';
import { MAX_IMPORT_ROWS } from '../src/modules/users/user-import.service';
import { expectError, fieldErrors, membershipOf, useDemoContext, type DemoContext } from './helpers';
import { workbook, xlsxBomb } from './zip-fixtures';

/**
 * Issue 10 §4, "bounded input, so that one tenant cannot hurt the others": imports bounded while read (ZIP output,
 * rows), dates in 1900–2100, request amounts bounded by what a day holds, no control or bidi characters in text.
 */

let { ctx, admin, member: mario } = {} as DemoContext;
let marioId: string;
const J: Record<string, string> = {};
let today: string;

const TZ = 'Europe/Rome';
const RANGE = 'La data deve essere compresa tra il 1900 e il 2100';
const YEAR = "L'anno deve essere compreso tra il 1900 e il 2100";
const TOO_BIG = 'Il file è troppo grande una volta decompresso: al massimo 20 MB di contenuto. Dividilo in più file';

const { inDemo } = useDemoContext(async (d) => {
  ({ ctx, admin, member: mario } = d);
  marioId = (await membershipOf(ctx, 'mario.rossi@demo.timbro.it', ctx.ws.demo))!.id;
  for (const j of await ctx.db.select().from(justifications).where(eq(justifications.workspaceId, ctx.ws.demo)))
    J[j.code] = j.id;
  today = todayIn(TZ);
});

const count = async (
  table:
    | typeof users
    | typeof userInfos
    | typeof punches
    | typeof accrualEntries
    | typeof contracts
    | typeof holidays
    | typeof justificationRequests
    | typeof auditLog
    | typeof groups,
) => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

function upload(url: string, content: string | Buffer, filename: string) {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: admin.cookie, 'x-client': 'timbro-web', 'x-workspace-id': ctx.ws.demo },
    payload: form,
  });
}

/** The server still serves an ordinary request (and an ordinary import preview) after a hostile upload. */
async function expectServerAlive() {
  const list = await ctx.get('/admin/user', inDemo(admin));
  expect(list.statusCode, list.body).toBe(200);
  const small = await upload(
    '/admin/punch/import/preview',
    'Email;Data;Ora;Verso\r\nmario.rossi@demo.timbro.it;02/03/2026;09:00;E\r\n',
    'ok.csv',
  );
  expect(small.statusCode, small.body).toBe(200);
  expect(small.json()).toMatchObject({ total: 1, valid: 1 });
}

describe('imports are bounded while read', () => {
  it('a small XLSX that inflates to 200 MB: 413 with an Italian message on both imports, nothing written, the server answers on', async () => {
    const before = {
      users: await count(users),
      userInfos: await count(userInfos),
      punches: await count(punches),
      audit: await count(auditLog),
    };
    for (const declared of [undefined, 4096]) {
      // Honest headers (refused on the declared size) and lying ones (refused while inflating, at 20 MB).
      const bomb = await xlsxBomb(200 * 1024 * 1024, declared);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      for (const url of [
        '/admin/user/import/preview',
        '/admin/user/import',
        '/admin/punch/import/preview',
        '/admin/punch/import',
      ]) {
        const res = await upload(url, bomb, 'bomba.xlsx');
        expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message, url).toBe(TOO_BIG);
        expect(fieldErrors(res)).toEqual({ file: TOO_BIG });
      }
      await expectServerAlive();
    }
    expect({
      users: await count(users),
      userInfos: await count(userInfos),
      punches: await count(punches),
      audit: await count(auditLog),
    }).toEqual(before);
  });

  it('an upload over the 10 MB multipart limit is a 413 in Italian on the punch import too', async () => {
    const res = await upload('/admin/punch/import/preview', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61), 'enorme.csv');
    expect(expectError(res, 413, 'PAYLOAD_TOO_LARGE').message).toBe('Il contenuto inviato è troppo grande');
    await expectServerAlive();
  });

  it('people: 2001 data rows (CSV or XLSX) are refused whole with a 400 that says the limit; nothing is written', async () => {
    // readTable's default bound is the people import's limit, so that import is bounded while it reads.
    expect(DEFAULT_MAX_ROWS).toBe(MAX_IMPORT_ROWS);
    const before = { users: await count(users), userInfos: await count(userInfos), audit: await count(auditLog) };
    const header = ['Nome', 'Cognome', 'Email', 'Codice fiscale'];
    const rows = Array.from({ length: 2001 }, (_, i) => [
      `Nome${i}`,
      'Prova',
      `prova.${i}@example.it`,
      'RSSMRA80A01F205X',
    ]);
    const csv = [header, ...rows].map((r) => r.join(';')).join('\r\n');
    const xlsx = await workbook(header, rows);
    const message = 'Il file contiene più di 2000 righe: dividilo in più file';
    for (const [content, name] of [
      [csv, 'persone.csv'],
      [xlsx, 'persone.xlsx'],
    ] as const) {
      for (const url of ['/admin/user/import/preview', '/admin/user/import']) {
        const res = await upload(url, content, name);
        expect(expectError(res, 400, 'VALIDATION_FAILED').message, `${url} ${name}`).toBe(message);
        expect(fieldErrors(res)).toEqual({ file: message });
      }
    }
    expect({ users: await count(users), userInfos: await count(userInfos), audit: await count(auditLog) }).toEqual(
      before,
    );
  });

  it('punches: 20 001 rows are refused whole (400 with the limit); a row dated 1500 is a row error', async () => {
    const before = await count(punches);
    const rows = Array.from(
      { length: 20_001 },
      (_, i) =>
        `mario.rossi@demo.timbro.it;${String((i % 28) + 1).padStart(2, '0')}/02/2026;${String(i % 24).padStart(2, '0')}:${String(i % 60).padStart(2, '0')};E`,
    );
    const file = ['Email;Data;Ora;Verso', ...rows].join('\r\n');
    const message = 'Il file contiene più di 20.000 righe: dividilo in più file';
    for (const url of ['/admin/punch/import/preview', '/admin/punch/import']) {
      const res = await upload(url, file, 'badge.csv');
      expect(expectError(res, 400, 'VALIDATION_FAILED').message).toBe(message);
      expect(fieldErrors(res)).toEqual({ file: message });
    }
    const old = [
      'Email;Data;Ora;Verso',
      'mario.rossi@demo.timbro.it;01/03/1500;09:00;E',
      'mario.rossi@demo.timbro.it;0001-01-01;18:00;U',
    ].join('\r\n');
    const res = await upload('/admin/punch/import/preview', old, 'vecchio.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: { errors: { message: string }[] }) => r.errors.map((e) => e.message))).toEqual([
      [RANGE],
      [RANGE],
    ]);
    expectError(await upload('/admin/punch/import', old, 'vecchio.csv'), 400, 'VALIDATION_FAILED');
    expect(await count(punches)).toBe(before);
  });
});

describe('dates lie in 1900–2100', () => {
  const slots = [1, 2, 3, 4, 5].map((weekday) => ({
    weekday,
    startsAtMinutes: 540,
    endsAtMinutes: 1080,
    pauseStartsAtMinutes: 780,
    pauseEndsAtMinutes: 840,
  }));

  it('a contract starting in 1500 or 0001 is a 400 on startsAt: no contract, no ledger rows', async () => {
    const before = { contracts: await count(contracts), ledger: await count(accrualEntries) };
    const url = `/admin/user/${marioId}/contract`;
    const body = {
      type: 'fixed',
      workerType: 'employee',
      permanent: false,
      timeSlots: slots,
      justificationAccruals: [{ justificationId: J.FER, monthlyIncrease: 2 }],
    };
    for (const [startsAt, endsAt] of [
      ['1500-01-01', '1500-12-31'],
      ['0001-01-01', '0001-06-30'],
      ['1899-12-31', '1900-01-31'],
    ]) {
      const res = await ctx.post(url, { ...body, startsAt, endsAt }, inDemo(admin));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res).startsAt, startsAt).toBe(RANGE);
    }
    const permanent = await ctx.post(url, { ...body, permanent: true, startsAt: '0001-01-01' }, inDemo(admin));
    expect(fieldErrors(permanent)).toEqual({ startsAt: RANGE });
    const farEnd = await ctx.post(url, { ...body, startsAt: '2010-01-01', endsAt: '3000-12-31' }, inDemo(admin));
    expect(fieldErrors(farEnd)).toEqual({ endsAt: RANGE });
    // Editing the seeded contract back to year 1 is refused the same way.
    const [seeded] = await ctx.db.select().from(contracts).where(eq(contracts.userInfoId, marioId));
    const edit = await ctx.post(
      `/admin/contract/${seeded!.id}`,
      { ...body, permanent: true, startsAt: '0001-01-01' },
      inDemo(admin),
    );
    expect(fieldErrors(edit)).toEqual({ startsAt: RANGE });
    expect({ contracts: await count(contracts), ledger: await count(accrualEntries) }).toEqual(before);
  });

  it('holidays: a year 1500 (or 2101) is a 400; listing year 1500 and ranges in 1500 are 400 too', async () => {
    const before = await count(holidays);
    for (const year of [1500, 2101]) {
      const res = await ctx.post(
        '/admin/holiday',
        { name: 'Festa antica', icon: 'church', day: 4, month: 10, year },
        inDemo(admin),
      );
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res)).toEqual({ year: YEAR });
    }
    expect(
      fieldErrors(
        await ctx.post(
          '/admin/holiday',
          { name: 'Festa', icon: 'church', day: 4, month: 10, fromYear: 1 },
          inDemo(admin),
        ),
      ),
    ).toEqual({ fromYear: YEAR });
    expect(await count(holidays)).toBe(before);
    expect(fieldErrors(await ctx.get('/admin/holiday', inDemo(admin, { year: '1500' })))).toEqual({ year: YEAR });
    const range = await ctx.get('/attendance/ajax/holidays', inDemo(admin, { from: '1500-01-01', to: '1500-12-31' }));
    expectError(range, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(range)).toMatchObject({ from: RANGE, to: RANGE });
  });

  it('requests, punches, balances, attendance data and timesheets refuse dates out of range with 400', async () => {
    const requests = await count(justificationRequests);
    let res = await ctx.post(
      '/member/justification-request',
      { date: '3000-01-01', justificationId: J.FER, wholeDay: true },
      inDemo(mario),
    );
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ date: RANGE });
    res = await ctx.post(
      '/admin/justification-request',
      {
        userInfoIds: [marioId],
        startDate: '1500-01-01',
        endDate: '1500-01-05',
        justificationId: J.FER,
        wholeDay: true,
      },
      inDemo(admin),
    );
    expect(fieldErrors(res)).toMatchObject({ startDate: RANGE, endDate: RANGE });
    expect(await count(justificationRequests)).toBe(requests);

    res = await ctx.post(
      `/admin/user/${marioId}/punch`,
      { at: '1500-01-01 09:00:00', direction: 'in', reason: 'prova' },
      inDemo(admin),
    );
    expect(fieldErrors(res)).toEqual({ at: RANGE });
    res = await ctx.post(
      `/admin/user/${marioId}/accrual-adjustment`,
      { justificationId: J.FER, amount: 1, date: '0001-01-01', reason: 'prova' },
      inDemo(admin),
    );
    expect(fieldErrors(res)).toEqual({ date: RANGE });
    for (const [url, query] of [
      [`/admin/user/${marioId}/accrual`, { date: '1500-01-01' }],
      ['/member/accrual', { date: '9999-12-31' }],
      ['/attendance/attendance-data', { from: '0001-01-01', to: '0001-01-31' }],
      ['/attendance/attendance-data', { from: '2101-01-01', to: '2101-01-31' }],
      ['/attendance/attendance-data/timesheet', { from: '1500-01-01', to: '1500-01-31' }],
      ['/attendance/attendance-data/timesheet/export', { from: '3000-01-01', to: '3000-01-31' }],
      [`/admin/user/${marioId}/punch`, { from: '1500-01-01', to: '1500-01-31' }],
      ['/admin/justification-request', { from: '0001-01-01' }],
    ] as const) {
      const r = await ctx.get(url, inDemo(url.startsWith('/member') ? mario : admin, query));
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(Object.values(fieldErrors(r)), url).toContain(RANGE);
    }
    // The bounds themselves are fine.
    res = await ctx.get(
      '/attendance/attendance-data',
      inDemo(admin, { from: '2100-12-01', to: '2100-12-31', 'user_info_ids[]': [marioId] }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a request holds at most what a day can', () => {
  /** A Wednesday, Thursday and Friday of March 2026: past days inside Mario's contract (9–18, lunch 13–14). */
  const WED = '2026-03-11';
  const THU = '2026-03-12';
  const FRI = '2026-03-13';

  async function workedEightHours(date: string) {
    for (const [clock, direction] of [
      ['09:00', 'in'],
      ['13:00', 'out'],
      ['14:00', 'in'],
      ['18:00', 'out'],
    ] as const) {
      const [h, m] = clock.split(':').map(Number) as [number, number];
      await ctx.db.insert(punches).values({
        workspaceId: ctx.ws.demo,
        userInfoId: marioId,
        at: new Date(localToUtc(date, h * 60 + m, TZ)),
        timeZone: TZ,
        localDate: date,
        direction,
        source: 'import',
      });
    }
    const d = await ctx.get(
      '/attendance/attendance-data',
      inDemo(admin, { from: date, to: date, 'user_info_ids[]': [marioId] }),
    );
    expect(d.json().users[0].days[0].worked).toBe(480);
  }
  const own = (body: object) => ctx.post('/member/justification-request', body, inDemo(mario));
  const amount = (date: string, code: string, n: number, extra: object = {}) => ({
    date,
    justificationId: J[code],
    category: 'amount',
    amount: n,
    ...extra,
  });
  const requestsOn = async (date: string) =>
    ctx.db
      .select()
      .from(justificationRequests)
      .where(and(eq(justificationRequests.userInfoId, marioId), eq(justificationRequests.date, date)));

  beforeAll(async () => {
    expect([WED, THU, FRI].map(isoWeekday)).toEqual([3, 4, 5]);
    expect(FRI < today).toBe(true);
    for (const d of [WED, THU, FRI]) await workedEightHours(d);
  });

  it('a quantity is at most 24 hours or 1 day, for employees and admins alike', async () => {
    const future = addDays(today, 14);
    let res = await own(amount(future, 'TRA', 999));
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({ amount: 'In un giorno si possono chiedere al massimo 24 ore' });
    res = await own(amount(future, 'FOR', 24.5));
    expect(fieldErrors(res)).toEqual({ amount: 'In un giorno si possono chiedere al massimo 24 ore' });
    res = await own(amount(future, 'FER', 2));
    expect(fieldErrors(res)).toEqual({ amount: 'In un giorno si può chiedere al massimo 1 giorno' });
    res = await ctx.post(
      '/admin/justification-request',
      { userInfoIds: [marioId], ...amount(future, 'TRA', 25) },
      inDemo(admin),
    );
    expect(fieldErrors(res)).toEqual({ amount: 'In un giorno si possono chiedere al massimo 24 ore' });
    // Exactly a day is fine (a day to come: no worked time to leave room for).
    res = await own(amount(future, 'TRA', 24));
    expect(res.statusCode, res.body).toBe(200);
    expect(await requestsOn(future)).toHaveLength(1);
  });

  it('an employee’s credit on a past day fits in 24 h − worked − other credits of that day', async () => {
    // 8 h worked: 16 h are open. 17 h are refused, 10 h pass (pending), then at most 6 h more.
    let res = await own(amount(WED, 'TRA', 17));
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res)).toEqual({
      amount:
        'Per il 11/03/2026 puoi aggiungere al massimo 16 ore: un giorno ha 24 ore, meno quelle già lavorate e quelle delle altre richieste che aggiungono ore in quel giorno',
    });
    res = await own(amount(WED, 'TRA', 10, { note: 'Trasferta a Torino\ncon rientro in serata' }));
    expect(res.statusCode, res.body).toBe(200);
    const ten = (res.json().items as JustificationRequest[])[0]!;
    expect(ten).toMatchObject({ status: 'open', amount: 10, note: 'Trasferta a Torino\ncon rientro in serata' });
    res = await own(amount(WED, 'FOR', 7));
    expect(fieldErrors(res).amount).toMatch(/^Per il 11\/03\/2026 puoi aggiungere al massimo 6 ore:/);
    // A time range counts its hours too: 00:00–07:00 is 7 h.
    res = await own({ date: WED, justificationId: J.SW, startsAtMinutes: 0, endsAtMinutes: 420 });
    expect(fieldErrors(res).endsAtMinutes).toMatch(/^Per il 11\/03\/2026 puoi aggiungere al massimo 6 ore:/);
    res = await own(amount(WED, 'SW', 6));
    expect(res.statusCode, res.body).toBe(200);
    // Editing the 10 h credit to 11 h would not fit (it does not count against itself); 9 h does.
    res = await ctx.post(`/member/justification-request/${ten.id}`, amount(WED, 'TRA', 11), inDemo(mario));
    expect(fieldErrors(res).amount).toMatch(/^Per il 11\/03\/2026 puoi aggiungere al massimo 10 ore:/);
    res = await ctx.post(`/member/justification-request/${ten.id}`, amount(WED, 'TRA', 9), inDemo(mario));
    expect(res.statusCode, res.body).toBe(200);
    // A rejected credit frees its hours; decrease-type absences never count.
    res = await ctx.post('/admin/justification-request/reject', { ids: [ten.id] }, inDemo(admin));
    expect(res.statusCode, res.body).toBe(200);
    res = await own(amount(WED, 'FOR', 10));
    expect(res.statusCode, res.body).toBe(200);
    // An admin is not bound by the open hours (only by the 24 h of a quantity).
    res = await ctx.post(
      '/admin/justification-request',
      { userInfoIds: [marioId], ...amount(WED, 'TRA', 20) },
      inDemo(admin),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestsOn(WED)).map((r) => [r.amount, r.status]).sort()).toEqual(
      [
        [10, 'open'],
        [20, 'approved'],
        [6, 'open'],
        [9, 'rejected'],
      ].sort(),
    );
  });

  it('auto-approval never approves what the checks refuse', async () => {
    await ctx.db.update(userInfos).set({ attendanceAutoApproveRequest: true }).where(eq(userInfos.id, marioId));
    try {
      let res = await own(amount(THU, 'TRA', 999));
      expect(fieldErrors(res)).toEqual({ amount: 'In un giorno si possono chiedere al massimo 24 ore' });
      res = await own(amount(THU, 'TRA', 17));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res).amount).toMatch(/^Per il 12\/03\/2026 puoi aggiungere al massimo 16 ore:/);
      expect(await requestsOn(THU)).toEqual([]);
      res = await own(amount(THU, 'TRA', 16));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items[0]).toMatchObject({ status: 'approved', amount: 16 });
      // The day is full now: even one more hour is refused, and approves nothing.
      res = await own(amount(THU, 'SW', 1));
      expect(fieldErrors(res).amount).toMatch(/^Per il 12\/03\/2026 puoi aggiungere al massimo 0 ore:/);
      expect((await requestsOn(THU)).map((r) => [r.amount, r.status])).toEqual([[16, 'approved']]);
    } finally {
      await ctx.db.update(userInfos).set({ attendanceAutoApproveRequest: null }).where(eq(userInfos.id, marioId));
    }
  });

  it('today and days to come are bound too (issue 30 item 7): a day to come holds 24 h of credits, no more', async () => {
    // Reproduced before the fix: an auto-approved employee credited 24 h on a day to come, then more hours on it, each
    // approved at once, and worked the day on top of them.
    await ctx.db.update(userInfos).set({ attendanceAutoApproveRequest: true }).where(eq(userInfos.id, marioId));
    try {
      const future = addDays(today, 21);
      let res = await own(amount(future, 'TRA', 20));
      expect(res.json().items[0]).toMatchObject({ status: 'approved', amount: 20 });
      res = await own(amount(future, 'FOR', 5));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res).amount).toMatch(/^Per il .* puoi aggiungere al massimo 4 ore:/);
      expect((await requestsOn(future)).map((r) => [r.amount, r.status])).toEqual([[20, 'approved']]);
      // Today counts the hours already worked today.
      const now = new Date();
      for (const [minutesAgo, direction] of [
        [180, 'in'],
        [60, 'out'],
      ] as const)
        await ctx.db.insert(punches).values({
          workspaceId: ctx.ws.demo,
          userInfoId: marioId,
          at: new Date(now.getTime() - minutesAgo * 60_000),
          timeZone: TZ,
          localDate: today,
          direction,
          source: 'import',
        });
      const worked = Math.round(
        (
          await ctx.get(
            '/attendance/attendance-data',
            inDemo(admin, { from: today, to: today, 'user_info_ids[]': [marioId] }),
          )
        ).json().users[0].days[0].worked / 60,
      );
      res = await own(amount(today, 'SW', 24 - worked + 1));
      if (worked > 0) {
        expectError(res, 400, 'VALIDATION_FAILED');
        expect(fieldErrors(res).amount).toMatch(/^Per il .* puoi aggiungere al massimo/);
      }
    } finally {
      await ctx.db.update(userInfos).set({ attendanceAutoApproveRequest: null }).where(eq(userInfos.id, marioId));
    }
  });

  it('when a day’s punches arrive, self-approved credits past 24 h go back to pending (issue 30 item 7)', async () => {
    const MON = '2026-03-09';
    await ctx.db.update(userInfos).set({ attendanceAutoApproveRequest: true }).where(eq(userInfos.id, marioId));
    try {
      // Nothing worked yet on the day: 20 h of credit fit and are approved at once.
      let res = await own(amount(MON, 'TRA', 20));
      expect(res.json().items[0]).toMatchObject({ status: 'approved', amount: 20 });
      const id = res.json().items[0].id as string;
      // The admin adds the day's forgotten punches: 8 h worked, and 20 h credited on top.
      for (const [at, direction] of [
        [`${MON} 09:00:00`, 'in'],
        [`${MON} 17:00:00`, 'out'],
      ] as const) {
        res = await ctx.post(
          `/admin/user/${marioId}/punch`,
          { at, direction, reason: 'Timbratura dimenticata' },
          inDemo(admin),
        );
        expect(res.statusCode, res.body).toBe(200);
      }
      const [back] = await ctx.db.select().from(justificationRequests).where(eq(justificationRequests.id, id));
      expect(back).toMatchObject({
        status: 'open',
        decidedBy: null,
        decisionNote:
          'Tornata in attesa: il 09/03/2026 le ore lavorate e quelle chieste superano 24 ore. Serve la decisione di un amministratore',
      });
      // The admin approves it knowingly: a later punch of that day leaves an admin's approval alone.
      res = await ctx.post('/admin/justification-request/approve', { ids: [id] }, inDemo(admin));
      expect(res.statusCode, res.body).toBe(200);
      res = await ctx.post(
        `/admin/user/${marioId}/punch`,
        { at: `${MON} 18:00:00`, direction: 'in', reason: 'Rientro' },
        inDemo(admin),
      );
      expect(res.statusCode, res.body).toBe(200);
      const [kept] = await ctx.db.select().from(justificationRequests).where(eq(justificationRequests.id, id));
      expect(kept!.status).toBe('approved');
    } finally {
      await ctx.db.update(userInfos).set({ attendanceAutoApproveRequest: null }).where(eq(userInfos.id, marioId));
    }
  });

  it('moving a pending credit onto a day without room is refused', async () => {
    const res = await own(amount(FRI, 'FOR', 5));
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().items as JustificationRequest[])[0]!.id;
    const moved = await ctx.post(`/member/justification-request/${id}/move`, { days: -1 }, inDemo(mario));
    expect(fieldErrors(moved).amount).toMatch(/^Per il 12\/03\/2026 puoi aggiungere al massimo 0 ore:/);
    expect((await requestsOn(FRI)).map((r) => [r.amount, r.status])).toEqual([[5, 'open']]);
  });
});

describe('text refuses control characters and bidi overrides', () => {
  it('a group named with a right-to-left override or a line break is a 400 with a field error', async () => {
    const before = await count(groups);
    for (const name of ['Team\u202Eevil', 'Team\u2066x\u2069', 'Riga\nnuova', 'Campanello\u0007']) {
      const res = await ctx.post('/admin/group', { name }, inDemo(admin));
      expectError(res, 400, 'VALIDATION_FAILED');
      expect(fieldErrors(res), JSON.stringify(name)).toEqual({ name: 'Il testo contiene caratteri non ammessi' });
    }
    expect(await count(groups)).toBe(before);
    const ok = await ctx.post('/admin/group', { name: 'Squadra \u00C8lite — فريق' }, inDemo(admin));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('notes and reasons keep their line breaks but not the rest', async () => {
    const res = await ctx.post(
      `/admin/user/${marioId}/punch`,
      { at: '2026-03-02 09:00:00', direction: 'in', reason: 'Badge\u202Edimenticato' },
      inDemo(admin),
    );
    expect(fieldErrors(res)).toEqual({ reason: 'Il testo contiene caratteri non ammessi' });
    const multi = await ctx.post(
      `/admin/user/${marioId}/punch`,
      { at: '2026-03-02 09:00:00', direction: 'in', reason: 'Badge dimenticato\na casa' },
      inDemo(admin),
    );
    expect(multi.statusCode, multi.body).toBe(200);
    expect(multi.json().reason).toBe('Badge dimenticato\na casa');
  });
});
