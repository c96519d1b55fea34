/**
 * Kill -9 (issue 17, "Faults and data safety"): the real server (`src/main.ts`, jobs on, as `npm start` runs it) in
 * its own OS process, on a fresh data directory (PGlite) or a fresh PostgreSQL database (DATABASE_URL), killed with
 * SIGKILL at random moments (a seeded RNG: the seed is printed, KILL9_SEED repeats the draws) while one of three long
 * jobs runs — a month closing, a bulk pay-slip import (read, then published) and an announcement to everyone — then
 * restarted on the same data. A job may be killed up to three times in a row (a chain: the later kills land while the
 * restarted server boots and opens the database, or in the run that takes the job over; three kills of a closing or
 * of a publication use up its attempts, and it must then be marked failed).
 *
 * After every kill, with the server down, the database and the stored files are checked — the state a crash leaves
 * must already be consistent: no partial month version (a version not completed has no frozen row; a completed one
 * has every sheet, totals that add up, the same content as the others), nobody notified or e-mailed twice, no orphan
 * file (a row without its bytes, bytes with neither a row nor a queued removal, a file that belongs to nothing), no
 * slip of an unpublished import and every slip of a published one, nobody reached by an unsent announcement. Each job
 * must then complete on the restarted server or be marked failed. The final check, after a clean stop, also runs the
 * file sweeper with its clock two hours on: the storage must then match the file rows exactly. On PGlite every reopen
 * after a kill is part of the test: the bench opens the crashed directory (with real downtime, a copy of it, so that
 * the restarted server recovers the crashed one itself), then the restarted server opens it.
 *
 * Run: `npm run bench:kill9` (PGlite) or `bash bench/with-postgres.sh npm run bench:kill9` (PostgreSQL).
 * KILLS (24, split over the three jobs; `KILLS=3`, one each, is the short mode for CI), KILL9_SEED, KILL9_EMPLOYEES
 * (employees with a contract and a month of punches: 1000, 300 in the short mode), KILL9_PAYSLIPS (those with a
 * cedolino in each import's file: 400 / 80), KILL9_AUDIENCE (colleagues without a contract, for a larger announcement:
 * 2500 / 1500). KILL9_DOWNTIME: `skip` (default) — while the server is down the bench does what a minute of downtime
 * would: it makes the killed job's heartbeat older than the takeover threshold (60 s) and queues the run that the next
 * cron minute would queue; `real` waits for the server's own timers instead (each takeover 1–2 minutes).
 * Only kills that find the job unfinished count (its state is read from the crashed database); a job over before the
 * drawn moment is printed and not counted. Exits non-zero on any violation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays, generateCodiceFiscale, isoWeekday, localToUtc } from '@timbro/shared';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { punches, userInfos, users, workspaces } from '../apps/server/src/db/schema';
import { LocalDiskStorage } from '../apps/server/src/lib/storage/local-disk';
import { runFileSweep } from '../apps/server/src/modules/files/file-sweep.job';
import { STALE_SECONDS as MONTH_STALE } from '../apps/server/src/modules/month-logs/month-close.job';
import { STALE_SECONDS as IMPORT_STALE } from '../apps/server/src/modules/paychecks/imports.job';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed';
import { pdf } from '../apps/server/test/upload-corpus';
import { enrolMembers, nineToSixContracts } from './seed-people';

const root = path.resolve(import.meta.dirname, '..');
const KILLS = Number(process.env.KILLS ?? 24);
const SHORT = KILLS <= 3;
/** Employees with a contract and a month of punches (the closing's size). */
const EMPLOYEES = Number(process.env.KILL9_EMPLOYEES ?? (SHORT ? 300 : 1000));
/** How many of them have a cedolino in each import's file (the import's size: ~1.2 pages each). */
const PAYSLIPS = Math.min(EMPLOYEES, Number(process.env.KILL9_PAYSLIPS ?? (SHORT ? 80 : 400)));
/** Colleagues without a contract this month: more people for the announcement (and sheets for the closing). */
const AUDIENCE = Number(process.env.KILL9_AUDIENCE ?? (SHORT ? 1500 : 2500));
const DOWNTIME = process.env.KILL9_DOWNTIME === 'real' ? 'real' : 'skip';
const SEED = Number(process.env.KILL9_SEED ?? randomInt(1, 2 ** 31 - 1));
const BASE_URL = process.env.DATABASE_URL || null;
const TZ = 'Europe/Rome';

const KINDS = ['month-close', 'payslip-import', 'announcement'] as const;
type Kind = (typeof KINDS)[number];
const LABEL: Record<Kind, string> = {
  'month-close': 'month close',
  'payslip-import': 'pay-slip import',
  announcement: 'announcement',
};
/** The pg-boss queue of each job (runtime.ts). */
const QUEUE: Record<Kind, string> = {
  'month-close': 'month-close',
  'payslip-import': 'payslip-import',
  announcement: 'announcement-process',
};

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

/** mulberry32: a small seeded generator (the same seed, the same draws: jobs, chains, moments within a run). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(SEED);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
};

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The month before today's (a month closing refuses a future one). */
function lastMonth() {
  const d = new Date();
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return `${m.getUTCFullYear()}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
}
const MONTH = lastMonth();
const MONTH_FROM = `${MONTH}-01`;
const MONTH_TO = (() => {
  const [y, m] = MONTH.split('-').map(Number) as [number, number];
  return `${MONTH}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
})();
const ITALIAN = [
  'GENNAIO',
  'FEBBRAIO',
  'MARZO',
  'APRILE',
  'MAGGIO',
  'GIUGNO',
  'LUGLIO',
  'AGOSTO',
  'SETTEMBRE',
  'OTTOBRE',
  'NOVEMBRE',
  'DICEMBRE',
];

// ---------------------------------------------------------------------------------------------------------------
// The database: a fresh PGlite directory, or a fresh database on the PostgreSQL of DATABASE_URL

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-kill9-'));
const dataDir = path.join(work, 'data');
const filesRoot = path.join(dataDir, 'files');
const pgliteDir = path.join(dataDir, 'pglite');
const serverLog = path.join(work, 'server.log');
let databaseUrl: string | null = null;
let dbName = '';

