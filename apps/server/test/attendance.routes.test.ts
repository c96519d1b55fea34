import { addDays, localToUtc, type AttendanceData } from '@timbro/shared';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../src/lib/time';
import { accrualEntries, auditLog, punches } from '../src/db/schema';
import { attendanceCast, type AttendanceCast } from './attendance.fixtures';
import {
  coldStatements,
  attendanceData,
  expectError,
  expectForeignRecordsHidden,
  fieldErrors,
  useDemoContext,
  type Session,
} from './helpers';

/**
 * The attendance module's punches: clocking in and out, an admin's corrections, the attendance data and the timesheet,
 * the badge-reader import. Absence requests are in attendance.requests.test.ts.
 */

let { ctx, admin, accountant, mario, giulia, betaAdmin, ids, J, paoloId } = {} as AttendanceCast;

const TZ = 'Europe/Rome';
const { inDemo } = useDemoContext(async (d) => {
  ({ ctx, admin, accountant, mario, giulia, betaAdmin, ids, J, paoloId } = await attendanceCast(d));
});
/** A punch at a local wall-clock time (Rome), written straight to the database (fixtures for past days). */
async function punchAt(
  userInfoId: string,
  date: string,
  clock: string,
  direction: 'in' | 'out',
  workspaceId = ctx.ws.demo,
) {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  const at = new Date(localToUtc(date, h * 60 + m, TZ));
  const [row] = await ctx.db
    .insert(punches)
    .values({ workspaceId, userInfoId, at, timeZone: TZ, localDate: date, direction, source: 'import' })
    .returning();
  return row!;
}
const dataOf = (session: Session, query: Record<string, string | string[]>) =>
  attendanceData(ctx, inDemo(session, query));
const dayOf = (d: AttendanceData, date: string, who = 0) => d.users[who]!.days.find((x) => x.date === date)!;

describe('clock-in from the web', () => {
  it('clocks in and out at the server time, refusing a second entry and an exit without entry', async () => {
    let res = await ctx.get('/member/clock', inDemo(mario));
    expect(res.statusCode).toBe(200);
    expect(res.json().state).toBe('out');

    res = await ctx.post('/member/clock', { direction: 'out' }, inDemo(mario));
    expect(expectError(res, 409, 'CONFLICT').message).toBe('Non c’è un’entrata da chiudere: timbra prima l’entrata');

    const before = Date.now();
    res = await ctx.post('/member/clock', { direction: 'in' }, inDemo(mario));
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json();
    expect(state.state).toBe('in');
    expect(Date.parse(state.since)).toBeGreaterThanOrEqual(before - 1000);
    expect(state.todayPunches).toHaveLength(1);
    expect(state.todayPunches[0].source).toBe('web');

    res = await ctx.post('/member/clock', { direction: 'in' }, inDemo(mario));
    expect(expectError(res, 409, 'CONFLICT').message).toMatch(
      /^Hai già timbrato l’entrata alle \d\d:\d\d: ora puoi timbrare l’uscita$/,
    );

    res = await ctx.post('/member/clock', { direction: 'out' }, inDemo(mario));
    expect(res.json().state).toBe('out');
    expect(res.json().todayPunches.map((p: { direction: string }) => p.direction)).toEqual(['in', 'out']);

    const current = await ctx.get('/attendance/user-info/current', inDemo(mario));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({
      userInfoId: ids['mario.rossi'],
      autoApprove: false,
      timeZone: TZ,
      clock: { state: 'out' },
    });
    expect(current.json().contract.weeklyMinutes).toBe(40 * 60);
  });

  it('validates the direction and keeps admins and the accountant (no employee role) out', async () => {
    const res = await ctx.post('/member/clock', { direction: 'sideways' }, inDemo(mario));
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res).direction).toBe('Indica se è un’entrata o un’uscita');
    expectError(await ctx.post('/member/clock', {}, inDemo(mario)), 400, 'VALIDATION_FAILED');
    expectError(await ctx.post('/member/clock', { direction: 'in' }, inDemo(admin)), 403, 'FORBIDDEN');
    expectError(await ctx.get('/member/clock', inDemo(accountant)), 403, 'FORBIDDEN');
    expectError(await ctx.post('/member/clock', { direction: 'in' }), 401, 'UNAUTHENTICATED');
    expectError(
      await ctx.post('/member/clock', { direction: 'in' }, { ...inDemo(mario), noClientHeader: true }),
      403,
      'CSRF_REJECTED',
    );
  });
});

