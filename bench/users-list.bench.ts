/**
 * Benchmark: the employee list (GET /admin/user) with 2,000 employees, against the raw SQL of the same page.
 * Prints figures with the machine; not a test. Run: `npm run bench` (PGlite) or with DATABASE_URL (PostgreSQL).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateCodiceFiscale } from '@timbro/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { userInfos, users, workspaces } from '../apps/server/src/db/schema';
import { createDeps } from '../apps/server/src/runtime';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';

const N = Number(process.env.BENCH_EMPLOYEES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p95: q(0.95) };
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const [demo] = (await database.db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const first = ['Luca', 'Anna', 'Marco', 'Sara', 'Paolo', 'Elena', 'Davide', 'Giulia'];
  const last = ['Rossi', 'Bianchi', 'Ferrari', 'Russo', 'Gallo', 'Costa', 'Fontana', 'Conti', 'Greco', 'Marino'];
  const t0 = performance.now();
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < N; i += 200) {
      const batch = Array.from({ length: Math.min(200, N - i) }, (_, k) => {
        const n = i + k;
        const fn = first[n % first.length]!;
        const ln = `${last[n % last.length]!}${String.fromCharCode(65 + (n % 26))}`;
        const day = String((n % 28) + 1).padStart(2, '0');
        return {
          email: `bench${n}@example.it`,
          firstName: fn,
          lastName: ln,
          fiscalCode: generateCodiceFiscale({
            lastName: ln,
            firstName: fn,
            birthDate: `19${60 + (n % 40)}-0${(n % 9) + 1}-${day}`,
            sex: n % 2 ? 'F' : 'M',
            belfiore: `H${String(100 + (n % 899)).padStart(3, '0')}`,
          }),
        };
      });
      const rows = await tx.insert(users).values(batch).onConflictDoNothing().returning({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        fiscalCode: users.fiscalCode,
      });
      await tx.insert(userInfos).values(
        rows.map((r) => ({
          workspaceId: demo!.id,
          userId: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          fiscalCode: r.fiscalCode,
          isMember: true,
          workEmail: 'x@y.it',
          pec: 'x@pec.it',
        })),
      );
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
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-workspace-id': demo!.id };

  const cases = {
    'page 1 (25), by surname': '/api/v1/admin/user?per_page=25&sort=lastName',
    'page 40 (25), by surname': '/api/v1/admin/user?per_page=25&page=40&sort=lastName',
    'search "ross", 100 per page': '/api/v1/admin/user?per_page=100&search=ross',
  };
  const raw = `select ui.id, u.first_name, u.last_name, u.email from user_infos ui join users u on u.id = ui.user_id where ui.workspace_id = $1 order by lower(u.last_name), lower(u.first_name), ui.id limit 25`;
  console.log(
    `Machine: ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, database ${database.kind}`,
  );
  console.log(`Employees: ${N} (+ demo), seeded in ${seedMs.toFixed(0)} ms; ${ROUNDS} rounds per case after 5 warm-up`);
  for (const [name, url] of Object.entries(cases)) {
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    }
    const { median, p95 } = stats(times);
    console.log(`GET ${name.padEnd(32)} median ${median.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms`);
  }
  const rawTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const s = performance.now();
    await database.raw.query(raw, [demo!.id]);
    rawTimes.push(performance.now() - s);
  }
  const r = stats(rawTimes);
  console.log(
    `raw SQL of page 1 (no groups, no count)      median ${r.median.toFixed(2)} ms   p95 ${r.p95.toFixed(2)} ms`,
  );
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