async function createFreshPostgres() {
  if (!BASE_URL) return;
  dbName = `timbro_kill9_${SEED}_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

async function dropFreshPostgres() {
  if (!BASE_URL || !dbName) return;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}

/** Opens the run's database from this process (on PGlite: only while the server is down; the directory is locked). */
async function openOurs(dir = pgliteDir): Promise<Database> {
  return openDatabase({ databaseUrl, pgliteDir: databaseUrl ? null : dir, poolMax: 2 });
}

interface Person {
  lastName: string;
  firstName: string;
  fiscalCode: string;
}

/**
 * The demo data (as `npm start` seeds it) and EMPLOYEES more in the Demo company: each with a codice fiscale (the
 * pay-slip import assigns pages by it), an account (the announcement reaches them), a full-time contract and the
 * punches of every working day of MONTH (what the closing computes).
 */
async function seed(database: Database) {
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const demo = (await db.select().from(workspaces)).find((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;
  const people: Person[] = [];
  let punchCount = 0;
  for (let i = 0; i < EMPLOYEES; i += 100) {
    const batch = Array.from({ length: Math.min(100, EMPLOYEES - i) }, (_, k) => {
      const n = i + k;
      const lastName = `Kill${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${n}`;
      const firstName = 'Dipendente';
      const fiscalCode = generateCodiceFiscale({
        lastName,
        firstName,
        birthDate: `19${60 + (n % 40)}-0${(n % 9) + 1}-1${n % 9}`,
        sex: n % 2 ? 'F' : 'M',
        belfiore: `H${String(100 + (n % 899)).padStart(3, '0')}`,
      });
      return { email: `kill9.${n}@example.it`, firstName, lastName, fiscalCode };
    });
    await db.transaction(async (tx) => {
      const us = await tx.insert(users).values(batch).returning();
      const infos = await enrolMembers(tx, ws, us);
      await nineToSixContracts(
        tx,
        ws,
        infos.map((u) => u.id),
      );
      const ps: (typeof punches.$inferInsert)[] = [];
      infos.forEach((u, k) => {
        const n = i + k;
        for (let d = MONTH_FROM; d <= MONTH_TO; d = addDays(d, 1)) {
          if (isoWeekday(d) > 5) continue;
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
              at: new Date(localToUtc(d, m, TZ)),
              timeZone: TZ,
              localDate: d,
              direction,
              source: 'import',
            });
        }
      });
      for (let p = 0; p < ps.length; p += 2000) await tx.insert(punches).values(ps.slice(p, p + 2000));
      punchCount += ps.length;
    });
    people.push(...batch);
  }
  for (let i = 0; i < AUDIENCE; i += 500) {
    const batch = Array.from({ length: Math.min(500, AUDIENCE - i) }, (_, k) => ({
      email: `kill9.collega.${i + k}@example.it`,
      firstName: 'Collega',
      lastName: `Senzacontratto${i + k}`,
    }));
    const us = await db.insert(users).values(batch).returning();
    await db.insert(userInfos).values(
      us.map((u) => ({
        workspaceId: ws,
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        isMember: true,
      })),
    );
  }
  await database.raw.exec('analyze');
  return { ws, people, punchCount };
}

// ---------------------------------------------------------------------------------------------------------------
// The server process

class Server {
  child: ChildProcess | null = null;
  readonly base: string;
  /** When the current process was spawned, and whether it has answered a request since. */
  spawnedAt = 0;
  answered = false;
  /** How the current process ended when nobody killed it (a crash at start: the run stops). */
  private died: string | null = null;
  constructor(readonly port: number) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** Starts `src/main.ts` on the run's data (jobs on, as `npm start`), without waiting for it. */
  spawn() {
    const log = fs.openSync(serverLog, 'a');
    fs.writeSync(log, `\n--- start ${new Date().toISOString()}\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        // PGlite unless the run has its own PostgreSQL database (an empty value is "not set").
        DATABASE_URL: databaseUrl ?? '',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        // Production refuses a signing key kept in the database (issue 30): the run brings its own.
        SESSION_SECRET: 'kill9-bench-signing-key-0123456789abcdef',
        LOG_LEVEL: 'warn',
        JOBS: 'true',
        SEED_DEMO: 'false',
        PUBLIC_URL: `http://localhost:${this.port}`,
        FILE_STORAGE: 'local',
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    this.child = child;
    this.spawnedAt = performance.now();
    this.answered = false;
    this.died = null;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.died = `exit ${code ?? signal}`;
    });
  }

  /** Throws when the server died by itself (not killed by the bench). */
  assertAlive() {
    if (this.died) throw new Error(`the server died by itself (${this.died}); see ${serverLog}`);
  }

  /** Waits for the health check of the process spawned last; the time from its spawn. */
  async ready(): Promise<number> {
    for (;;) {
      this.assertAlive();
      if (performance.now() - this.spawnedAt > 180_000)
        throw new Error(`the server did not answer within 3 minutes; ${serverLog}`);
      try {
        const res = await fetch(`${this.base}/api/v1/health`);
        if (res.ok) {
          this.answered = true;
          return performance.now() - this.spawnedAt;
        }
      } catch {
        /* not up yet */
      }
      await sleep(100);
    }
  }

  /** SIGKILL, then waits until the process is gone (its sockets and the PGlite lock's pid with it). */
  async kill9() {
    await this.end('SIGKILL');
  }

  /** A clean stop (SIGTERM: the server closes PGlite itself). */
  async stop() {
    await this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals) {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await gone;
  }
}

/** The answers the bench reads (each call site names the fields it uses). */
type Json = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// HTTP, as the web app speaks it (X-Client, the workspace header, the session cookies)

class Api {
  private jar = new Map<string, string>();
  constructor(
    readonly server: Server,
    private readonly ws: string,
  ) {}

