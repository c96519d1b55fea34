/**
 * Benchmark (issue 30 item 2): the hostile bulk pay-slip import and what the others notice of it. Through the API and
 * the `payslip-import` job, in one process on PGlite in memory:
 * 1. The floor, in this run: a second company's (Beta's) 40-page import read alone, and the API's latency
 *    (GET /admin/paycheck as Beta's admin, a call every 20 ms) while nothing runs.
 * 2. The review's file (1.5 MB whose one content stream decodes to 1.5 GB, drawn by all its 500 pages) uploaded by Demo
 *    together with Beta's import: how long until it is refused and with which text, the decoder's peak memory (the
 *    child processes' resident memory, sampled every 10 ms), Beta's import time and the API's p95 meanwhile.
 * 3. The same with an honest 500-page file of Demo's instead: Beta's 40 pages wait for at most a page at a time.
 * Targets: the hostile file refused or done within 30 s and 512 MB; Beta's import and the API's p95 unchanged (within
 * the noise of a 2-core machine). Not a test.
 * Run: `npm run bench:payslip-hostile`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { workspaces } from '../apps/server/src/db/schema';
import { runPayslipImportJob } from '../apps/server/src/modules/paychecks/imports.job';
import { createDeps } from '../apps/server/src/runtime';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';
import { pdf, pdfBomb } from '../apps/server/test/upload-corpus';

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { median: q(0.5), p95: q(0.95), n: s.length };
}
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

/** The highest resident memory of this process's children (the sandboxes), sampled until stopped. */
function childMemorySampler() {
  let peak = 0;
  const timer = setInterval(() => {
    for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[1]) !== process.pid) continue;
        peak = Math.max(peak, Number(fields[21]) * 4096);
      } catch {
        // gone meanwhile
      }
    }
  }, 10);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-bench-hostile-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const all = await database.db.select().from(workspaces);
  const ws = (name: string) => all.find((w) => w.name === name)!.id;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', DATA_DIR: dataDir });
  const deps = await createDeps(config, database);
  const app = await buildApp(deps);
  await app.ready();
  const session = async (username: string, workspace: string) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'x-client': 'timbro-web' },
      payload: { username, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode}`);
    return {
      cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      'x-workspace-id': workspace,
      'x-client': 'timbro-web',
    };
  };
  const demo = await session('admin@demo.timbro.it', ws('Demo S.r.l.'));
  const beta = await session('admin@beta.timbro.it', ws('Beta S.p.A.'));
  const jobLog = { info: () => undefined, error: () => undefined };

  let month = 0;
  const upload = async (headers: Record<string, string>, file: Buffer) => {
    const form = new FormData();
    form.append('year', '2026');
    form.append('month', String((month++ % 12) + 1));
    form.append('confirm', 'true');
    form.append('file', new Blob([file]), 'cedolini.pdf');
    const req = new Request('http://x', { method: 'POST', body: form });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/paycheck/import',
      headers: { ...headers, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    if (res.statusCode !== 202) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const detail = async (headers: Record<string, string>, id: string) =>
    (await app.inject({ method: 'GET', url: `/api/v1/admin/paycheck/import/${id}`, headers })).json();
  /** Resolves with the time from now until the import leaves waiting/analysing. */
  const settled = async (headers: Record<string, string>, id: string) => {
    const start = performance.now();
    for (;;) {
      const d = await detail(headers, id);
      if (d.status !== 'waiting' && d.status !== 'analysing') return { ms: performance.now() - start, detail: d };
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const probe = async (until: () => boolean) => {
    const ms: number[] = [];
    while (!until()) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/admin/paycheck?per_page=25', headers: beta });
      if (res.statusCode !== 200) throw new Error(`probe: ${res.statusCode}`);
      ms.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 20));
    }
    return stats(ms);
  };

  const betaFile = pdf(Array.from({ length: 40 }, (_, i) => [`CEDOLINO PAGA OTTOBRE 2026`, `PAGINA ${i + 1}`]));
  const hostile = pdfBomb(500, 1500);
  const honest = pdf(Array.from({ length: 500 }, (_, i) => [`CEDOLINO PAGA OTTOBRE 2026`, `DIPENDENTE ${i + 1}`]));

  // 1. The floor: idle API, then Beta's import alone (twice: the first warms the decoder's files in the page cache).
  const idleEnd = performance.now() + 3000;
  const idle = await probe(() => performance.now() > idleEnd);
  await runPayslipImportJob(deps, jobLog).then(async () => {
    const id = await upload(beta, betaFile);
    await runPayslipImportJob(deps, jobLog);
    return settled(beta, id);
  });
  const aloneId = await upload(beta, betaFile);
  let running = true;
  const aloneProbe = probe(() => !running);
  const aloneJob = runPayslipImportJob(deps, jobLog);
  const alone = await settled(beta, aloneId);
  await aloneJob;
  running = false;
  const aloneApi = await aloneProbe;

  // 2. The hostile file with Beta's import.
  const scenario = async (demoFile: Buffer) => {
    const hostileId = await upload(demo, demoFile);
    const betaId = await upload(beta, betaFile);
    const sampler = childMemorySampler();
    let busy = true;
    const during = probe(() => !busy);
    const job = runPayslipImportJob(deps, jobLog);
    const [h, b] = await Promise.all([settled(demo, hostileId), settled(beta, betaId)]);
    await job;
    busy = false;
    return { hostile: h, beta: b, api: await during, peak: sampler.stop() };
  };
  const bomb = await scenario(hostile);
  const big = await scenario(honest);

  const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
  console.log(`Hostile pay-slip import (issue 30 item 2)`);
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; PGlite in memory`,
  );
  console.log(
    `floor (this run): Beta's 40-page import alone ${fmt(alone.ms)}; API p95 idle ${fmt(idle.p95)} (median ${fmt(idle.median)}, n=${idle.n}), during Beta's import alone ${fmt(aloneApi.p95)}`,
  );
  console.log(
    `review's file (${(hostile.length / 1024 / 1024).toFixed(1)} MB, 500 pages, one stream of 1.5 GB decoded): ${bomb.hostile.detail.status} in ${fmt(bomb.hostile.ms)} — "${bomb.hostile.detail.error}"; decoder peak ${mb(bomb.peak)} (target ≤ 30 s, ≤ 512 MB)`,
  );
  console.log(
    `  meanwhile: Beta's 40-page import ${fmt(bomb.beta.ms)} (alone ${fmt(alone.ms)}); API p95 ${fmt(bomb.api.p95)} (idle ${fmt(idle.p95)})`,
  );
  console.log(
    `honest 500-page file of Demo's: ${big.hostile.detail.status} in ${fmt(big.hostile.ms)}; decoder peak ${mb(big.peak)}`,
  );
  console.log(
    `  meanwhile: Beta's 40-page import ${fmt(big.beta.ms)} (alone ${fmt(alone.ms)}); API p95 ${fmt(big.api.p95)} (idle ${fmt(idle.p95)})`,
  );
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
