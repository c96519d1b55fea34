/**
 * Benchmark (issue 16): the aggregated dashboard call (GET /dashboard) as the admin of a workspace of 200 employees
 * (open requests, next week's published shifts, contracts ending soon), measured server-side through the app, against
 * the raw SQL of the same counts in the same run (active employees, open requests, swaps awaiting a decision, contracts
 * ending within 30 days, next week's shifts). Prints p50/p95 of both and the statements of one call. Not a test.
 * Run: `npm run bench:dashboard` (PGlite in memory) or with DATABASE_URL=postgres://… (PostgreSQL).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, generateCodiceFiscale, isoWeekday, localToUtc } from '@timbro/shared';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, queryObservers } from '../apps/server/src/db/client';
import {
  contracts,
  contractTimeSlots,
  justificationRequests,
  justifications,
  users,
  workShiftAssignees,
  workShifts,
  workspaces,
} from '../apps/server/src/db/schema';
import { createDeps } from '../apps/server/src/runtime';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';
import { enrolMembers } from './seed-people';

const N = Number(process.env.BENCH_EMPLOYEES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const TZ = 'Europe/Rome';

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { p50: q(0.5), p95: q(0.95) };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [demo] = (await db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;
  const [fer] = await db.select().from(justifications).where(eq(justifications.code, 'FER'));
  const today = new Date().toISOString().slice(0, 10);
  const monday = addDays(today, 8 - isoWeekday(today));

  const t0 = performance.now();
  await db.transaction(async (tx) => {
    for (let i = 0; i < N; i += 100) {
      const batch = Array.from({ length: Math.min(100, N - i) }, (_, k) => {
        const n = i + k;
        const ln = `Cruscotto${String.fromCharCode(65 + (n % 26))}${n}`;
        return {
          email: `dash${n}@example.it`,
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
      const us = await tx.insert(users).values(batch).returning();
      const infos = await enrolMembers(tx, ws, us);
      // A fixed-term contract each, one in ten ending within the month; an open request each; a shift a weekday.
      const cs = await tx
        .insert(contracts)
        .values(
          infos.map((u, k) => ({
            workspaceId: ws,
            userInfoId: u.id,
            type: 'fixed' as const,
            workerType: 'employee' as const,
            startsAt: '2025-01-01',
            endsAt: k % 10 === 0 ? addDays(today, 10 + (k % 20)) : '2027-12-31',
            permanent: false,
          })),
        )
        .returning({ id: contracts.id });
      await tx
        .insert(contractTimeSlots)
        .values(
          cs.map((c) => ({ workspaceId: ws, contractId: c.id, weekday: 1, startsAtMinutes: 540, endsAtMinutes: 1080 })),
        );
      await tx.insert(justificationRequests).values(
        infos.map((u, k) => ({
          workspaceId: ws,
          userInfoId: u.id,
          justificationId: fer!.id,
          date: addDays(today, 14 + (k % 10)),
          category: 'regular' as const,
          wholeDay: true,
          amount: 1,
          status: 'open' as const,
        })),
      );
      for (let d = 0; d < 5; d++) {
        const date = addDays(monday, d);
        const rows = await tx
          .insert(workShifts)
          .values(
            infos.map(() => ({
              workspaceId: ws,
              date,
              startMinutes: 480,
              endMinutes: 960,
              pauseMinutes: 30,
              startsAt: new Date(localToUtc(date, 480, TZ)),
              endsAt: new Date(localToUtc(date, 960, TZ)),
              workMinutes: 450,
              publishedAt: new Date(),
            })),
          )
          .returning({ id: workShifts.id });
        await tx
          .insert(workShiftAssignees)
          .values(rows.map((r, k) => ({ workspaceId: ws, shiftId: r.id, userInfoId: infos[k]!.id })));
      }
    }
  });
  await db.execute(sql`analyze`);
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

  // The floor: the same counts and lists by raw SQL, one statement each, side by side.
  const raw = () =>
    Promise.all([
      database.raw.query(
        `select count(*) from user_infos ui join users u on u.id = ui.user_id where ui.workspace_id = $1 and ui.enabled`,
        [ws],
      ),
      database.raw.query(
        `select * from justification_requests where workspace_id = $1 and status = 'open' order by date limit 5`,
        [ws],
      ),
      database.raw.query(`select count(*) from justification_requests where workspace_id = $1 and status = 'open'`, [
        ws,
      ]),
      database.raw.query(`select count(*) from shift_swaps where workspace_id = $1 and status = 'waiting_admin'`, [ws]),
      database.raw.query(
        `select * from contracts where workspace_id = $1 and ends_at between $2 and $3 order by ends_at limit 5`,
        [ws, today, addDays(today, 30)],
      ),
      database.raw.query(
        `select s.*, a.user_info_id from work_shifts s join work_shift_assignees a on a.shift_id = s.id
         where s.workspace_id = $1 and s.published_at is not null and s.date between $2 and $3`,
        [ws, monday, addDays(monday, 6)],
      ),
    ]);
  const call = () => app.inject({ method: 'GET', url: '/api/v1/dashboard', headers });

  const first = await call();
  if (first.statusCode !== 200) throw new Error(first.body);
  await raw();
  let statements = 0;
  const watch = () => statements++;
  queryObservers.add(watch);
  await call();
  queryObservers.delete(watch);

  const callMs: number[] = [];
  const rawMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t = performance.now();
    await raw();
    rawMs.push(performance.now() - t);
    t = performance.now();
    await call();
    callMs.push(performance.now() - t);
  }
  const body = first.json();
  const c = stats(callMs);
  const f = stats(rawMs);
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(
    `Dashboard benchmark — ${kind}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  );
  console.log(
    `Seeded ${N} employees (contracts, open requests, next week's shifts) in ${(seedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `Widgets: ${Object.keys(body)
      .filter((k) => k !== 'today' && k !== 'timeZone')
      .join(
        ', ',
      )}; active ${body.activeEmployees?.count}, open requests ${body.pendingRequests?.total}, expiring contracts ${body.expiringContracts?.total}, next-week shifts ${body.nextWeekShifts?.shifts.length}`,
  );
  console.log(
    `GET /dashboard (admin):    p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms (goal p95 ≤ 150 ms); ${statements} statements`,
  );
  console.log(`Raw SQL of the same data:  p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms`);
  console.log(`Ratio p95: ${(c.p95 / f.p95).toFixed(2)}×`);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