  private take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
  }

  private headers(extra: Record<string, string> = {}) {
    return {
      'x-client': 'timbro-web',
      'x-workspace-id': this.ws,
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      ...extra,
    };
  }

  async login() {
    const res = await fetch(`${this.server.base}/api/v1/auth/login`, {
      method: 'POST',
      headers: this.headers({ 'content-type': 'application/json' }),
      body: JSON.stringify({ username: 'admin@demo.timbro.it', password: DEMO_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${(await res.text()).slice(0, 200)}`);
    this.take(res);
  }

  /** One call; a 401 (the 15-minute access token ran out) logs in again once. */
  async call<T = Json>(method: string, url: string, body?: FormData | object): Promise<{ status: number; json: T }> {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${this.server.base}/api/v1${url}`, {
        method,
        headers: this.headers(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      this.take(res);
      this.server.answered = true;
      if (res.status === 401 && attempt === 0) {
        await this.login();
        continue;
      }
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, json: json as T };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The three jobs: how each starts through the API, and how its state reads

interface Job {
  kind: Kind;
  id: string;
  label: string;
  /** Pay-slip import: the period of the file (one per import, so its slips are the period's slips). */
  period?: { year: number; month: number };
}

type Outcome = 'completed' | 'failed' | null;

let people: Person[] = [];
let nextPeriod = 0;

const euro = (n: number) =>
  `${Math.floor(n).toLocaleString('it-IT')},${String(Math.round((n % 1) * 100)).padStart(2, '0')}`;

/** A file of cedolini for the period: one page per employee (every fifth with a second page), two summaries. */
function payslipPdf(year: number, month: number) {
  const period = `${ITALIAN[month - 1]} ${year}`;
  const pages: string[][] = [];
  const slips = people.slice(0, PAYSLIPS);
  slips.forEach((e, n) => {
    pages.push([
      'DEMO S.R.L. - VIA TORINO 15 - 20123 MILANO - P.IVA 01907990012',
      `CEDOLINO PAGA - PERIODO DI RETRIBUZIONE ${period}`,
      `DIPENDENTE ${e.lastName.toUpperCase()} ${e.firstName.toUpperCase()}  MATRICOLA ${String(n).padStart(6, '0')}`,
      `CODICE FISCALE ${e.fiscalCode}  QUALIFICA IMPIEGATO  LIVELLO 4  CCNL COMMERCIO`,
      ...Array.from(
        { length: 24 },
        (_, i) => `VOCE ${String(1000 + i)} RETRIBUZIONE ORDINARIA ${euro(50 + ((n * 7 + i * 13) % 900) + 0.25)}`,
      ),
      `NETTO DEL MESE ${euro(1100 + ((n * 37) % 1400) + 0.5)}`,
    ]);
    if (n % 5 === 0)
      pages.push([
        `SEGUE - ${e.lastName.toUpperCase()}`,
        ...Array.from({ length: 16 }, (_, i) => `RATEI FERIE E PERMESSI RIGA ${i} MATURATO GODUTO RESIDUO`),
      ]);
    if (n === Math.floor(slips.length / 2)) pages.push([`RIEPILOGO AZIENDALE ${period}`, 'TOTALE NETTI']);
  });
  pages.push([`RIEPILOGO AZIENDALE ${period} - TOTALI GENERALI`, 'TOTALE LORDO', 'TOTALE NETTO']);
  return pdf(pages);
}

async function startJob(api: Api, kind: Kind, n: number): Promise<Job> {
  if (kind === 'month-close') {
    const res = await api.call<{ id: string; versionNumber: number }>('POST', '/admin/month-log', {
      month: MONTH,
      force: true,
    });
    if (res.status !== 200) throw new Error(`month close: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    return { kind, id: res.json.id, label: `${MONTH} v${res.json.versionNumber}` };
  }
  if (kind === 'payslip-import') {
    const p = nextPeriod++;
    const period = { year: 2020 + Math.floor(p / 12), month: (p % 12) + 1 };
    const form = new FormData();
    form.append('year', String(period.year));
    form.append('month', String(period.month));
    form.append(
      'file',
      new Blob([payslipPdf(period.year, period.month)]),
      `cedolini-${period.year}-${period.month}.pdf`,
    );
    const res = await api.call<{ id: string }>('POST', '/admin/paycheck/import', form);
    if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    return { kind, id: res.json.id, label: `${period.year}-${String(period.month).padStart(2, '0')}`, period };
  }
  const text = `Comunicazione numero ${n} a tutti. `.repeat(30);
  const form = new FormData();
  form.append('title', `Kill -9 ${n}`);
  form.append('content', `<p>${text}</p><p><strong>Grazie</strong> per l'attenzione.</p>`);
  form.append('audience', JSON.stringify({ everyone: true }));
  form.append('requiresAck', 'true');
  form.append('file', new Blob([pdf([['CIRCOLARE', `Comunicazione ${n}`]])]), `circolare-${n}.pdf`);
  const res = await api.call<{ id: string }>('POST', '/admin/announcement', form);
  if (res.status !== 200) throw new Error(`announcement: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
  return { kind, id: res.json.id, label: `"Kill -9 ${n}"` };
}

interface Look {
  outcome: Outcome;
  /** Claimed by the job (a month version in progress, an import being read or published): its run has begun. */
  claimed: boolean;
}

/**
 * One look at the job through the API, and the person's next step where there is one (a read import is published with
 * every suggestion accepted, as the review would). The outcome once it is over: completed, or failed.
 */
async function look(api: Api, job: Job): Promise<Look | null> {
  if (job.kind === 'month-close') {
    const res = await api.call<{ status: string }>('GET', `/admin/month-log/${job.id}`);
    if (res.status !== 200) return null;
    const status = res.json.status;
    return {
      outcome: status === 'completed' ? 'completed' : status === 'failed' ? 'failed' : null,
      claimed: status !== 'waiting',
    };
  }
  if (job.kind === 'payslip-import') {
    const res = await api.call<{
      status: string;
      error: string | null;
      pages: { page: number; userInfoId: string | null; netAmount: number | null }[];
    }>('GET', `/admin/paycheck/import/${job.id}`);
    if (res.status !== 200) return null;
    const d = res.json;
    if (d.status === 'published') return { outcome: 'completed', claimed: true };
    if (d.status === 'failed') return { outcome: 'failed', claimed: true };
    // Back to review with an error: the publication did not go through (nothing of it was published).
    if (d.status === 'ready' && d.error) return { outcome: 'failed', claimed: true };
    if (d.status === 'ready') {
      const slips: { firstPage: number; year: number; month: number; netAmount: string }[] = [];
      let prev: string | null = null;
      for (const p of d.pages) {
        if (p.userInfoId && p.userInfoId !== prev)
          slips.push({ firstPage: p.page, ...job.period!, netAmount: String(p.netAmount ?? 0) });
        prev = p.userInfoId;
      }
      const pub = await api.call('POST', `/admin/paycheck/import/${job.id}/publish`, {
        pages: d.pages.map((p) => ({ page: p.page, userInfoId: p.userInfoId })),
        slips,
      });
      if (pub.status !== 202 && pub.status !== 409)
        throw new Error(`publish: ${pub.status} ${JSON.stringify(pub.json).slice(0, 300)}`);
    }
    return { outcome: null, claimed: d.status !== 'waiting' };
  }
  // An announcement is processed in one transaction: nothing shows before its end.
  const res = await api.call<{ state: string }>('GET', `/admin/announcement/${job.id}`);
  if (res.status !== 200) return null;
  return { outcome: res.json.state === 'published' ? 'completed' : null, claimed: true };
}

const isConnectionError = (err: unknown) =>
  /fetch failed|ECONNREFUSED|ECONNRESET|aborted|timeout|socket|other side closed/i.test(
    String((err as Error)?.message ?? err),
  );

/**
 * Drives the job until it is over or `until` passes (or, with `untilClaimed`, until its run has begun). The server
 * may be down or booting meanwhile: failed calls are tried again. `until` is exact: a call still waiting then (on
 * PGlite the API waits behind the job's statements) is left to finish in the background.
 */
async function drive(api: Api, job: Job, until: number, opts: { pollMs?: number; untilClaimed?: boolean } = {}) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), Math.max(0, until - performance.now()));
  });
  try {
    while (performance.now() < until) {
      api.server.assertAlive();
      const call = look(api, job).catch((err: unknown) => {
        if (isConnectionError(err)) return null;
        throw err;
      });
      const l = await Promise.race([call, deadline]);
      if (l === 'deadline') {
        call.catch(() => undefined);
        return null;
      }
      if (l?.outcome || (opts.untilClaimed && l?.claimed)) return l;
      await Promise.race([sleep(opts.pollMs ?? 200), deadline]);
    }
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The checks, on the database and the storage directory, with the server down

interface Check {
  violations: string[];
  /** Stored objects waiting for the sweeper (an upload's reservation, or a deleted file's bytes): not orphans. */
  awaitingSweep: number;
  /** Temporary files of a write the kill interrupted (removed by the next start). */
  partial: number;
  files: number;
}

type Rows<T> = Promise<{ rows: T[] }>;

async function checkInvariants(database: Database): Promise<Check> {
  const q = <T>(text: string, values?: unknown[]): Rows<T> => database.raw.query<T>(text, values);
  const violations: string[] = [];

  // Month versions: one that is not completed has no frozen row; a completed one has every employee's sheet, lines
  // only of those sheets, totals that are the sum of its sheets, and the same content as every other completed
  // version of the month (nothing changed in between).
  const versions = (
    await q<{
      id: string;
      month: string;
      version_number: number;
      status: string;
      progress_total: number;
      sheets: number;
      lines: number;
      stray: number;
      worked: string | null;
      sheet_worked: string | null;
    }>(
      `select ml.id, to_char(ml.end_of_month, 'YYYY-MM') as month, ml.version_number, ml.status, ml.progress_total,
         (select count(*) from month_log_sheets s where s.month_log_id = ml.id)::int as sheets,
         (select count(*) from month_log_lines l where l.month_log_id = ml.id)::int as lines,
         (select count(*) from month_log_lines l where l.month_log_id = ml.id and not exists
           (select 1 from month_log_sheets s where s.month_log_id = l.month_log_id and s.user_info_id = l.user_info_id))::int as stray,
         (ml.totals->>'worked') as worked,
         (select sum((s.totals->>'worked')::bigint)::text from month_log_sheets s where s.month_log_id = ml.id) as sheet_worked
       from month_logs ml order by ml.end_of_month, ml.version_number`,
    )
  ).rows;
  const shapes = new Map<string, Set<string>>();
  for (const v of versions) {
    const name = `month ${v.month} version ${v.version_number} (${v.status})`;
    if (v.status !== 'completed') {
      if (v.sheets > 0 || v.lines > 0)
        violations.push(`partial version: ${name} has ${v.sheets} sheets and ${v.lines} lines`);
      continue;
    }
    if (v.sheets === 0 || v.sheets !== v.progress_total - 1)
      violations.push(`partial version: ${name} has ${v.sheets} sheets of ${v.progress_total - 1}`);
    if (v.stray > 0) violations.push(`partial version: ${name} has ${v.stray} lines without their sheet`);
    if (v.worked !== v.sheet_worked)
      violations.push(`partial version: ${name} totals ${v.worked} ≠ its sheets' ${v.sheet_worked}`);
    shapes.set(v.month, (shapes.get(v.month) ?? new Set()).add(`${v.sheets}/${v.lines}/${v.worked}`));
  }
  for (const [month, s] of shapes)
    if (s.size > 1) violations.push(`partial version: completed versions of ${month} differ (${[...s].join(', ')})`);

  // Notifications: nobody told twice of one thing (the dedupe key, or the same event and parameters without one).
  const dupNotes = (
    await q<{ what: string; n: number }>(
      `select coalesce(dedupe_key, type || ' ' || coalesce(link, '') || ' ' || params::text) as what, count(*)::int as n
       from notifications group by workspace_id, user_info_id, coalesce(dedupe_key, type || ' ' || coalesce(link, '') || ' ' || params::text)
       having count(*) > 1`,
    )
  ).rows;
  for (const d of dupNotes) violations.push(`duplicate notification: ${d.what} ×${d.n}`);
  const dupMails = (
    await q<{ subject: string; n: number }>(
      `select subject, count(*)::int as n from mail_outbox group by to_address, subject, text_body having count(*) > 1`,
    )
  ).rows;
  for (const d of dupMails) violations.push(`duplicate e-mail: "${d.subject}" ×${d.n}`);

  // A version's news goes out with its end (completed or failed), never before, and says which.
  const told = (
    await q<{ version_number: number; status: string; types: string[] | null }>(
      `select ml.version_number, ml.status,
         (select array_agg(distinct n.type) from notifications n where n.dedupe_key = 'month:' || ml.id) as types
       from month_logs ml`,
    )
  ).rows;
  for (const t of told) {
    const want = t.status === 'completed' ? 'month.closed' : t.status === 'failed' ? 'month.failed' : null;
    const got = t.types ?? [];
    if (want === null ? got.length > 0 : got.length !== 1 || got[0] !== want)
      violations.push(`month version ${t.version_number} (${t.status}) told ${JSON.stringify(got)}`);
  }

  // Pay-slip imports: a published one has exactly its slips (rows, files, one notification per person); any other
  // has none of the period's.
  const imports = (
    await q<{
      year: number;
      month: number;
      status: string;
      published_count: number | null;
      planned: number | null;
      slips: number;
      people: number;
      notes: number;
    }>(
      `select pi.year, pi.month, pi.status, pi.published_count,
         case when pi.choices is null then null else jsonb_array_length(pi.choices->'slips') end as planned,
         (select count(*) from paychecks p where p.workspace_id = pi.workspace_id and p.year = pi.year and p.month = pi.month)::int as slips,
         (select count(distinct p.user_info_id) from paychecks p where p.workspace_id = pi.workspace_id and p.year = pi.year and p.month = pi.month)::int as people,
         (select count(*) from notifications n where n.workspace_id = pi.workspace_id and n.type = 'paycheck.published'
            and n.params->>'year' = pi.year::text and n.params->>'month' = pi.month::text)::int as notes
       from paycheck_imports pi`,
    )
  ).rows;
  for (const i of imports) {
    const name = `import ${i.year}-${i.month} (${i.status})`;
    if (i.status === 'published') {
      if (i.slips === 0 || i.slips !== i.published_count || i.slips !== i.planned)
        violations.push(`half-published: ${name} has ${i.slips} slips, ${i.published_count} published of ${i.planned}`);
      if (i.notes !== i.people) violations.push(`${name}: ${i.notes} notifications for ${i.people} people`);
    } else if (i.slips > 0 || i.notes > 0)
      violations.push(`half-published: ${name} has ${i.slips} slips and ${i.notes} notifications`);
  }

  // Announcements: an unsent one has reached nobody; a sent one has each recipient once, told once.
  const anns = (
    await q<{
      title: string;
      processed: boolean;
      recipient_count: number | null;
      recipients: number;
      notes: number;
      mails: number;
    }>(
      `select a.title, a.processed_at is not null as processed, a.recipient_count,
         (select count(*) from announcement_recipients r where r.announcement_id = a.id)::int as recipients,
         (select count(*) from notifications n where n.dedupe_key = 'announcement:' || a.id)::int as notes,
         (select count(*) from mail_outbox m where m.subject = 'Nuova comunicazione: ' || a.title)::int as mails
       from announcements a`,
    )
  ).rows;
  for (const a of anns) {
    if (!a.processed) {
      if (a.recipients + a.notes + a.mails > 0)
        violations.push(`partial send: "${a.title}" unsent with ${a.recipients} recipients, ${a.notes} notifications`);
    } else if (a.recipients !== a.recipient_count || a.notes === 0 || a.notes > a.recipients || a.mails > a.recipients)
      violations.push(
        `partial send: "${a.title}" ${a.recipients} recipients of ${a.recipient_count}, ${a.notes} notifications, ${a.mails} e-mails`,
      );
  }

  // Files: every row has its bytes (size and SHA-256 as recorded) and its owner; every stored object has a row or a
  // queued removal (an upload's reservation: the sweeper's).
  const rows = (
    await q<{ key: string; size: number; sha256: string; kind: string; owned: boolean }>(
      `select f.workspace_id || '/' || f.id as key, f.size, f.sha256, f.kind,
         case f.kind
           when 'payslip' then exists (select 1 from paychecks p where p.file_id = f.id)
           when 'payslip-import' then exists (select 1 from paycheck_imports i where i.file_id = f.id)
           when 'attachment' then exists (select 1 from announcement_attachments a where a.file_id = f.id)
           else true end as owned
       from files f`,
    )
  ).rows;
  const queued = new Set(
    (await q<{ storage_key: string }>('select storage_key from file_deletions')).rows.map((r) => r.storage_key),
  );
  const stored = new Map<string, string>();
  let partial = 0;
  if (fs.existsSync(filesRoot))
    for (const dir of fs.readdirSync(filesRoot)) {
      if (dir === '.partial') {
        partial = fs.readdirSync(path.join(filesRoot, dir)).length;
        continue;
      }
      for (const f of fs.readdirSync(path.join(filesRoot, dir)))
        stored.set(`${dir}/${f}`, path.join(filesRoot, dir, f));
    }
  const recorded = new Set<string>();
  for (const r of rows) {
    recorded.add(r.key);
    const file = stored.get(r.key);
    if (!file) {
      violations.push(`orphan file row: ${r.kind} ${r.key} has no stored bytes`);
      continue;
    }
    const bytes = fs.readFileSync(file);
    if (bytes.length !== r.size || createHash('sha256').update(bytes).digest('hex') !== r.sha256)
      violations.push(`file ${r.key}: stored bytes differ from the row (${bytes.length} of ${r.size} bytes)`);
    if (!r.owned) violations.push(`half-attached file: ${r.kind} ${r.key} belongs to nothing`);
  }
  let awaitingSweep = 0;
  for (const key of stored.keys()) {
    if (recorded.has(key)) continue;
    if (queued.has(key)) awaitingSweep += 1;
    else violations.push(`orphan stored file: ${key} has neither a row nor a queued removal`);
  }
  return { violations, awaitingSweep, partial, files: rows.length };
}

/**
 * The job's state in the database (read while the server is down): whether the kill found it unfinished, and whether
 * its handler was running in the killed process (its pg-boss job active, started after that process was spawned).
 */
async function jobState(
  database: Database,
  job: Job,
  spawnedAt: Date,
): Promise<{ running: boolean; inRun: boolean; text: string }> {
  const inRun =
    (
      await database.raw.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = $1 and state = 'active' and started_on >= $2`,
        [QUEUE[job.kind], spawnedAt.toISOString()],
      )
    ).rows[0]!.n > 0;
  if (job.kind === 'month-close') {
    const r = (
      await database.raw.query<{ status: string; attempts: number; progress_done: number; progress_total: number }>(
        'select status, attempts, progress_done, progress_total from month_logs where id = $1',
        [job.id],
      )
    ).rows[0]!;
    return {
      running: r.status === 'waiting' || r.status === 'in_progress',
      inRun,
      text: `${r.status}${r.status === 'in_progress' ? ` ${r.progress_done}/${r.progress_total}` : ''}, attempt ${r.attempts}`,
    };
  }
  if (job.kind === 'payslip-import') {
    const r = (
      await database.raw.query<{
        status: string;
        attempts: number;
        pages_done: number;
        pages_total: number;
        error: string | null;
      }>('select status, attempts, pages_done, pages_total, error from paycheck_imports where id = $1', [job.id])
    ).rows[0]!;
    const busy = r.status === 'waiting' || r.status === 'analysing' || r.status === 'publishing';
    return {
      // A read import waiting for the review is between the two halves of the job: the person publishes next.
      running: busy || (r.status === 'ready' && !r.error),
      inRun,
      text: `${r.status}${busy ? ` ${r.pages_done}/${r.pages_total}` : ''}${r.error ? ` (${r.error})` : ''}, attempt ${r.attempts}`,
    };
  }
  const r = (
    await database.raw.query<{ processed: boolean }>(
      'select processed_at is not null as processed from announcements where id = $1',
      [job.id],
    )
  ).rows[0]!;
  return { running: !r.processed, inRun, text: r.processed ? 'sent' : 'not sent (nothing of it written)' };
}

/**
 * What a minute of downtime would do (KILL9_DOWNTIME=skip): the killed job's heartbeat is made older than the
 * takeover threshold, and the run that the next cron minute would queue is queued now (a pg-boss job row, as
 * `boss.send` writes it).
 */
async function fastForward(database: Database) {
  await database.raw.query(
    `update month_logs set heartbeat_at = now() - make_interval(secs => $1) where status = 'in_progress'`,
    [MONTH_STALE + 1],
  );
  await database.raw.query(
    `update paycheck_imports set heartbeat_at = now() - make_interval(secs => $1) where status in ('analysing', 'publishing')`,
    [IMPORT_STALE + 1],
  );
  await database.raw.query(
    `insert into pgboss.job (name, data, policy) select name, '{}'::jsonb, policy from pgboss.queue where name = any($1)`,
    [Object.values(QUEUE)],
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The run

interface Tally {
  kills: number;
  /** Kills that found the job's handler running (its pg-boss job active, started by the killed process). */
  inRun: number;
  /** Kills while the restarted server was still booting (opening the database, migrations, jobs). */
  booting: number;
  late: number;
  rounds: number;
  completed: number;
  failed: number;
  stuck: number;
  violations: number;
  recovery: number[];
}

async function main() {
  const started = performance.now();
  const dbKind = BASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `Kill -9: seed ${SEED}, ${KILLS} kills, ${dbKind}, downtime ${DOWNTIME}, ${EMPLOYEES} employees (${PAYSLIPS} with a cedolino) + ${AUDIENCE} without a contract; ` +
      `machine ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, Node ${process.version}; work dir ${work}`,
  );
  await createFreshPostgres();
  let pgPool: Database | null = null;
  const server = new Server(await freePort());
  const violations: string[] = [];
  const restarts: number[] = [];
  const reopens: number[] = [];
  const tally = Object.fromEntries(
    KINDS.map((k) => [
      k,
      {
        kills: 0,
        inRun: 0,
        booting: 0,
        late: 0,
        rounds: 0,
        completed: 0,
        failed: 0,
        stuck: 0,
        violations: 0,
        recovery: [],
      },
    ]),
  ) as unknown as Record<Kind, Tally>;
  let ok = false;
  try {
    // Seed from this process (PGlite: before the server holds the directory).
    const t = performance.now();
    const setup = await openOurs();
    const seeded = await seed(setup);
    people = seeded.people;
    const members = (
      await setup.raw.query<{ n: number }>(
        'select count(*)::int as n from user_infos where workspace_id = $1 and is_member',
        [seeded.ws],
      )
    ).rows[0]!.n;
    await setup.close();
    const version = BASE_URL ? ` ${(await pgVersion()) ?? ''}` : '';
    console.log(
      `Seeded in ${secs(performance.now() - t)}: the demo data + ${EMPLOYEES} employees with a contract + ${AUDIENCE} without (${members} members of Demo S.r.l.), ` +
        `${seeded.punchCount.toLocaleString('en-US')} punches in ${MONTH}; database ${dbKind}${version}`,
    );
    if (BASE_URL) pgPool = await openOurs();

    server.spawn();
    const firstStart = await server.ready();
    console.log(`Server up in ${secs(firstStart)} (${server.base}, log ${serverLog})`);
    const api = new Api(server, seeded.ws);
    await api.login();

    /**
     * Opens the database while the server is down (PGlite: the crashed directory), checks it, and closes it. With real
     * downtime the bench changes nothing, so on PGlite it checks a copy of the directory: the restarted server then
     * recovers the crashed one itself.
     */
    const snapshot = path.join(work, 'snapshot', 'pglite');
    const downtime = async (job: Job | null, spawnedAt = new Date()) => {
      const copy = !pgPool && DOWNTIME === 'real' && job !== null;
      if (copy) fs.cpSync(pgliteDir, snapshot, { recursive: true });
      const t0 = performance.now();
      let database: Database;
      try {
        database = pgPool ?? (await openOurs(copy ? snapshot : pgliteDir));
      } catch (err) {
        violations.push(`the database did not reopen: ${(err as Error).message}`);
        throw err;
      }
      const reopenMs = performance.now() - t0;
      try {
        await database.raw.query('select count(*) from month_logs');
        const state = job ? await jobState(database, job, spawnedAt) : null;
        const check = await checkInvariants(database);
        if (DOWNTIME === 'skip' && job) await fastForward(database);
        return { state, check, reopenMs };
      } finally {
        if (!pgPool) await database.close();
        if (copy) fs.rmSync(path.dirname(snapshot), { recursive: true, force: true });
      }
    };

    // Calibration: each job once, not killed — how long it waits to be claimed and then runs (the first kill of a
    // job is drawn within its run), and that the invariants hold without a crash.
    const run = {} as Record<Kind, number>;
    let n = 0;
    for (const kind of KINDS) {
      const job = await startJob(api, kind, ++n);
      const s = performance.now();
      await drive(api, job, s + 600_000, { pollMs: 50, untilClaimed: true });
      const c = performance.now();
      const l = await drive(api, job, c + 600_000, { pollMs: 100 });
      run[kind] = performance.now() - c;
      console.log(
        `Calibration: ${LABEL[kind]} ${job.label} ${l?.outcome ?? 'not over'}: claimed after ${secs(c - s)}, ran ${secs(run[kind])}`,
      );
      if (l?.outcome !== 'completed') throw new Error(`the ${LABEL[kind]} did not complete without a kill`);
    }
    const seen = Object.fromEntries(KINDS.map((k) => [k, [run[k]]])) as Record<Kind, number[]>;

    // The kills: each kind gets its share of KILLS; a round is one job killed 1–3 times (a chain: after a restart the
    // moment is drawn from the new process's spawn, so it may land while the server boots and opens the database, or
    // in the run that takes the job over; three kills of a month closing or of a publication exhaust its attempts).
    const budget = Object.fromEntries(
      KINDS.map((k, i) => [k, Math.floor(KILLS / 3) + (i < KILLS % 3 ? 1 : 0)]),
    ) as Record<Kind, number>;
    let killNo = 0;
    let rounds = 0;
    const boot = () => median(restarts.length ? restarts : [firstStart]);
    /**
     * From a spawn to the job's takeover: the earliest moment and how much later it may come. Skipped downtime: the
     * queued run starts with the jobs, at the end of the boot. Real downtime: once the heartbeat is older than the
     * threshold (counted from the kill, moments before the spawn), at the next cron minute.
     */
    const takeover = (kind: Kind) =>
      DOWNTIME === 'skip'
        ? { earliest: boot(), spread: 0 }
        : {
            earliest: Math.max(
              boot(),
              kind === 'announcement' ? 0 : (kind === 'month-close' ? MONTH_STALE : IMPORT_STALE) * 1000,
            ),
            spread: 65_000,
          };
    /**
     * The moment of a kill, from the claim (the first kill) or from the spawn (the next ones of a chain): in the first
     * 70 % of the job's estimated run (its length varies; on PGlite the claim is seen late, the API waiting behind the
     * job's statements), or after a restart either during the boot (three times in ten in a chain of two: the
     * database being opened, migrated, the jobs started) or in the run that takes the job over (the jobs start before
     * the server listens: from a second and a half before it answers).
     */
    const drawDelay = (kind: Kind, k: number, chain: number) => {
      if (k === 1) return random() * 0.7 * run[kind];
      if (chain < 3 && random() < 0.3) return random() * boot();
      const t = takeover(kind);
      return t.earliest - 1500 + random() * (1500 + t.spread + run[kind]);
    };
    const tripled = { 'month-close': false, 'payslip-import': false, announcement: false } as Record<Kind, boolean>;
    while (KINDS.some((k) => budget[k] > 0) && rounds < KILLS * 3) {
      rounds += 1;
      const open = KINDS.filter((k) => budget[k] > 0);
      const kind = open[Math.floor(random() * open.length)]!;
      // In a long run, closings and imports are killed three times (in the run and in the two takeovers) until one of
      // each has been: their attempts run out, and it must be marked failed (not stuck, not half done).
      const r = random();
      const chain = Math.min(
        budget[kind],
        SHORT ? 1 : kind !== 'announcement' && !tripled[kind] ? 3 : r < 0.6 ? 1 : r < 0.8 ? 2 : 3,
      );
      let job: Job;
      try {
        job = await startJob(api, kind, ++n);
      } catch (err) {
        violations.push(`could not start a ${LABEL[kind]}: ${(err as Error).message}`);
        tally[kind].violations += 1;
        continue;
      }
      tally[kind].rounds += 1;
      let spawnedAt = new Date(Date.now() - (performance.now() - server.spawnedAt));
      // The first kill: a moment of the job's run, from its claim (a month version or an import seen taken; an
      // announcement, processed in one transaction, from its request).
      const claimed = await drive(api, job, performance.now() + 600_000, { pollMs: 50, untilClaimed: true });
      let since = performance.now();
      let hits = 0;
      for (let k = 1; k <= chain; k++) {
        // A chain of three kills each run of the job: after a restart its takeover starts with the jobs, just before
        // the server answers, so the moment is drawn in the first half of a run from then (skipped downtime).
        const inTakeover = k > 1 && chain === 3 && DOWNTIME === 'skip';
        if (inTakeover) {
          restarts.push(await server.ready());
          since = performance.now();
        }
        const delay = inTakeover ? random() * 0.5 * run[kind] : drawDelay(kind, k, chain);
        const ended = claimed?.outcome ?? (await drive(api, job, since + delay))?.outcome;
        // The runs seen whole (the calibration's was the first, cold one): the estimate is the median of the last five.
        if (ended && k === 1 && !claimed?.outcome) {
          seen[kind].push(performance.now() - since);
          run[kind] = median(seen[kind].slice(-5));
        }
        if (ended) {
          // Over before the drawn moment: no kill (the chain ends here).
          tally[kind].late += 1;
          console.log(
            `no kill      ${LABEL[kind].padEnd(15)} ${job.label.padEnd(14)} ${k}/${chain}: ${ended} before +${secs(delay)}`,
          );
          break;
        }
        const at = performance.now() - since;
        const booting = !server.answered;
        await server.kill9();
        const down = await downtime(job, spawnedAt);
        reopens.push(down.reopenMs);
        const state = down.state!;
        if (state.running) {
          hits += 1;
          killNo += 1;
          tally[kind].kills += 1;
          if (state.inRun) tally[kind].inRun += 1;
          if (booting) tally[kind].booting += 1;
          budget[kind] -= 1;
        } else {
          tally[kind].late += 1;
          // Over before the kill: its run was shorter than this (a first kill only: after a restart the job ran on).
          if (k === 1) {
            seen[kind].push(at);
            run[kind] = median(seen[kind].slice(-5));
          }
        }
        for (const v of down.check.violations) violations.push(`after kill ${killNo} (${LABEL[kind]}): ${v}`);
        tally[kind].violations += down.check.violations.length;
        console.log(
          `${state.running ? `kill ${String(killNo).padStart(2)}/${KILLS} ` : 'late kill    '} ${LABEL[kind].padEnd(15)} ${job.label.padEnd(14)}` +
            ` ${k}/${chain} at +${secs(at)}${k === 1 ? '' : inTakeover ? ' after the restart answered' : ` after the spawn${booting ? ' (booting)' : ''}`}: ${state.text}` +
            `${state.inRun ? ' [in a run]' : ''} · check: ${down.check.violations.length} violations, ${down.check.files} files,` +
            ` ${down.check.awaitingSweep} awaiting the sweep${down.check.partial ? `, ${down.check.partial} temporary` : ''}` +
            `${dbKind === 'PGlite' ? ` · reopened in ${secs(down.reopenMs)}` : ''}`,
        );
        server.spawn();
        since = server.spawnedAt;
        spawnedAt = new Date();
        if (!state.running) break;
      }
      if (chain === 3 && hits === 3) tripled[kind] = true;
      // After the last kill: the restarted server completes the job, or marks it failed.
      const restarted = server.spawnedAt >= since;
      const restartMs = restarted ? await server.ready() : 0;
      if (restarted) restarts.push(restartMs);
      else since = performance.now();
      const limit = takeover(kind).earliest + takeover(kind).spread + 3 * run[kind] + 120_000;
      const outcome = (await drive(api, job, since + limit, { pollMs: 250 }))?.outcome ?? null;
      const took = performance.now() - since;
      if (outcome === 'completed') tally[kind].completed += 1;
      else if (outcome === 'failed') tally[kind].failed += 1;
      else {
        tally[kind].stuck += 1;
        tally[kind].violations += 1;
        violations.push(
          `stuck: ${LABEL[kind]} ${job.label} neither completed nor failed ${secs(took)} after the restart`,
        );
      }
      if (outcome && restarted) tally[kind].recovery.push(took);
      console.log(
        `   → ${LABEL[kind]} ${job.label} ${outcome ?? 'STUCK'}` +
          (restarted ? ` ${secs(took)} after the last spawn (up in ${secs(restartMs)})` : ''),
      );
    }

    // The end: a clean stop, then the last check; the sweeper (its clock two hours on, past every reservation)
    // must leave exactly the recorded files.
    await server.stop();
    const end = await downtime(null);
    for (const v of end.check.violations) violations.push(`final check: ${v}`);
    const database = pgPool ?? (await openOurs());
    let swept = 0;
    let left: Check;
    try {
      const storage = new LocalDiskStorage(filesRoot);
      swept = await runFileSweep({ db: database.db, storage }, undefined, () => new Date(Date.now() + 2 * 3600_000));
      left = await checkInvariants(database);
      const running = (
        await database.raw.query<{ n: number }>(
          `select ((select count(*) from month_logs where status in ('waiting', 'in_progress'))
             + (select count(*) from paycheck_imports where status in ('waiting', 'analysing', 'publishing'))
             + (select count(*) from announcements where processed_at is null and send_at <= now()))::int as n`,
        )
      ).rows[0]!.n;
      if (running > 0) violations.push(`final check: ${running} jobs still waiting or running`);
    } finally {
      if (!pgPool) await database.close();
    }
    for (const v of left.violations) violations.push(`after the sweep: ${v}`);
    if (left.awaitingSweep > 0) violations.push(`after the sweep: ${left.awaitingSweep} objects still awaiting it`);
    if (left.partial > 0) violations.push(`after the sweep: ${left.partial} temporary files left`);

    // The report.
    const total = KINDS.reduce((s, k) => s + tally[k].kills, 0);
    console.log('');
    console.log(
      `Kill -9 on ${dbKind}, seed ${SEED}, downtime ${DOWNTIME}: ${total} kills mid-job (${KINDS.reduce((s, k) => s + tally[k].late, 0)} more landed after the end), ` +
        `${secs(performance.now() - started)} in all`,
    );
    console.log('');
    console.log(
      '| Database | Job | Kills mid-job | … inside a run | … while booting | Over before the kill (not counted) | Jobs | Completed after restart | Marked failed | Stuck | Recovery (median) | Violations |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const k of KINDS) {
      const x = tally[k];
      console.log(
        `| ${dbKind} | ${LABEL[k]} | ${x.kills} | ${x.inRun} | ${x.booting} | ${x.late} | ${x.rounds} | ${x.completed} | ${x.failed} | ${x.stuck} | ${x.recovery.length ? secs(median(x.recovery)) : '—'} | ${x.violations} |`,
      );
    }
    const other = violations.length - KINDS.reduce((s, k) => s + tally[k].violations, 0);
    console.log(`| ${dbKind} | final check, file sweep (clock +2 h) | | | | | | | | | | ${other} |`);
    console.log('');
    const count = (re: RegExp) => violations.filter((v) => re.test(v)).length;
    console.log(
      `Partial versions ${count(/partial version/)}, duplicate notifications ${count(/duplicate notification/)}, ` +
        `duplicate e-mails ${count(/duplicate e-mail/)}, orphan files ${count(/orphan/)}, half-published imports ` +
        `${count(/half-published|half-attached/)}, partial sends ${count(/partial send/)}, stuck jobs ${count(/stuck/)}; ` +
        `${end.check.files} files at the end (${end.check.awaitingSweep} awaiting the sweep, ${swept} queued removals carried out by it, ${end.check.partial} temporary).`,
    );
    console.log(
      `Server restart after kill -9 (spawn → health): median ${secs(median(restarts))}, max ${secs(Math.max(...restarts))}` +
        (dbKind === 'PGlite'
          ? `; the crashed PGlite directory reopened by the bench: median ${secs(median(reopens))}, max ${secs(Math.max(...reopens))}, ${restarts.length} reopens by the server, 0 failures`
          : ''),
    );
    if (total < KILLS) violations.push(`only ${total} of ${KILLS} kills landed while a job ran`);
    if (violations.length > 0) {
      console.log(`\n${violations.length} VIOLATIONS:`);
      for (const v of violations) console.log(`  - ${v}`);
    } else ok = true;
  } finally {
    await server.kill9().catch(() => undefined);
    await pgPool?.close().catch(() => undefined);
    await dropFreshPostgres().catch((err) => console.error(`could not drop ${dbName}: ${err}`));
    if (ok) fs.rmSync(work, { recursive: true, force: true });
    else console.log(`Kept ${work} (data and server.log) for a look.`);
  }
  if (!ok) process.exitCode = 1;
}

async function pgVersion() {
  const c = new pg.Client({ connectionString: BASE_URL! });
  await c.connect();
  const v = (await c.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
  await c.end();
  return v;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
