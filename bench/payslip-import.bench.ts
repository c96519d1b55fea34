/**
 * Benchmark: the bulk pay-slip import (issue 13) of one 500-page PDF — about 415 employees, some with 2-page slips,
 * 2 company summary pages, a few omocodic codici fiscali — generated here. Measures, through the API and the
 * `payslip-import` job: the upload, the reading and classification of every page (progress beats), the publication
 * (split into one PDF per slip, stored, recorded in one transaction), the share of content pages assigned by codice
 * fiscale, and the API's latency (GET /admin/paycheck) while the import runs against the same loop when idle. The floor,
 * measured in the same run: the bare text extraction (pdf.js in the same worker) plus the bare split (pdf-lib).
 * Not a test.
 * Run: `npm run bench:payslip-import` (PGlite in memory) or `bash bench/with-postgres.sh npm run bench:payslip-import`.
 * BENCH_EMPLOYEES (415) and BENCH_DOUBLE (83: employees with a 2-page slip) change the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCodiceFiscale } from '@timbro/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, queryObservers } from '../apps/server/src/db/client';
import { userInfos, users, workspaces } from '../apps/server/src/db/schema';
import { readPageTexts, splitPdf } from '../apps/server/src/modules/paychecks/import/pdf-pages';
import { runPayslipImportJob } from '../apps/server/src/modules/paychecks/imports.job';
import { createDeps } from '../apps/server/src/runtime';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';
import { pdf } from '../apps/server/test/upload-corpus';

const N = Number(process.env.BENCH_EMPLOYEES ?? 415);
const DOUBLE = Number(process.env.BENCH_DOUBLE ?? 83);
const OMO = 'LMNPQRSTUV';
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** Omocodia: the last digit of the place code replaced by its letter, the check character computed again. */
function omocode(code: string) {
  const first15 = `${code.slice(0, 14)}${OMO[Number(code[14])]}`;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = first15.charCodeAt(i);
    const n = c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? ODD[n]! : n;
  }
  return first15 + String.fromCharCode(65 + (sum % 26));
}

const euro = (n: number) =>
  `${Math.floor(n).toLocaleString('it-IT')},${String(Math.round((n % 1) * 100)).padStart(2, '0')}`;

