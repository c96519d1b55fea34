/**
 * Benchmark (issue 17): GET /api/v1/user with a valid session against a bare Fastify hello-world, measured in the same
 * run with the same load tool (autocannon, 10 connections). Every logged-in request loads its session and the
 * person's memberships: this is the floor of every API call. Goal: ≥ 0.10× the bare framework on PGlite, ≥ 0.25× on
 * PostgreSQL (`bash bench/with-postgres.sh npm run bench:user-ratio`). Prints req/s, p50/p99 latency and non-2xx.
 * BENCH_SECONDS (10 per target) · BENCH_PORT (3295; the floor on +1). Not a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startAppServer, waitForOk } from './app-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3295);
const HELLO_PORT = PORT + 1;
const CONNECTIONS = 10;
const root = path.resolve(import.meta.dirname, '..');
const onPostgres = !!process.env.DATABASE_URL;

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function load(url: string, headers: Record<string, string> = {}) {
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx + r.errors + r.timeouts,
  };
}

async function main() {
  const app = await startAppServer(PORT);
  const hello = spawn(process.execPath, [path.join(root, 'bench/hello-server.mjs')], {
    env: { ...process.env, PORT: String(HELLO_PORT) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForOk(`http://127.0.0.1:${HELLO_PORT}/`);
    const login = await fetch(`http://127.0.0.1:${PORT}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client': 'timbro-web' },
      body: JSON.stringify({ username: 'admin@demo.timbro.it', password: 'Timbro2026!', remember_me: false }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const floor = await load(`http://127.0.0.1:${HELLO_PORT}/`);
    const user = await load(`http://127.0.0.1:${PORT}/api/v1/user`, { cookie });
    const ratio = user.rps / floor.rps;
    const goal = onPostgres ? 0.25 : 0.1;
    console.log(
      `GET /user against a bare Fastify hello-world — ${onPostgres ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, autocannon ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    console.log(
      `  floor, hello-world:  ${floor.rps} req/s, p50 ${floor.p50} ms, p99 ${floor.p99} ms, non-2xx ${floor.non2xx}`,
    );
    console.log(
      `  GET /api/v1/user:    ${user.rps} req/s, p50 ${user.p50} ms, p99 ${user.p99} ms, non-2xx ${user.non2xx}`,
    );
    console.log(`  ratio ${ratio.toFixed(3)}× (goal ≥ ${goal}×): ${ratio >= goal ? 'met' : 'NOT met'}`);
  } finally {
    await Promise.all([app.stop(), stop(hello)]);
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