describe('punch corrections by an admin', () => {
  it('adds, corrects and deletes punches with a required reason, all in the audit log', async () => {
    const url = `/admin/user/${ids['giulia.esposito']}/punch`;
    let res = await ctx.post(url, { at: '2026-06-08 09:00', direction: 'in' }, inDemo(admin));
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res).reason).toBe('Indica il motivo della correzione');
    res = await ctx.post(url, { at: '08/06/2026 9:00', direction: 'in', reason: 'badge' }, inDemo(admin));
    expect(fieldErrors(res).at).toBe('Inserisci data e ora (AAAA-MM-GG HH:mm:ss)');
    res = await ctx.post(url, { at: '2026-02-30 09:00:00', direction: 'in', reason: 'badge' }, inDemo(admin));
    expect(fieldErrors(res).at).toBe('Inserisci data e ora (AAAA-MM-GG HH:mm:ss)');
    res = await ctx.post(url, { at: '2099-01-01 09:00:00', direction: 'in', reason: 'badge' }, inDemo(admin));
    expect(fieldErrors(res).at).toBe('La timbratura non può essere nel futuro');

    res = await ctx.post(
      url,
      { at: '2026-06-08 09:00:00', direction: 'in', reason: 'Badge dimenticato a casa' },
      inDemo(admin),
    );
    expect(res.statusCode, res.body).toBe(200);
    const punch = res.json();
    // 09:00 in Rome in June is 07:00 UTC (summer time).
    expect(punch).toMatchObject({
      localDate: '2026-06-08',
      localTime: '09:00',
      at: '2026-06-08T07:00:00.000Z',
      direction: 'in',
      source: 'admin',
      reason: 'Badge dimenticato a casa',
    });

    res = await ctx.post(
      `/admin/punch/${punch.id}`,
      { at: '2026-06-08 08:45:00', direction: 'in', reason: 'Orario corretto dal responsabile' },
      inDemo(admin),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().localTime).toBe('08:45');

    res = await ctx.get(url, inDemo(admin, { from: '2026-06-08', to: '2026-06-08' }));
    expect(res.json().map((p: { localTime: string }) => p.localTime)).toEqual(['08:45']);
    expect((await ctx.get(url, inDemo(accountant, { from: '2026-06-08', to: '2026-06-08' }))).statusCode).toBe(200);

    res = await ctx.request('DELETE', `/admin/punch/${punch.id}`, {}, inDemo(admin));
    expect(fieldErrors(res).reason).toBe('Indica il motivo della correzione');
    res = await ctx.request('DELETE', `/admin/punch/${punch.id}`, { reason: 'Inserita per errore' }, inDemo(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(await ctx.db.select().from(punches).where(eq(punches.id, punch.id))).toHaveLength(0);

    const trail = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'punch'), eq(auditLog.entityId, punch.id)));
    expect(trail.map((a) => a.action).sort()).toEqual(['punch.create', 'punch.delete', 'punch.update']);
    const del = trail.find((a) => a.action === 'punch.delete')!;
    expect(del.changes).toMatchObject({ reason: 'Inserita per errore', at: '2026-06-08T06:45:00.000Z' });
  });

  it('hides other workspaces’ punches and people (404) and keeps employees out (403)', async () => {
    const p = await punchAt(paoloId, '2026-06-08', '09:00', 'in', ctx.ws.beta);
    await expectForeignRecordsHidden(ctx, admin, ctx.ws.demo, [
      {
        method: 'POST',
        url: `/admin/punch/${p.id}`,
        body: { at: '2026-06-08 09:10:00', direction: 'in', reason: 'x' },
      },
      { method: 'DELETE', url: `/admin/punch/${p.id}`, body: { reason: 'x' } },
      {
        method: 'POST',
        url: `/admin/user/${paoloId}/punch`,
        body: { at: '2026-06-08 09:10:00', direction: 'in', reason: 'x' },
      },
      { method: 'GET', url: `/admin/user/${paoloId}/punch?from=2026-06-01&to=2026-06-30` },
    ]);
    expectError(
      await ctx.post(
        `/admin/user/${ids['mario.rossi']}/punch`,
        { at: '2026-06-08 09:00:00', direction: 'in', reason: 'x' },
        inDemo(mario),
      ),
      403,
      'FORBIDDEN',
    );
    expectError(
      await ctx.post(
        `/admin/user/${ids['mario.rossi']}/punch`,
        { at: '2026-06-08 09:00:00', direction: 'in', reason: 'x' },
        inDemo(accountant),
      ),
      403,
      'FORBIDDEN',
    );
    expectError(
      await ctx.get(`/admin/user/${ids['mario.rossi']}/punch`, inDemo(admin, { from: '2026-06-10', to: '2026-06-01' })),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('attendance data and the timesheet', () => {
  const june = { from: '2026-06-01', to: '2026-06-07' };

  beforeAll(async () => {
    const m = ids['mario.rossi']!;
    // Monday 1: a full day in two pairs. Tuesday 2: Festa della Repubblica. Wednesday 3: the exit is missing.
    await punchAt(m, '2026-06-01', '09:00', 'in');
    await punchAt(m, '2026-06-01', '13:00', 'out');
    await punchAt(m, '2026-06-01', '14:00', 'in');
    await punchAt(m, '2026-06-01', '18:00', 'out');
    await punchAt(m, '2026-06-03', '09:00', 'in');
    // Friday 5: 6 hours worked and 3 hours of approved ROL: the ROL covers only the 2 missing hours.
    await punchAt(m, '2026-06-05', '09:00', 'in');
    await punchAt(m, '2026-06-05', '15:00', 'out');
    const res = await ctx.post(
      '/admin/justification-request',
      { userInfoIds: [m], date: '2026-06-05', justificationId: J.ROL, startsAtMinutes: 900, endsAtMinutes: 1080 },
      inDemo(admin),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('explains every figure of a day: expected, worked, covered, balance, holidays and anomalies', async () => {
    const d = await dataOf(mario, june);
    expect(d.users).toHaveLength(1);
    expect(d.users[0]!.userInfo.id).toBe(ids['mario.rossi']);
    expect(dayOf(d, '2026-06-01')).toMatchObject({ expected: 480, worked: 480, covered: 0, balance: 0, anomalies: [] });
    expect(dayOf(d, '2026-06-01').pairs).toHaveLength(2);
    expect(dayOf(d, '2026-06-02')).toMatchObject({
      expected: 0,
      worked: 0,
      holiday: { name: 'Festa della Repubblica' },
    });
    expect(dayOf(d, '2026-06-03').anomalies).toContain('missing_exit');
    expect(dayOf(d, '2026-06-04')).toMatchObject({ expected: 480, worked: 0, balance: -480 });
    expect(dayOf(d, '2026-06-04').anomalies).toEqual(['unjustified_shortfall']);
    const fri = dayOf(d, '2026-06-05');
    expect(fri).toMatchObject({ expected: 480, worked: 360, covered: 120, balance: 0 });
    expect(fri.requests).toEqual([
      expect.objectContaining({ justificationId: J.ROL, impact: 'nothing', minutes: 180, credited: 120 }),
    ]);
    expect(dayOf(d, '2026-06-06')).toMatchObject({ expected: 0, worked: 0, balance: 0 });
    expect(d.users[0]!.totals).toMatchObject({ expected: 480 * 4, worked: 480 + 360, covered: 120 });
    expect(d.users[0]!.punches.filter((p) => p.localDate <= '2026-06-07')).toHaveLength(7);

    const anomalies = await dataOf(mario, { ...june, mode: 'anomalies' });
    expect(anomalies.users[0]!.days.map((x) => x.date)).toEqual(['2026-06-03', '2026-06-04']);
  });

  it('a month in progress: today’s running entry is no missing exit, the days to come are not short, the balance stops at yesterday', async () => {
    const today = todayIn(TZ);
    const range = { from: addDays(today, -1), to: addDays(today, 3) };
    const res = await ctx.post('/member/clock', { direction: 'in' }, inDemo(giulia));
    expect(res.statusCode, res.body).toBe(200);
    try {
      const d = await dataOf(giulia, range);
      const now = dayOf(d, today);
      expect(now.open).toBe(true);
      expect(now.pairs).toEqual([expect.objectContaining({ open: true, anomaly: null, endsAt: null, minutes: 0 })]);
      expect(now.anomalies).toEqual([]);
      for (let i = 1; i <= 3; i++) expect(dayOf(d, addDays(today, i))).toMatchObject({ open: true, anomalies: [] });
      const yesterday = dayOf(d, range.from);
      expect(yesterday.open).toBe(false);
      expect(d.users[0]!.totals).toMatchObject({ openDays: 4, balance: yesterday.balance });

      const sheet = await ctx.get(
        '/attendance/attendance-data/timesheet',
        inDemo(admin, { ...range, search: 'Esposito' }),
      );
      expect(sheet.statusCode, sheet.body).toBe(200);
      const row = sheet.json().items[0];
      expect(row.days.map((c: { open: boolean }) => c.open)).toEqual([false, true, true, true, true]);
      expect(row.totals.balance).toBe(yesterday.balance);
    } finally {
      expect((await ctx.post('/member/clock', { direction: 'out' }, inDemo(giulia))).statusCode).toBe(200);
    }
  });

  it('keeps colleagues’ data private and other workspaces out', async () => {
    expectError(
      await ctx.get(
        '/attendance/attendance-data',
        inDemo(giulia, { ...june, 'user_info_ids[]': [ids['mario.rossi']!] }),
      ),
      403,
      'FORBIDDEN',
    );
    const own = await dataOf(giulia, { ...june, 'user_info_ids[]': [ids['giulia.esposito']!] });
    expect(own.users.map((u) => u.userInfo.id)).toEqual([ids['giulia.esposito']]);
    const forAdmin = await dataOf(admin, {
      ...june,
      'user_info_ids[]': [ids['mario.rossi']!, ids['giulia.esposito']!],
    });
    expect(forAdmin.users.map((u) => u.userInfo.lastName)).toEqual(['Esposito', 'Rossi']);
    expect((await dataOf(accountant, { ...june, 'user_info_ids[]': [ids['mario.rossi']!] })).users).toHaveLength(1);
    const all = await dataOf(admin, june);
    expect(all.users.length).toBeGreaterThan(5);
    expect(all.users.some((u) => u.userInfo.id === ids.admin)).toBe(false);
    expectError(
      await ctx.get('/attendance/attendance-data', inDemo(admin, { ...june, 'user_info_ids[]': [paoloId] })),
      404,
      'NOT_FOUND',
    );
    expectError(
      await ctx.get('/attendance/attendance-data', inDemo(admin, { from: '2026-06-10', to: '2026-06-01' })),
      400,
      'VALIDATION_FAILED',
    );
    const tooLong = await ctx.get(
      '/attendance/attendance-data',
      inDemo(admin, { from: '2026-01-01', to: '2026-12-31' }),
    );
    expect(fieldErrors(tooLong).to).toBe('Intervallo troppo lungo (al massimo 93 giorni)');
    expectError(
      await ctx.get('/attendance/attendance-data', { session: mario, workspace: ctx.ws.beta, query: june }),
      403,
      'WORKSPACE_FORBIDDEN',
    );
  });

  it('builds the timesheet page with a fixed number of queries, whatever the number of employees', async () => {
    const count = async (query: Record<string, string>) => {
      const { value: res, n } = await coldStatements(ctx, () =>
        ctx.get('/attendance/attendance-data/timesheet', inDemo(admin, query)),
      );
      expect(res.statusCode, res.body).toBe(200);
      return { n, body: res.json() };
    };
    const one = await count({ ...june, per_page: '1' });
    const many = await count({ ...june, per_page: '50' });
    expect(one.body.items).toHaveLength(1);
    expect(many.body.items.length).toBeGreaterThan(5);
    expect(many.n).toBe(one.n);
    // ADR 0011: 10 statements per page, whatever its size — the session and its memberships, the page, the count, and
    // the engine inputs (contracts, their slots, their published shifts (ADR 0022), holidays, punches, requests).
    expect(one.n).toBe(10);
    const rossi = many.body.items.find((r: { userInfo: { id: string } }) => r.userInfo.id === ids['mario.rossi']);
    expect(rossi.totals).toMatchObject({ expected: 1920, worked: 840, covered: 120 });
    expect(rossi.days.find((x: { date: string }) => x.date === '2026-06-05')).toMatchObject({
      expected: 480,
      worked: 360,
      justified: 120,
      balance: 0,
    });
    expectError(await ctx.get('/attendance/attendance-data/timesheet', inDemo(mario, june)), 403, 'FORBIDDEN');
    expect(
      (await ctx.get('/attendance/attendance-data/timesheet', inDemo(accountant, { ...june, search: 'rossi' })))
        .json()
        .items.map((r: { userInfo: { lastName: string } }) => r.userInfo.lastName),
    ).toContain('Rossi');
  });

  it('exports the timesheet as XLSX and PDF', async () => {
    let res = await ctx.get(
      '/attendance/attendance-data/timesheet/export',
      inDemo(admin, { ...june, search: 'rossi' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="presenze_2026-06-01_2026-06-07.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = wb.getWorksheet('Riepilogo')!;
    expect(summary.getRow(2).values).toEqual([
      undefined,
      'Dipendente',
      'Ore previste',
      'Ore lavorate',
      'Ore giustificate',
      'Saldo (ore)',
      'Anomalie',
    ]);
    const row = summary.getRow(3).values as unknown[];
    expect(row.slice(1, 5)).toEqual(['Rossi Mario', 32, 14, 2]);
    expect(wb.getWorksheet('Dettaglio')!.rowCount).toBe(1 + 7);

    res = await ctx.get('/attendance/attendance-data/timesheet/export', inDemo(admin, { ...june, format: 'pdf' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2000);
    expectError(
      await ctx.get('/attendance/attendance-data/timesheet/export', inDemo(admin, { ...june, format: 'doc' })),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('counts approved usage only once and leaves sickness out of the balances list', async () => {
    await ctx.post(
      '/admin/justification-request',
      {
        userInfoIds: [ids['giulia.esposito']],
        date: '2026-06-29',
        justificationId: J.MAL,
        wholeDay: true,
        certificateCode: 'AB12345',
      },
      inDemo(admin),
    );
    const res = await ctx.get(`/admin/user/${ids['giulia.esposito']}/accrual`, inDemo(admin, { date: '2026-06-30' }));
    expect(res.json().balances.map((b: { justification: { code: string } }) => b.justification.code)).not.toContain(
      'MAL',
    );
    const [n] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(accrualEntries)
      .where(
        and(
          eq(accrualEntries.kind, 'usage'),
          eq(accrualEntries.justificationId, J.MAL!),
          eq(accrualEntries.userInfoId, ids['giulia.esposito']!),
        ),
      );
    expect(n!.n).toBe(1);
  });
});

describe('punch import from a badge reader', () => {
  function upload(
    path: 'import/preview' | 'import',
    content: string,
    session: Session = admin,
    workspace = ctx.ws.demo,
  ) {
    const form = new FormData();
    form.append('file', new Blob([content]), 'badge.csv');
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/punch/${path}`,
      headers: { cookie: session.cookie, 'x-client': 'timbro-web', 'x-workspace-id': workspace },
      payload: form,
    });
  }
  const csv = (rows: string[][]) => ['Codice fiscale;Data;Ora;Verso', ...rows.map((r) => r.join(';'))].join('\r\n');
  let marioCf: string;
  let giuliaEmail: string;
  beforeAll(async () => {
    const rows = await ctx.db.execute(
      sql`select u.fiscal_code, u.email from users u where u.email in ('mario.rossi@demo.timbro.it', 'giulia.esposito@demo.timbro.it') order by u.email`,
    );
    const list =
      (rows as unknown as { rows: { fiscal_code: string; email: string }[] }).rows ??
      (rows as unknown as { fiscal_code: string; email: string }[]);
    giuliaEmail = list[0]!.email;
    marioCf = list[1]!.fiscal_code;
  });
  const punchCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(punches))[0]!.n;

  it('previews every row with its errors and refuses the whole file while one is wrong', async () => {
    const file = csv([
      [marioCf, '15/07/2026', '08:58', 'E'],
      [marioCf, '15/07/2026', '13:01', 'U'],
      ['VRDLGU70A01H501X', '15/07/2026', '14:00', 'E'],
      [marioCf.toLowerCase(), '31/02/2026', '18:00', 'U'],
      [marioCf, '15/07/2026', '18:00', 'X'],
      [marioCf, '15/07/2026', '08:58', 'E'],
    ]);
    let res = await upload('import/preview', file);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      total: 6,
      valid: 2,
      invalid: 4,
      duplicates: 0,
      people: 1,
      from: '2026-07-15',
      to: '2026-07-15',
    });
    const errorsByLine = Object.fromEntries(
      p.rows
        .filter((r: { errors: unknown[] }) => r.errors.length)
        .map((r: { line: number; errors: { message: string }[] }) => [r.line, r.errors[0]!.message]),
    );
    expect(errorsByLine).toEqual({
      4: 'Nessun dipendente con codice fiscale VRDLGU70A01H501X',
      5: 'Data o ora non valida (usa GG/MM/AAAA e HH:mm)',
      6: 'Verso non valido: usa E (entrata) o U (uscita)',
      7: 'Timbratura ripetuta: è uguale alla riga 2',
    });
    const before = await punchCount();
    res = await upload('import', file);
    expect(expectError(res, 400, 'VALIDATION_FAILED').message).toBe(
      'Il file contiene 4 righe con errori: nessuna timbratura è stata importata',
    );
    expect(fieldErrors(res)['rows.4.fiscalCode']).toBe('Riga 4: Nessun dipendente con codice fiscale VRDLGU70A01H501X');
    expect(await punchCount()).toBe(before);
  });

  it('imports a clean file at once, in local time, and skips what is already stored when imported again', async () => {
    const file = [
      'Email,Data e ora,Verso',
      `${giuliaEmail},2026-07-16 08:55,entrata`,
      `${giuliaEmail},2026-07-16 17:05,uscita`,
      `${giuliaEmail},2026-07-16 23:30,IN`,
      `${giuliaEmail},2026-07-17 06:10,OUT`,
    ].join('\n');
    let res = await upload('import', file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 4, duplicates: 0 });
    const d = await dataOf(admin, {
      from: '2026-07-16',
      to: '2026-07-17',
      'user_info_ids[]': [ids['giulia.esposito']!],
    });
    // 08:55–17:05 and a night pair 23:30–06:10 that belongs to the 16th.
    expect(dayOf(d, '2026-07-16').worked).toBe(490 + 400);
    expect(dayOf(d, '2026-07-17').worked).toBe(0);
    expect(d.users[0]!.punches.find((p) => p.localTime === '08:55')).toMatchObject({
      source: 'import',
      at: '2026-07-16T06:55:00.000Z',
    });

    res = await upload('import/preview', file);
    expect(res.json()).toMatchObject({ total: 4, valid: 4, duplicates: 4 });
    res = await upload('import', file);
    expect(res.json()).toEqual({ created: 0, duplicates: 4 });
  });

  it('asks for the needed columns, and keeps employees and other workspaces out', async () => {
    let res = await upload('import/preview', 'Nome;Data;Ora\nMario;15/07/2026;08:00');
    expect(fieldErrors(res).file).toBe('Manca la colonna «Codice fiscale» (oppure «Email») che indica il dipendente');
    res = await upload('import/preview', 'Codice fiscale;Data;Verso\nX;15/07/2026;E');
    expect(fieldErrors(res).file).toBe('Mancano le colonne «Data» e «Ora» (oppure «Data e ora»)');
    res = await upload('import/preview', csv([[marioCf, '15/07/2099', '08:00', 'E']]));
    expect(res.json().rows[0].errors[0].message).toBe('La timbratura non può essere nel futuro');
    // Mario's fiscal code means nothing in Beta.
    res = await upload('import/preview', csv([[marioCf, '15/07/2026', '08:00', 'E']]), betaAdmin, ctx.ws.beta);
    expect(res.json().invalid).toBe(1);
    expect((await upload('import/preview', csv([[marioCf, '15/07/2026', '08:00', 'E']]), mario)).statusCode).toBe(403);
  });
});