/** A cedolino's first page: header, employee with codice fiscale, about 30 lines of items, the net. */
function firstPage(e: { lastName: string; firstName: string; fiscalCode: string }, n: number) {
  const items = Array.from(
    { length: 28 },
    (_, i) => `VOCE ${String(1000 + i)} RETRIBUZIONE ORDINARIA ${euro(50 + ((n * 7 + i * 13) % 900) + 0.25)}`,
  );
  return [
    'DEMO S.R.L. - VIA ROMA 1 - 20121 MILANO - P.IVA 01907990012',
    'CEDOLINO PAGA - PERIODO DI RETRIBUZIONE OTTOBRE 2026',
    `DIPENDENTE ${e.lastName.toUpperCase()} ${e.firstName.toUpperCase()}  MATRICOLA ${String(n).padStart(6, '0')}`,
    `CODICE FISCALE ${e.fiscalCode}  QUALIFICA IMPIEGATO  LIVELLO 4  CCNL COMMERCIO`,
    ...items,
    `NETTO DEL MESE ${euro(1100 + ((n * 37) % 1400) + 0.5)}`,
  ];
}
const secondPage = (e: { lastName: string }) => [
  `SEGUE - ${e.lastName.toUpperCase()}`,
  ...Array.from({ length: 20 }, (_, i) => `RATEI FERIE E PERMESSI RIGA ${i} MATURATO GODUTO RESIDUO`),
];

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
  return { median: q(0.5), p95: q(0.95), n: s.length };
}
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-bench-files-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [demo] = (await db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;

  // The employees, each with a valid codice fiscale (one in twenty omocodic, as the Agenzia assigns on collisions).
  const people: { lastName: string; firstName: string; fiscalCode: string }[] = [];
  for (let i = 0; i < N; i += 100) {
    const batch = Array.from({ length: Math.min(100, N - i) }, (_, k) => {
      const n = i + k;
      const lastName = `Cedolino${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`;
      const base = generateCodiceFiscale({
        lastName,
        firstName: 'Dipendente',
        birthDate: `19${60 + (n % 40)}-0${(n % 9) + 1}-1${n % 9}`,
        sex: n % 2 ? 'F' : 'M',
        belfiore: `H${String(100 + (n % 899)).padStart(3, '0')}`,
      });
      return {
        email: `pi${n}@example.it`,
        firstName: 'Dipendente',
        lastName,
        fiscalCode: n % 20 === 7 ? omocode(base) : base,
      };
    });
    const us = await db.insert(users).values(batch).returning();
    await db.insert(userInfos).values(
      us.map((u) => ({
        workspaceId: ws,
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        fiscalCode: u.fiscalCode,
        isMember: true,
      })),
    );
    people.push(...batch);
  }

  // The file: one or two pages per employee, a summary in the middle and at the end.
  const pages: string[][] = [];
  people.forEach((e, n) => {
    pages.push(firstPage(e, n));
    if (n < DOUBLE) pages.push(secondPage(e));
    if (n === Math.floor(N / 2)) pages.push(['RIEPILOGO AZIENDALE OTTOBRE 2026', 'TOTALE NETTI', 'TOTALE CONTRIBUTI']);
  });
  pages.push(['RIEPILOGO AZIENDALE OTTOBRE 2026 - TOTALI GENERALI', 'TOTALE LORDO', 'TOTALE NETTO']);
  const file = pdf(pages);
  const contentPages = pages.length - 2;

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS: 'false', DATA_DIR: dataDir });
  const deps = await createDeps(config, database);
  const app = await buildApp(deps);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'x-client': 'timbro-web' },
    payload: { username: 'admin@demo.timbro.it', password: DEMO_PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode}`);
  const headers = {
    cookie: login.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
    'x-workspace-id': ws,
    'x-client': 'timbro-web',
  };
  const jobLog = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };
  const version = (await database.raw.query<{ v: string }>('select version() as v')).rows[0]!.v;

  // The floor: the same extraction and split, bare (no database, no storage), in this run.
  let t = performance.now();
  const texts = await readPageTexts(file);
  const readFloor = performance.now() - t;
  const groups: number[][] = [];
  {
    let p = 1;
    people.forEach((_e, n) => {
      groups.push(n < DOUBLE ? [p, p + 1] : [p]);
      p += n < DOUBLE ? 2 : 1;
      if (n === Math.floor(N / 2)) p += 1;
    });
  }
  t = performance.now();
  await splitPdf(file, groups);
  const splitFloor = performance.now() - t;
  void texts;

  // The API's latency: a loop of list calls, idle, then while the import runs.
  const probe = async (until: () => boolean) => {
    const ms: number[] = [];
    while (!until()) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/admin/paycheck?per_page=25', headers });
      if (res.statusCode !== 200) throw new Error(`probe: ${res.statusCode}`);
      ms.push(performance.now() - s);
      await new Promise((r) => setTimeout(r, 20));
    }
    return stats(ms);
  };
  const idleEnd = performance.now() + 4000;
  const idle = await probe(() => performance.now() > idleEnd);

  // Progress beats of the job (the writes of pages_done), to measure the longest gap.
  const beats: number[] = [];
  const observe = (q: string) => {
    if (q.trim().startsWith('update "paycheck_imports" set "pages_done"')) beats.push(performance.now());
  };
  queryObservers.add(observe);

  // Upload, read, review (every suggestion accepted), publish.
  const form = new FormData();
  form.append('year', '2026');
  form.append('month', '10');
  form.append('file', new Blob([file]), 'cedolini-ottobre-2026.pdf');
  const req = new Request('http://x', { method: 'POST', body: form });
  const body = Buffer.from(await req.arrayBuffer());
  t = performance.now();
  const up = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/paycheck/import',
    headers: { ...headers, 'content-type': req.headers.get('content-type')! },
    payload: body,
  });
  const uploadMs = performance.now() - t;
  if (up.statusCode !== 202) throw new Error(`upload: ${up.statusCode} ${up.body}`);
  const id = up.json().id as string;

  let running = true;
  const during = probe(() => !running);
  const jobStart = performance.now();
  await runPayslipImportJob(deps, jobLog);
  const analyseMs = performance.now() - jobStart;
  const readBeats = [jobStart, ...beats, performance.now()];
  const maxReadGap = Math.max(...readBeats.slice(1).map((b, i) => b - readBeats[i]!));
  const detail = (await app.inject({ method: 'GET', url: `/api/v1/admin/paycheck/import/${id}`, headers })).json();
  const analysed = detail.pages as {
    page: number;
    class: string;
    userInfoId: string | null;
    netAmount: number | null;
  }[];
  const byCf = analysed.filter((p) => p.class === 'assigned').length;
  const firstPages = N;
  const classes = analysed.reduce<Record<string, number>>((m, p) => ({ ...m, [p.class]: (m[p.class] ?? 0) + 1 }), {});

  const choices = analysed.map((p) => ({ page: p.page, userInfoId: p.userInfoId }));
  const slips: { firstPage: number; year: number; month: number; netAmount: string }[] = [];
  let prev: string | null = null;
  for (const p of analysed) {
    if (p.userInfoId && p.userInfoId !== prev)
      slips.push({ firstPage: p.page, year: 2026, month: 10, netAmount: String(p.netAmount ?? 0) });
    prev = p.userInfoId;
  }
  t = performance.now();
  const pub = await app.inject({
    method: 'POST',
    url: `/api/v1/admin/paycheck/import/${id}/publish`,
    headers,
    payload: { pages: choices, slips },
  });
  if (pub.statusCode !== 202) throw new Error(`publish: ${pub.statusCode} ${pub.body.slice(0, 300)}`);
  beats.length = 0;
  const pubStart = performance.now();
  await runPayslipImportJob(deps, jobLog);
  const publishMs = performance.now() - t;
  const pubBeats = [pubStart, ...beats, performance.now()];
  const maxPubGap = Math.max(...pubBeats.slice(1).map((b, i) => b - pubBeats[i]!));
  running = false;
  const busy = await during;
  queryObservers.delete(observe);
  const done = (await app.inject({ method: 'GET', url: `/api/v1/admin/paycheck/import/${id}`, headers })).json();
  if (done.status !== 'published') throw new Error(`not published: ${done.status} ${done.error}`);
  const slipsMade = (
    await database.raw.query<{ n: number }>('select count(*)::int as n from paychecks where workspace_id = $1', [ws])
  ).rows[0]!.n;

  const total = uploadMs + analyseMs + publishMs;
  const floor = readFloor + splitFloor;
  console.log(
    `Pay-slip import: ${pages.length} pages (${N} employees, ${DOUBLE} two-page slips, 2 summaries), ${(file.length / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, Node ${process.version}; database: ${process.env.DATABASE_URL ? version.split(',')[0] : 'PGlite (in memory)'}`,
  );
  console.log(`  upload (HTTP, streamed to disk)         ${fmt(uploadMs)}`);
  console.log(
    `  read + classify (job, worker thread)    ${fmt(analyseMs)}   longest gap between progress beats ${fmt(maxReadGap)}`,
  );
  console.log(
    `  publish (split, store, one transaction) ${fmt(publishMs)}   longest gap ${fmt(maxPubGap)}; ${slipsMade} slips`,
  );
  console.log(`  end to end                              ${fmt(total)}   (goal ≤ 15,000 ms)`);
  console.log(
    `  floor: bare read ${fmt(readFloor)} + bare split ${fmt(splitFloor)} = ${fmt(floor)}; ratio ${(total / floor).toFixed(2)}×`,
  );
  console.log(
    `  assigned by codice fiscale: ${byCf}/${firstPages} first pages (${((byCf / firstPages) * 100).toFixed(1)} %); continuation ${classes.continuation ?? 0}/${DOUBLE}; content pages assigned ${(((byCf + (classes.continuation ?? 0)) / contentPages) * 100).toFixed(1)} %; classes ${JSON.stringify(classes)}`,
  );
  console.log(
    `  API GET /admin/paycheck: idle p95 ${busy.n ? idle.p95.toFixed(1) : '?'} ms (median ${idle.median.toFixed(1)}, n=${idle.n}); during the import p95 ${busy.p95.toFixed(1)} ms (median ${busy.median.toFixed(1)}, n=${busy.n}); ratio ${(busy.p95 / idle.p95).toFixed(2)}× (goal ≤ 2×)`,
  );
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
