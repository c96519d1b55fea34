/**
 * Benchmark: the monthly timesheet (GET /attendance/attendance-data/timesheet) for 500 employees × 31 days with
 * punches and absence requests, against the raw SQL fetch of the same rows (people, contracts, slots, holidays,
 * punches, requests) in the same run. Prints both figures, their ratio and the number of SQL statements of one
 * timesheet call (fixed whatever the number of employees). Not a test.
 * Run: `npm run bench:timesheet` (PGlite in memory) or with DATABASE_URL=postgres://… (PostgreSQL).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, generateCodiceFiscale, isoWeekday, localToUtc } from '@timbro/shared';
import { eq } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, queryObservers } from '../apps/server/src/db/client';
import { justificationRequests, justifications, punches, users, workspaces } from '../apps/server/src/db/schema';
import { createDeps } from '../apps/server/src/runtime';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';
import { enrolMembers, nineToSixContracts } from './seed-people';

const N = Number(process.env.BENCH_EMPLOYEES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FROM = '2026-03-01'; // 31 days, with the change to summer time on the 29th
const TO = '2026-03-31';
const TZ = 'Europe/Rome';

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p95: q(0.95) };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [demo] = (await db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;
  const [fer] = await db.select().from(justifications).where(eq(justifications.code, 'FER'));
  const [rol] = await db.select().from(justifications).where(eq(justifications.code, 'ROL'));

  // Seed: N employees, each with a 9–18 contract (lunch 13–14), 4 punches a working day, a holiday and an hour of ROL.
  const t0 = performance.now();
  let punchCount = 0;
  let requestCount = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < N; i += 100) {
      const batch = Array.from({ length: Math.min(100, N - i) }, (_, k) => {
        const n = i + k;
        const ln = `Banco${String.fromCharCode(65 + (n % 26))}${n}`;
        return {
          email: `ts${n}@example.it`,
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
      await nineToSixContracts(
        tx,
        ws,
        infos.map((u) => u.id),
      );
      const ps: (typeof punches.$inferInsert)[] = [];
      const rs: (typeof justificationRequests.$inferInsert)[] = [];
      infos.forEach((u, k) => {
        const n = i + k;
        const holiday = addDays(FROM, 2 + (n % 20));
        for (let d = FROM; d <= TO; d = addDays(d, 1)) {
          if (isoWeekday(d) > 5 || d === holiday) continue;
          const at = (m: number) => new Date(localToUtc(d, m, TZ));
          const jitter = (n * 7 + Number(d.slice(8))) % 11;
          for (const [m, direction] of [
            [535 + jitter, 'in'],
            [780, 'out'],
            [840, 'in'],
            [1075 + jitter, 'out'],
          ] as const)
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
        if (isoWeekday(holiday) <= 5)
          rs.push({
            workspaceId: ws,
            userInfoId: u.id,
            justificationId: fer!.id,
            date: holiday,
            category: 'regular',
            wholeDay: true,
            amount: 1,
            status: 'approved',
          });
        rs.push({
          workspaceId: ws,
          userInfoId: u.id,
          justificationId: rol!.id,
          date: '2026-03-20',
          category: 'regular',
          wholeDay: false,
          startsAtMinutes: 1020,
          endsAtMinutes: 1080,
          amount: 1,
          status: n % 3 === 0 ? 'open' : 'approved',
        });
      });
      for (let p = 0; p < ps.length; p += 2000) await tx.insert(punches).values(ps.slice(p, p + 2000));
      await tx.insert(justificationRequests).values(rs);
      punchCount += ps.length;
      requestCount += rs.length;
    }
  });
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
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-workspace-id': ws,
    'x-client': 'timbro-web',
  };
  const members = (
    await database.raw.query<{ n: number }>(
      'select count(*)::int as n from user_infos where workspace_id = $1 and is_member',
      [ws],
    )
  ).rows[0]!.n;
  const url = `/api/v1/attendance/attendance-data/timesheet?from=${FROM}&to=${TO}&per_page=200`;
  const pages = Math.ceil(members / 200);

  // The raw SQL fetch of the same rows the endpoint reads (the page of people, their contracts and slots, the
  // holidays, the punches of the month ±1 day and the requests), with no engine and no serialisation.
  const rawFetch = async (page: number) => {
    const people = await database.raw.query<{ id: string }>(
      `select ui.id, u.first_name, u.last_name from user_infos ui join users u on u.id = ui.user_id where ui.workspace_id = $1 and ui.is_member order by lower(u.last_name), lower(u.first_name), ui.id limit 200 offset $2`,
      [ws, (page - 1) * 200],
    );
    const ids = people.rows.map((p) => p.id);
    await database.raw.query(`select count(*) from user_infos ui where ui.workspace_id = $1 and ui.is_member`, [ws]);
    const cs = await database.raw.query<{ id: string }>(
      `select * from contracts where workspace_id = $1 and user_info_id = any($2::uuid[]) and starts_at <= $4 and (ends_at is null or ends_at >= $3)`,
      [ws, ids, FROM, TO],
    );
    await database.raw.query(
      `select * from contract_time_slots where workspace_id = $1 and contract_id = any($2::uuid[])`,
      [ws, cs.rows.map((c) => c.id)],
    );
    await database.raw.query(`select * from holidays where workspace_id = $1`, [ws]);
    await database.raw.query(
      `select * from punches where workspace_id = $1 and user_info_id = any($2::uuid[]) and local_date between $3 and $4 order by at, id`,
      [ws, ids, addDays(FROM, -1), addDays(TO, 1)],
    );
    await database.raw.query(
      `select r.*, j.code, j.name, j.unit, j.impact, u.first_name, u.last_name from justification_requests r join justifications j on j.id = r.justification_id join user_infos ui on ui.id = r.user_info_id join users u on u.id = ui.user_id where r.workspace_id = $1 and r.user_info_id = any($2::uuid[]) and r.date between $3 and $4`,
      [ws, ids, FROM, TO],
    );
  };

  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, database ${database.kind}`,
  );
  console.log(
    `Employees: ${members} (${N} generated + demo), ${punchCount} punches and ${requestCount} requests in March 2026, seeded in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`One timesheet = ${pages} pages of 200 employees × 31 days; ${ROUNDS} rounds after 3 warm-up`);

  let statements = 0;
  const count = () => {
    statements++;
  };
  for (let i = 0; i < 3; i++) {
    for (let p = 1; p <= pages; p++) await app.inject({ method: 'GET', url: `${url}&page=${p}`, headers });
    for (let p = 1; p <= pages; p++) await rawFetch(p);
  }
  queryObservers.add(count);
  await app.inject({ method: 'GET', url: `${url}&page=1`, headers });
  queryObservers.delete(count);

  const api: number[] = [];
  const raw: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let s = performance.now();
    for (let p = 1; p <= pages; p++) {
      const res = await app.inject({ method: 'GET', url: `${url}&page=${p}`, headers });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    api.push(performance.now() - s);
    s = performance.now();
    for (let p = 1; p <= pages; p++) await rawFetch(p);
    raw.push(performance.now() - s);
  }
  const a = stats(api);
  const r = stats(raw);
  console.log(
    `timesheet endpoint (HTTP, auth, engine, JSON)   median ${a.median.toFixed(1)} ms   p95 ${a.p95.toFixed(1)} ms   (${statements} SQL statements per page, incl. the session check)`,
  );
  console.log(
    `raw SQL fetch of the same rows                  median ${r.median.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   (7 statements per page)`,
  );
  console.log(`ratio endpoint / raw SQL (median)               ${(a.median / r.median).toFixed(2)}×   (target ≤ 2×)`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
