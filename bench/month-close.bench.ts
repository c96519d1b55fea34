/**
 * Benchmark: the month closing (issue 12) of 1,000 employees × 31 days — POST /admin/month-log {force: true} (the
 * pre-close check and a waiting version), then the month-close job until the version is completed — against its floor
 * measured in the same run: the raw SQL fetch of the closing's inputs (members, contracts and slots, holidays, punches
 * and requests of the month, accrual balances at month end) plus one bare `insert … select from jsonb_to_recordset($1)`
 * of as many sheets and lines as the closing wrote. Prints both figures, their ratio, the SQL statements of one
 * closing (the progress beats apart) and where the closing's time goes. Not a test.
 * Run: `npm run bench:month-close` (PGlite in memory) or `bash bench/with-postgres.sh npm run bench:month-close`.
 * BENCH_EMPLOYEES (1000), BENCH_ROUNDS (5) and BENCH_WARMUP (1) change the run; BENCH_TRACE=1 lists one closing's
 * statements with their start times.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, generateCodiceFiscale, isoWeekday, localToUtc } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, queryObservers } from '../apps/server/src/db/client';
import {
  accrualEntries,
  contracts,
  contractTimeSlots,
  justificationRequests,
  justifications,
  punches,
  users,
  workspaces,
} from '../apps/server/src/db/schema';
import { workspaceScope } from '../apps/server/src/db/scope';
import { everyonesSheets } from '../apps/server/src/modules/attendance/attendance-data.service';
import { runMonthCloseJob } from '../apps/server/src/modules/month-logs/month-close.job';
import { computeMonth } from '../apps/server/src/modules/month-logs/month-compute';
import { precheck } from '../apps/server/src/modules/month-logs/month-logs.service';
import type { RequestCtx } from '../apps/server/src/plugins/request-context';
import { createDeps } from '../apps/server/src/runtime';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';
import { enrolMembers } from './seed-people';

const N = Number(process.env.BENCH_EMPLOYEES ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const TRACE = process.env.BENCH_TRACE === '1';
const MONTH = '2026-03'; // 31 days, with the change to summer time on the 29th
const FROM = '2026-03-01';
const TO = '2026-03-31';
const TZ = 'Europe/Rome';
/** The accrual periods seeded before the month closes: January 2025 (the contracts' start) to March 2026. */
const PERIODS = Array.from({ length: 15 }, (_, i) => {
  const m = i % 12;
  return `${2025 + Math.floor(i / 12)}-${String(m + 1).padStart(2, '0')}`;
});
const lastDay = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return `${period}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};
/** The progress and heartbeat writes of the job (not counted among the closing's statements). */
const isBeat = (q: string) => q.startsWith('update "month_logs" set "progress_done"');
/** Transaction control: node-postgres logs `begin` and `commit` through drizzle, PGlite does not. */
const isTxControl = (q: string) => q === 'begin' || q === 'commit' || q === 'rollback';

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p95: q(0.95) };
}
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [demo] = (await db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;
  const byCode = new Map(
    (await db.select().from(justifications).where(eq(justifications.workspaceId, ws))).map((j) => [j.code, j]),
  );
  const [fer, rol, exf, mal] = ['FER', 'ROL', 'EXF', 'MAL'].map((c) => byCode.get(c)!) as [
    typeof justifications.$inferSelect,
    typeof justifications.$inferSelect,
    typeof justifications.$inferSelect,
    typeof justifications.$inferSelect,
  ];

  // Seed: N employees with a contract since 2025 (full time 9–18 with lunch 13–14, every fifth part time 9–13), their
  // punches on working days (a late exit now and then, one missing exit in fifty), a day of holiday, an hour of ROL
  // (a third still open), three days of sickness for one in twenty-five, and the accrual ledger: a monthly accrual of
  // FER, ROL and EXF from January 2025 to March 2026 plus the usage of the approved holidays and ROL.
  const t0 = performance.now();
  let punchCount = 0;
  let requestCount = 0;
  let accrualCount = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < N; i += 100) {
      const batch = Array.from({ length: Math.min(100, N - i) }, (_, k) => {
        const n = i + k;
        const ln = `Chiusura${String.fromCharCode(65 + (n % 26))}${n}`;
        return {
          email: `mc${n}@example.it`,
          firstName: 'Dipendente',
          lastName: ln,
          fiscalCode: generateCodiceFiscale({
            lastName: ln,
            firstName: 'Dipendente',
            birthDate: `19${60 + (n % 40)}-0${(n % 9) + 1}-1${n % 9}`,
            sex: n % 2 ? 'F' : 'M',
            belfiore: `H${String(100 + (n % 899)).padStart(3, '0')}`,
          }),
        };
      });
      const us = await tx.insert(users).values(batch).onConflictDoNothing().returning({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        fiscalCode: users.fiscalCode,
      });
      const infos = await enrolMembers(tx, ws, us);
      const cs = await tx
        .insert(contracts)
        .values(
          infos.map((u) => ({
            workspaceId: ws,
            userInfoId: u.id,
            type: 'fixed' as const,
            workerType: 'employee' as const,
            startsAt: '2025-01-01',
            permanent: true,
          })),
        )
        .returning({ id: contracts.id, userInfoId: contracts.userInfoId });
      const partTime = (k: number) => (i + k) % 5 === 4;
      await tx.insert(contractTimeSlots).values(
        cs.flatMap((c, k) =>
          [1, 2, 3, 4, 5].map((weekday) =>
            partTime(k)
              ? { workspaceId: ws, contractId: c.id, weekday, startsAtMinutes: 540, endsAtMinutes: 780 }
              : {
                  workspaceId: ws,
                  contractId: c.id,
                  weekday,
                  startsAtMinutes: 540,
                  endsAtMinutes: 1080,
                  pauseStartsAtMinutes: 780,
                  pauseEndsAtMinutes: 840,
                },
          ),
        ),
      );
      const ps: (typeof punches.$inferInsert)[] = [];
      const rs: (typeof justificationRequests.$inferInsert)[] = [];
      infos.forEach((u, k) => {
        const n = i + k;
        const holiday = addDays(FROM, 2 + (n % 20));
        const sick = n % 25 === 0 ? [0, 1, 2].map((d) => addDays(FROM, 9 + (n % 10) + d)) : [];
        const rolApproved = n % 3 !== 0;
        for (let d = FROM; d <= TO; d = addDays(d, 1)) {
          if (isoWeekday(d) > 5 || d === holiday || sick.includes(d)) continue;
          const at = (m: number) => new Date(localToUtc(d, m, TZ));
          const jitter = (n * 7 + Number(d.slice(8))) % 11;
          const late = n % 7 === 0 && isoWeekday(d) === 2 ? 60 : 0;
          const exit = d === '2026-03-20' && rolApproved ? 1020 : 1075 + jitter + late;
          const day: [number, 'in' | 'out'][] = partTime(k)
            ? [
                [535 + jitter, 'in'],
                [775 + jitter, 'out'],
              ]
            : [
                [535 + jitter, 'in'],
                [780, 'out'],
                [840, 'in'],
                [exit, 'out'],
              ];
          if (n % 50 === 0 && d === '2026-03-10') day.pop();
          for (const [m, direction] of day)
            ps.push({
              workspaceId: ws,
              userInfoId: u.id,
              at: at(m),
              timeZone: TZ,
              localDate: d,
              direction,
              source: 'import',
            });
        }
        const regular = { workspaceId: ws, userInfoId: u.id, category: 'regular' as const, amount: 1 };
        if (isoWeekday(holiday) <= 5 && !sick.includes(holiday))
          rs.push({ ...regular, justificationId: fer.id, date: holiday, wholeDay: true, status: 'approved' });
        if (!partTime(k))
          rs.push({
            ...regular,
            justificationId: rol.id,
            date: '2026-03-20',
            wholeDay: false,
            startsAtMinutes: 1020,
            endsAtMinutes: 1080,
            status: rolApproved ? 'approved' : 'open',
          });
        for (const d of sick)
          if (isoWeekday(d) <= 5)
            rs.push({ ...regular, justificationId: mal.id, date: d, wholeDay: true, status: 'approved' });
      });
      for (let p = 0; p < ps.length; p += 2000) await tx.insert(punches).values(ps.slice(p, p + 2000));
      const requests = await tx.insert(justificationRequests).values(rs).returning({
        id: justificationRequests.id,
        userInfoId: justificationRequests.userInfoId,
        justificationId: justificationRequests.justificationId,
        date: justificationRequests.date,
        status: justificationRequests.status,
      });
      const es: (typeof accrualEntries.$inferInsert)[] = [];
      cs.forEach((c, k) => {
        for (const period of PERIODS)
          for (const [j, monthly] of [
            [fer.id, 2.17],
            [rol.id, partTime(k) ? 3 : 6],
            [exf.id, partTime(k) ? 1.33 : 2.67],
          ] as const)
            es.push({
              workspaceId: ws,
              userInfoId: c.userInfoId,
              justificationId: j,
              entryDate: lastDay(period),
              amount: monthly,
              kind: 'accrual',
              contractId: c.id,
              period,
              rule: `Maturazione mensile ${monthly}`,
            });
      });
      for (const r of requests)
        if (r.status === 'approved' && r.justificationId !== mal.id)
          es.push({
            workspaceId: ws,
            userInfoId: r.userInfoId,
            justificationId: r.justificationId,
            entryDate: r.date,
            amount: -1,
            kind: 'usage',
            requestId: r.id,
            rule: 'request',
          });
      for (let e = 0; e < es.length; e += 2000) await tx.insert(accrualEntries).values(es.slice(e, e + 2000));
      punchCount += ps.length;
      requestCount += rs.length;
      accrualCount += es.length;
    }
  });
  await database.raw.exec('vacuum analyze');
  const seedMs = performance.now() - t0;

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false' });
  const deps = await createDeps(config, database);
  const app = await buildApp(deps);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-client': 'timbro-web' },
    payload: { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body.slice(0, 200)}`);
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-workspace-id': ws,
    'x-client': 'timbro-web',
  };
  const jobLog = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };
  const members = (
    await database.raw.query<{ n: number }>(
      'select count(*)::int as n from user_infos where workspace_id = $1 and is_member',
      [ws],
    )
  ).rows[0]!.n;
  const version = (await database.raw.query<{ v: string }>('select version() as v')).rows[0]!.v;

  // Every statement with its start time: the statement count of a closing and the timeline of its phases.
  let trace: { t: number; sql: string }[] = [];
  const observe = (q: string) => {
    trace.push({ t: performance.now(), sql: q.trim() });
  };
  queryObservers.add(observe);

  /** One closing: the close request through HTTP, then the job until the version is completed. */
  const closing = async () => {
    trace = [];
    const t = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/month-log',
      headers,
      payload: { month: MONTH, force: true },
    });
    if (res.statusCode !== 200) throw new Error(`close: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const requested = performance.now();
    const postTrace = trace;
    trace = [];
    const done = await runMonthCloseJob(deps, jobLog);
    const end = performance.now();
    const id = (res.json() as { id: string }).id;
    const status = (await database.raw.query<{ status: string }>('select status from month_logs where id = $1', [id]))
      .rows[0]!.status;
    if (done !== 1 || status !== 'completed') throw new Error(`close: ${done} versions done, status ${status}`);
    return { id, ms: end - t, postMs: requested - t, jobMs: end - requested, postTrace, jobTrace: trace, t, end };
  };

  /** The rows the engine loads, as plain SQL on the same connection, with the engine's concurrency. */
  const rawFetch = async () => {
    const people = await database.raw.query<{ id: string }>(
      `select ui.id, ui.first_name, ui.last_name from user_infos ui join users u on u.id = ui.user_id
       where ui.workspace_id = $1 and ui.is_member
       order by translate(lower(ui.last_name), 'àáâãäåèéêëìíîïòóôõöùúûüýçñ', 'aaaaaaeeeeiiiiooooouuuuycn'),
                translate(lower(ui.first_name), 'àáâãäåèéêëìíîïòóôõöùúûüýçñ', 'aaaaaaeeeeiiiiooooouuuuycn'), ui.id`,
      [ws],
    );
    const ids = people.rows.map((p) => p.id);
    await Promise.all([
      database.raw
        .query<{ id: string }>(
          `select * from contracts where workspace_id = $1 and user_info_id = any($2::uuid[]) and starts_at <= $4
           and (ends_at is null or ends_at >= $3) order by starts_at`,
          [ws, ids, FROM, TO],
        )
        .then((cs) =>
          database.raw.query(
            `select * from contract_time_slots where workspace_id = $1 and contract_id = any($2::uuid[])`,
            [ws, cs.rows.map((c) => c.id)],
          ),
        ),
      database.raw.query(`select * from holidays where workspace_id = $1`, [ws]),
      database.raw.query(
        // The columns the engine reads, the instant as text (as loadEnginePunches).
        `select id, user_info_id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, direction
         from punches where workspace_id = $1 and user_info_id = any($2::uuid[]) and local_date between $3 and $4
         order by at, id`,
        [ws, ids, addDays(FROM, -1), addDays(TO, 1)],
      ),
      database.raw.query(
        `select r.*, j.id, j.code, j.name, j.unit, j.impact, ui.id, ui.first_name, ui.last_name
         from justification_requests r join justifications j on j.id = r.justification_id
         join user_infos ui on ui.id = r.user_info_id join users u on u.id = ui.user_id
         where r.workspace_id = $1 and r.user_info_id = any($2::uuid[]) and r.date between $3 and $4
         order by r.date, r.starts_at_minutes, r.created_at`,
        [ws, ids, FROM, TO],
      ),
    ]);
    await database.raw.query(
      `select user_info_id, justification_id, round(sum(amount), 2)::float8 as balance from accrual_entries
       where workspace_id = $1 and entry_date <= $2 group by user_info_id, justification_id
       having bool_or(kind <> 'usage')`,
      [ws, TO],
    );
  };

  type Sheet = { user_info_id: string; first_name: string; last_name: string; days: unknown; totals: unknown };
  type Line = { u: string; d: string; i: string; m: number };
  /** A bare bulk insert of the closing's output (copies of the rows it wrote) under a throwaway version. */
  const rawWrite = async (sheets: (Sheet & { balances: unknown })[], lines: Line[], n: number) => {
    const { id } = (
      await database.raw.query<{ id: string }>(
        `insert into month_logs (workspace_id, end_of_month, version_number, status) values ($1, $2, $3, 'failed')
         returning id`,
        [ws, TO, 100000 + n],
      )
    ).rows[0]!;
    const t = performance.now();
    await database.raw.query(
      `insert into month_log_sheets (workspace_id, month_log_id, user_info_id, first_name, last_name, days, totals, balances)
       select $1::uuid, $2::uuid, s.user_info_id, s.first_name, s.last_name, s.days, s.totals, s.balances
       from jsonb_to_recordset($3::jsonb) as s(user_info_id uuid, first_name text, last_name text, days jsonb, totals jsonb, balances jsonb)`,
      [ws, id, JSON.stringify(sheets)],
    );
    await database.raw.query(
      `insert into month_log_lines (workspace_id, month_log_id, user_info_id, date, item, minutes)
       select $1::uuid, $2::uuid, l.u, l.d, l.i, l.m from jsonb_to_recordset($3::jsonb) as l(u uuid, d date, i text, m int)`,
      [ws, id, JSON.stringify(lines)],
    );
    const ms = performance.now() - t;
    await database.raw.query('delete from month_logs where id = $1', [id]);
    return ms;
  };

  /** What the version wrote (and copies of it for the floor's insert), then the version goes away. */
  const output = async (id: string) => {
    const sheets = (
      await database.raw.query<Sheet & { balances: unknown }>(
        'select user_info_id, first_name, last_name, days, totals, balances from month_log_sheets where month_log_id = $1',
        [id],
      )
    ).rows;
    const lines = (
      await database.raw.query<Line>(
        `select user_info_id as u, to_char(date, 'YYYY-MM-DD') as d, item as i, minutes as m from month_log_lines
         where month_log_id = $1`,
        [id],
      )
    ).rows;
    const bytes = JSON.stringify(sheets).length + JSON.stringify(lines).length;
    return { sheets, lines, bytes };
  };
  const cleanup = async (id: string) => {
    await database.raw.query('delete from month_logs where id = $1', [id]);
    await database.raw.exec('vacuum analyze month_logs, month_log_sheets, month_log_lines');
  };

  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(
    `Database: ${database.kind === 'pglite' ? 'PGlite in memory' : 'PostgreSQL'} (${version.split(' on ')[0]!.split(',')[0]})`,
  );
  console.log(
    `Employees: ${members} members (${N} generated + demo), ${punchCount.toLocaleString('en-US')} punches, ${requestCount.toLocaleString('en-US')} requests in ${MONTH}, ${accrualCount.toLocaleString('en-US')} accrual entries; seeded in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`${ROUNDS} rounds after ${WARMUP} warm-up; each round: one closing, then its floor`);

  const e2e: number[] = [];
  const post: number[] = [];
  const job: number[] = [];
  const floor: number[] = [];
  const fetchMs: number[] = [];
  const writeMs: number[] = [];
  const phases = new Map<string, number[]>();
  let counted: {
    post: number;
    job: number;
    beats: number;
    tx: number;
    sheets: number;
    lines: number;
    bytes: number;
  } | null = null;
  for (let r = 0; r < WARMUP + ROUNDS; r++) {
    const c = await closing();
    queryObservers.delete(observe);
    const out = await output(c.id);
    let s = performance.now();
    await rawFetch();
    const f = performance.now() - s;
    s = performance.now();
    const w = await rawWrite(out.sheets, out.lines, r);
    queryObservers.add(observe);
    await cleanup(c.id);
    if (r < WARMUP) continue;
    e2e.push(c.ms);
    post.push(c.postMs);
    job.push(c.jobMs);
    fetchMs.push(f);
    writeMs.push(w);
    floor.push(f + w);
    if (!counted) {
      counted = {
        post: c.postTrace.filter((q) => !isTxControl(q.sql)).length,
        job: c.jobTrace.filter((q) => !isBeat(q.sql) && !isTxControl(q.sql)).length,
        beats: c.jobTrace.filter((q) => isBeat(q.sql)).length,
        tx: [...c.postTrace, ...c.jobTrace].filter((q) => isTxControl(q.sql)).length,
        sheets: out.sheets.length,
        lines: out.lines.length,
        bytes: out.bytes,
      };
      if (TRACE)
        for (const q of [...c.postTrace, ...c.jobTrace])
          console.log(`  +${(q.t - c.t).toFixed(0).padStart(6)} ms  ${q.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
    }
    // The phases of the request and of the job, from the start times of their statements.
    const at = (re: RegExp, trace = c.jobTrace) => trace.find((q) => re.test(q.sql))?.t ?? NaN;
    const postPeople = at(/from "user_infos" inner join "users"/, c.postTrace);
    const postVersion = at(/^select coalesce\(max\("version_number"\)/, c.postTrace);
    const requested = c.t + c.postMs;
    const claim = c.jobTrace[0]!.t;
    const people = at(/from "user_infos" inner join "users"/);
    const balances = at(/from "accrual_entries"/);
    const sheets = at(/^insert into "month_log_sheets"/);
    const lines = at(/^insert into "month_log_lines"/);
    const last = c.jobTrace[c.jobTrace.length - 1]!.t; // the claim that finds nothing left
    for (const [name, ms] of [
      ['POST: inject, session, membership', postPeople - c.t],
      ['POST: pre-close check (computeMonth + payroll codes + check)', postVersion - postPeople],
      ['POST: waiting version, audit, response', requested - postVersion],
      ['job: claim, version row, workspace', people - claim],
      ['job: load inputs + compute sheets and lines (computeMonth, with its beats)', balances - people],
      ['job: balances, totals, begin, deletes, JSON of the sheets', sheets - balances],
      ['job: insert sheets + JSON of the lines', lines - sheets],
      ['job: insert lines, status completed, commit', last - lines],
      ['job: last claim (finds nothing)', c.end - last],
    ] as const)
      phases.set(name, [...(phases.get(name) ?? []), ms]);
  }
  queryObservers.delete(observe);

  // The closing's compute apart from its loads: the engine's loads alone, then the whole computeMonth.
  const ctx = { scope: workspaceScope(ws), timeZone: TZ };
  const loads: number[] = [];
  const computes: number[] = [];
  const checks: number[] = [];
  for (let r = 0; r < Math.min(3, ROUNDS); r++) {
    let s = performance.now();
    await everyonesSheets(deps, ctx, FROM, TO);
    loads.push(performance.now() - s);
    s = performance.now();
    await computeMonth(deps, ctx, MONTH);
    computes.push(performance.now() - s);
    s = performance.now();
    await precheck(deps, ctx as unknown as RequestCtx, MONTH); // it reads only the scope and the time zone
    checks.push(performance.now() - s);
  }

  const a = stats(e2e);
  const f = stats(floor);
  const k = counted!;
  console.log(
    `Output of one closing: ${k.sheets.toLocaleString('en-US')} sheets (× 31 days) and ${k.lines.toLocaleString('en-US')} lines, ${(k.bytes / 2 ** 20).toFixed(1)} MiB of JSON`,
  );
  console.log(
    `closing end to end (POST + job until completed)   median ${fmt(a.median)}   p95 ${fmt(a.p95)}   (${k.post + k.job} SQL statements: ${k.post} in the POST incl. session, ${k.job} in the job; plus ${k.beats} progress beats${k.tx ? ` and ${k.tx} begin/commit` : ''})`,
  );
  console.log(
    `  POST /admin/month-log (pre-close check, waiting version)   median ${fmt(stats(post).median)}   p95 ${fmt(stats(post).p95)}`,
  );
  console.log(
    `  month-close job                                          median ${fmt(stats(job).median)}   p95 ${fmt(stats(job).p95)}`,
  );
  console.log(
    `floor: raw SQL fetch + bare bulk insert            median ${fmt(f.median)}   p95 ${fmt(f.p95)}   (7 + 2 statements)`,
  );
  console.log(
    `  raw SQL fetch of the inputs                              median ${fmt(stats(fetchMs).median)}   p95 ${fmt(stats(fetchMs).p95)}`,
  );
  console.log(
    `  insert … select from jsonb_to_recordset($1) × 2          median ${fmt(stats(writeMs).median)}   p95 ${fmt(stats(writeMs).p95)}`,
  );
  console.log(`ratio closing / floor (median)                    ${(a.median / f.median).toFixed(2)}×   (goal ≤ 1.5×)`);
  console.log('Where the closing’s time goes (medians, from the start times of its statements):');
  for (const [name, ms] of phases) console.log(`  ${name.padEnd(76)} ${fmt(stats(ms).median)}`);
  console.log(
    `Engine apart: loads alone (everyonesSheets) median ${fmt(stats(loads).median)}, computeMonth (loads + sheets + lines) median ${fmt(stats(computes).median)}, the pre-close check (computeMonth + payroll codes + check) median ${fmt(stats(checks).median)}`,
  );
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
