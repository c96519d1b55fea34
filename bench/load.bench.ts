/**
 * Load (issue 17, "Load and scale-out"): LOAD_USERS virtual users (200) for LOAD_SECONDS (60) on a mixed workload over
 * two real server processes (`src/main.ts`, as `npm start` runs it, jobs on in both) sharing one PostgreSQL database
 * and one file directory. Every virtual user is a person with an account of their own in the Demo company — employees
 * (about 92 %) and admins — who logs in like a browser (its own address through X-Forwarded-For, the known-device
 * cookie, the session cookies) and then loops with short think times, sending each request to the other process
 * than the one before (so every session, logout and login crosses processes):
 * - employees: the dashboard; the clock state and a clock-in or clock-out (always the valid one); their requests and a
 *   new whole-day absence on a working day of their own (never one they already asked for: no conflict); the PDF
 *   attached to an announcement sent to everyone before the run (a download);
 * - admins: the dashboard; the open requests, then those of one of "their" employees (each employee has one admin)
 *   and their approval; the month's timesheet (a page) and its XLSX export (a download);
 * - everyone logs out and in again every 20 iterations of their mix, from a random point of that cycle (logins are
 *   part of the mix, spread over the run).
 * Prints count, p50/p95/p99 and errors (any non-2xx or network error; the first bodies are shown) per category and
 * overall, and the requests each process served. Then checks the database: no lost or doubled write (the punches and
 * requests the clients were told were written are there, once; every employee's punches alternate in/out; the
 * approvals counted are the approved rows) and jobs run once across the two processes (the announcement processed
 * once, one notification per recipient; no cron job queued twice in a minute; no failed or retried job).
 * Exits non-zero on any error or failed check.
 *
 * Run: `bash bench/with-postgres.sh npm run bench:load` (a throw-away PostgreSQL; the bench creates its own database
 * on DATABASE_URL's server and drops it). Short mode (CI): `LOAD_USERS=20 LOAD_SECONDS=5`. LOAD_THINK_MS (1000): the
 * mean think time between two requests of a user (uniform between a third and five thirds of it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  addDays,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
  generateCodiceFiscale,
  isoWeekday,
  WORKSPACE_HEADER,
} from '@timbro/shared';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { justifications, userInfos, users, workspaces } from '../apps/server/src/db/schema';
import { workspaceScope } from '../apps/server/src/db/scope';
import { hashPassword } from '../apps/server/src/lib/passwords';
import { todayIn } from '../apps/server/src/lib/time';
import { loadHolidays } from '../apps/server/src/modules/attendance/attendance.repository';
import { DEMO_PASSWORD } from '../apps/server/src/seed';
import { pdf } from '../apps/server/test/upload-corpus';
import { nineToSixContracts } from './seed-people';

const root = path.resolve(import.meta.dirname, '..');
const BASE_URL = process.env.DATABASE_URL || null;
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 1000);
/** 15 admins for 200 users (at least one). */
const ADMINS = Math.max(1, Math.round((USERS * 15) / 200));
const EMPLOYEES = USERS - ADMINS;
/** Users start over the first sixth of the run (at most 10 s), not all in the same millisecond. */
const RAMP_MS = Math.min(10_000, (SECONDS * 1000) / 6);
/**
 * A user logs out and in again every this many iterations (passes over their mix), starting at a random point of the
 * cycle: logins and logouts are spread over the run.
 */
const RELOGIN_EVERY = 20;
const TZ = 'Europe/Rome';
const PASSWORD = DEMO_PASSWORD;

if (!BASE_URL) {
  console.error(
    'The load benchmark runs on PostgreSQL (two server processes share it). Run it with a throw-away cluster:\n' +
      '  bash bench/with-postgres.sh npm run bench:load\n' +
      'or set DATABASE_URL=postgres://… (a database named timbro_load_<pid> is created there and dropped).\n' +
      'Short mode: LOAD_USERS=20 LOAD_SECONDS=5 bash bench/with-postgres.sh npm run bench:load',
  );
  process.exit(1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK_MS / 3 + Math.random() * ((THINK_MS * 4) / 3));

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The run's database (its own, on DATABASE_URL's server) and the two server processes

const dbName = `timbro_load_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

async function adminQuery(text: string) {
  const admin = new pg.Client({ connectionString: BASE_URL! });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

interface Server {
  name: string;
  base: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** Both processes share DATA_DIR, so a file stored through one is read through the other (local file storage). */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-load-'));
const servers: Server[] = [];
let serverLogLines = 0;

async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS: 'true',
      SEED_DEMO: 'true',
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server = { name, base, child, exited };
  servers.push(server);
  // Warnings and errors of the servers (LOG_LEVEL=warn) are shown as they come, after the startup banner.
  let up = false;
  const forward = (chunk: Buffer) => {
    if (!up) return;
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue;
      serverLogLines++;
      console.error(`[server ${name}] ${line}`);
    }
  };
  child.stdout!.on('data', forward);
  child.stderr!.on('data', (chunk: Buffer) => {
    if (!up) process.stderr.write(chunk);
    else forward(chunk);
  });
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server ${name} exited (${child.exitCode}) while starting`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (performance.now() - t0 > 120_000) throw new Error(`server ${name} did not answer within 2 minutes`);
    await sleep(200);
  }
  up = true;
  console.log(`Server ${name} up on ${base} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return server;
}

async function stopServers() {
  await Promise.all(
    servers.map(async (s) => {
      if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGTERM');
      await s.exited;
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The people: EMPLOYEES employees (a Monday–Friday 9–18 contract each) and ADMINS admins of the Demo company

interface Person {
  role: 'employee' | 'admin';
  index: number;
  email: string;
  userInfoId: string;
}

async function preparePeople(database: Database, tag: string) {
  const db = database.db;
  const demo = (await db.select().from(workspaces)).find((w) => w.name === 'Demo S.r.l.');
  if (!demo) throw new Error('the Demo company is missing (SEED_DEMO)');
  const ws = demo.id;
  const [fer] = await db
    .select({ id: justifications.id })
    .from(justifications)
    .where(and(eq(justifications.workspaceId, ws), eq(justifications.code, 'FER')));
  // One hash for everyone (the same password): argon2 once instead of USERS times.
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  const people: Person[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < USERS; i += 100) {
      const batch = Array.from({ length: Math.min(100, USERS - i) }, (_, k) => {
        const n = i + k;
        const admin = n >= EMPLOYEES;
        const lastName = `Carico${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`;
        const firstName = admin ? 'Amministratore' : 'Dipendente';
        return {
          email: `carico.${tag}.${admin ? `admin${n - EMPLOYEES}` : `dip${n}`}@example.it`,
          firstName,
          lastName,
          fiscalCode: generateCodiceFiscale({
            lastName,
            firstName,
            birthDate: `19${60 + (n % 40)}-0${(n % 9) + 1}-1${n % 9}`,
            sex: n % 2 ? 'F' : 'M',
            belfiore: `M${String(100 + (n % 899)).padStart(3, '0')}`,
          }),
          passwordHash,
          emailVerifiedAt: now,
          fiscalCodeVerifiedAt: now,
        };
      });
      const us = await tx.insert(users).values(batch).returning();
      const infos = await tx
        .insert(userInfos)
        .values(
          us.map((u, k) => {
            const admin = i + k >= EMPLOYEES;
            return {
              workspaceId: ws,
              userId: u.id,
              firstName: u.firstName,
              lastName: u.lastName,
              fiscalCode: u.fiscalCode,
              isAdmin: admin,
              isMember: !admin,
            };
          }),
        )
        .returning({ id: userInfos.id });
      infos.forEach((info, k) => {
        const n = i + k;
        const admin = n >= EMPLOYEES;
        people.push({
          role: admin ? 'admin' : 'employee',
          index: admin ? n - EMPLOYEES : n,
          email: us[k]!.email,
          userInfoId: info.id,
        });
      });
      const employees = infos.filter((_, k) => i + k < EMPLOYEES);
      if (employees.length === 0) continue;
      await nineToSixContracts(
        tx,
        ws,
        employees.map((e) => e.id),
      );
    }
  });
  await database.raw.exec('analyze');
  // The working days from tomorrow on (Monday–Friday, not a holiday of the company): one new request each.
  const today = todayIn(TZ);
  const holidaySet = new Set(
    (await loadHolidays(db, workspaceScope(ws), addDays(today, 1), addDays(today, 730))).map((h) => h.date),
  );
  const workingDays: string[] = [];
  for (let d = addDays(today, 1); workingDays.length < 400; d = addDays(d, 1))
    if (isoWeekday(d) <= 5 && !holidaySet.has(d)) workingDays.push(d);
  return { ws, ferId: fer!.id, people, workingDays, today };
}

// ---------------------------------------------------------------------------------------------------------------
// Processor time (Linux /proc): the two servers, PostgreSQL, this process and the whole machine (others use it too)

const TICK = 100; // USER_HZ
function procSeconds(pid: number, withReaped = false): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime (fields 14, 15); cutime, cstime (16, 17): the time of children already waited for.
  return (Number(f[11]) + Number(f[12]) + (withReaped ? Number(f[13]) + Number(f[14]) : 0)) / TICK;
}

/** PostgreSQL's time: its postmaster (with the backends it reaped) and its live backends. Null when not found here. */
function postgresSeconds(): number | null {
  try {
    const port = new URL(BASE_URL!).port || '5432';
    const pids = fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    const master = pids.find((pid) => {
      try {
        const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return /(^|\/)postgres$/.test(args[0]!) && args.includes('-p') && args[args.indexOf('-p') + 1] === port;
      } catch {
        return false;
      }
    });
    if (!master) return null;
    let total = procSeconds(Number(master), true);
    for (const pid of pids) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === master) total += procSeconds(Number(pid));
      } catch {
        /* ended meanwhile */
      }
    }
    return total;
  } catch {
    return null;
  }
}

function cpuSnapshot() {
  const [, ...cpu] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0) / TICK;
  const idle = (cpu[3]! + cpu[4]!) / TICK;
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    machineBusy: total - idle,
    servers: servers.map((s) => procSeconds(s.child.pid!)),
    postgres: postgresSeconds(),
    bench: (own.user + own.system) / 1e6,
  };
}

function cpuReport(a: ReturnType<typeof cpuSnapshot>, b: ReturnType<typeof cpuSnapshot>) {
  const wall = (b.at - a.at) / 1000;
  const cores = os.cpus().length;
  const serverS = b.servers.map((v, i) => v - a.servers[i]!);
  const pgS = a.postgres !== null && b.postgres !== null ? b.postgres - a.postgres : null;
  const benchS = b.bench - a.bench;
  const busy = b.machineBusy - a.machineBusy;
  const ours = serverS.reduce((x, y) => x + y, 0) + (pgS ?? 0) + benchS;
  const pc = (x: number) => `${x.toFixed(1)} s (${((100 * x) / wall).toFixed(0)} % of a core)`;
  return (
    `Processor time over the ${wall.toFixed(1)} s of the run (${cores} cores = ${(cores * wall).toFixed(0)} core-seconds): ` +
    `server A ${pc(serverS[0]!)}, server B ${pc(serverS[1]!)}, PostgreSQL ${pgS === null ? 'not measured' : pc(pgS)}, ` +
    `this load generator ${pc(benchS)}; the machine was busy ${busy.toFixed(1)} s in all, ` +
    `${pgS === null ? '' : `${Math.max(0, busy - ours).toFixed(1)} s of it other people's work`}`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Measurements

interface Category {
  ms: number[];
  errors: number;
}
const categories = new Map<string, Category>();
const servedBy = [0, 0];
const errorSamples: string[] = [];
let totalErrors = 0;
let measuring = false;

function record(category: string, proc: number, ms: number, error: string | null) {
  if (!measuring) {
    if (error !== null) console.error(`${category}: ${error}`);
    return;
  }
  let c = categories.get(category);
  if (!c) categories.set(category, (c = { ms: [], errors: 0 }));
  c.ms.push(ms);
  servedBy[proc]!++;
  if (error !== null) {
    c.errors++;
    totalErrors++;
    if (errorSamples.length < 8) errorSamples.push(`${category} on ${servers[proc]!.name}: ${error}`);
  }
}

function pct(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

// ---------------------------------------------------------------------------------------------------------------
// A browser: cookies by path, its own address, the app's headers

class Browser {
  private cookies = new Map<string, { value: string; path: string }>();
  private next = 0;
  constructor(
    private readonly ip: string,
    private readonly ws: string,
    /** Only this process (the setup, while the other starts); otherwise each request goes to the other one. */
    private readonly only: number | null = null,
  ) {}

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      let cookiePath = '/';
      let expired = value === '';
      for (const a of attrs) {
        const [k, v = ''] = a.trim().split('=');
        const key = k!.toLowerCase();
        if (key === 'path') cookiePath = v;
        else if (key === 'max-age' && Number(v) <= 0) expired = true;
        else if (key === 'expires' && Date.parse(v) <= Date.now()) expired = true;
      }
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path: cookiePath });
    }
  }

  private cookieHeader(pathname: string) {
    return [...this.cookies]
      .filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  /**
   * One request to the process after the previous one's; the time is to the last byte of the answer. Returns the
   * answer's body (parsed when JSON), or null after an error (recorded).
   */
  async send(
    category: string,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    check?: (res: Response, bytes: Buffer) => string | null,
  ): Promise<{ json: unknown; bytes: Buffer } | null> {
    const proc = this.only ?? this.next++ % 2;
    const pathname = `/api/v1${url.split('?')[0]}`;
    const headers: Record<string, string> = {
      [CLIENT_HEADER]: CLIENT_HEADER_VALUE,
      'x-auth-mode': 'cookie',
      'x-forwarded-for': this.ip,
      [WORKSPACE_HEADER]: this.ws,
    };
    const cookie = this.cookieHeader(pathname);
    if (cookie) headers.cookie = cookie;
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const t0 = performance.now();
    try {
      const res = await fetch(`${servers[proc]!.base}/api/v1${url}`, {
        method,
        headers,
        ...(body !== undefined ? { body: form ? body : JSON.stringify(body) } : {}),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - t0;
      this.store(res);
      let error: string | null = null;
      if (!res.ok) error = `${method} ${url} → ${res.status} ${bytes.toString('utf8').slice(0, 400)}`;
      else if (check) error = check(res, bytes);
      record(category, proc, ms, error);
      if (error) return null;
      const json = res.headers.get('content-type')?.includes('application/json')
        ? (JSON.parse(bytes.toString('utf8')) as unknown)
        : null;
      return { json, bytes };
    } catch (err) {
      record(category, proc, performance.now() - t0, `${method} ${url} → ${(err as Error).message}`);
      return null;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The virtual users

interface Shared {
  ws: string;
  ferId: string;
  workingDays: string[];
  monthFrom: string;
  monthTo: string;
  announcementId: string;
  attachmentId: string;
  attachmentBytes: Buffer;
  employees: Person[];
}

/** What the clients were told was written: the database must hold exactly that afterwards. */
const written = { punches: 0, requests: 0, approved: 0 };

async function login(b: Browser, p: Person) {
  return b.send('login', 'POST', '/auth/login', { username: p.email, password: PASSWORD });
}

/** A virtual user's session: logged in at the start, out and in again every RELOGIN_EVERY passes over its mix. */
class Visit {
  private loggedIn = false;
  private sinceLogin: number;
  constructor(
    private readonly b: Browser,
    private readonly p: Person,
    private readonly mix: number,
  ) {
    // A random phase, so the logins spread over the run.
    this.sinceLogin = Math.floor(Math.random() * RELOGIN_EVERY * mix);
  }
  async start() {
    this.loggedIn = (await login(this.b, this.p)) !== null;
  }
  /** Logs out and in when due (or after a failed login): whether this turn went to it. */
  async relogIfDue() {
    if (this.loggedIn && ++this.sinceLogin < RELOGIN_EVERY * this.mix) return false;
    if (this.loggedIn) await this.b.send('logout', 'POST', '/auth/logout');
    await think();
    this.loggedIn = (await login(this.b, this.p)) !== null;
    this.sinceLogin = 0;
    return true;
  }
  async end() {
    if (this.loggedIn) await this.b.send('logout', 'POST', '/auth/logout');
  }
}

async function employee(p: Person, s: Shared, until: number) {
  const b = new Browser(`198.18.${Math.floor(p.index / 250)}.${(p.index % 250) + 1}`, s.ws);
  const mix = 4;
  const visit = new Visit(b, p, mix);
  await visit.start();
  let day = 0;
  let action = Math.floor(Math.random() * mix);
  while (performance.now() < until) {
    await think();
    if (await visit.relogIfDue()) continue;
    switch (action++ % mix) {
      case 0:
        await b.send('dashboard', 'GET', '/dashboard');
        break;
      case 1: {
        // The clock page: the state, then the one button it offers.
        const state = (await b.send('clock state', 'GET', '/member/clock'))?.json as
          { state: 'in' | 'out' } | undefined;
        if (!state) break;
        await think();
        const direction = state.state === 'in' ? 'out' : 'in';
        const after = await b.send('clock in/out', 'POST', '/member/clock', { direction }, (_res, bytes) => {
          const got = (JSON.parse(bytes.toString('utf8')) as { state: string }).state;
          return got === direction ? null : `clock ${direction} answered state ${got}`;
        });
        if (after) written.punches++;
        break;
      }
      case 2: {
        await b.send('my requests', 'GET', '/member/justification-request?sort=date&order=desc');
        await think();
        const date = s.workingDays[day++]!;
        const created = await b.send(
          'new request',
          'POST',
          '/member/justification-request',
          { date, justificationId: s.ferId, category: 'regular', wholeDay: true },
          (_res, bytes) => {
            const items = (JSON.parse(bytes.toString('utf8')) as { items: { status: string }[] }).items;
            return items.length === 1 && items[0]!.status === 'open' ? null : `request answered ${bytes}`;
          },
        );
        if (created) written.requests++;
        break;
      }
      case 3:
        await b.send(
          'download (attachment)',
          'GET',
          `/member/announcement/${s.announcementId}/attachment/${s.attachmentId}`,
          undefined,
          (_res, bytes) => (bytes.equals(s.attachmentBytes) ? null : `attachment of ${bytes.length} bytes differs`),
        );
        break;
    }
  }
  await visit.end();
}

async function admin(p: Person, s: Shared, until: number) {
  const b = new Browser(`198.19.${Math.floor(p.index / 250)}.${(p.index % 250) + 1}`, s.ws);
  // Each employee has one admin: two admins never decide the same request.
  const mine = s.employees.filter((e) => e.index % ADMINS === p.index);
  const mix = 5;
  const visit = new Visit(b, p, mix);
  await visit.start();
  let action = Math.floor(Math.random() * mix);
  let turn = 0;
  while (performance.now() < until) {
    await think();
    if (await visit.relogIfDue()) continue;
    switch (action++ % mix) {
      case 0:
        await b.send('dashboard', 'GET', '/dashboard');
        break;
      case 1:
      case 3: {
        await b.send('requests (admin)', 'GET', '/admin/justification-request?status=open');
        if (mine.length === 0) break;
        await think();
        const who = mine[turn++ % mine.length]!;
        const page = (
          await b.send(
            'requests (admin)',
            'GET',
            `/admin/justification-request?status=open&user_info_id=${who.userInfoId}`,
          )
        )?.json as { items: { id: string }[] } | undefined;
        if (!page || page.items.length === 0) break;
        await think();
        const ids = page.items.map((r) => r.id);
        const decided = await b.send(
          'approve',
          'POST',
          '/admin/justification-request/approve',
          { ids },
          (_r, bytes) => {
            const updated = (JSON.parse(bytes.toString('utf8')) as { updated: number }).updated;
            return updated === ids.length ? null : `approved ${updated} of ${ids.length}`;
          },
        );
        if (decided) written.approved += ids.length;
        break;
      }
      case 2:
        await b.send('timesheet', 'GET', `/attendance/attendance-data/timesheet?from=${s.monthFrom}&to=${s.monthTo}`);
        break;
      case 4:
        await b.send(
          'timesheet xlsx',
          'GET',
          `/attendance/attendance-data/timesheet/export?from=${s.monthFrom}&to=${s.monthTo}&format=xlsx`,
          undefined,
          (_res, bytes) => (bytes.subarray(0, 2).toString('latin1') === 'PK' ? null : 'not an XLSX file'),
        );
        break;
    }
  }
  await visit.end();
}

// ---------------------------------------------------------------------------------------------------------------
// Checks after the run

async function checks(database: Database, s: Shared, jobsSince: Date) {
  const failures: string[] = [];
  const q = <T>(text: string, values: unknown[] = []) => database.raw.query<T>(text, values).then((r) => r.rows);
  const ids = s.employees.map((e) => e.userInfoId);

  // Writes: what the clients were told was written is there, once.
  const [punchCount] = await q<{ n: string }>('select count(*) as n from punches where user_info_id = any($1)', [ids]);
  if (Number(punchCount!.n) !== written.punches)
    failures.push(`punches: ${punchCount!.n} in the database, ${written.punches} answered as written`);
  const [badPairs] = await q<{ n: string }>(
    `select count(*) as n from (
       select direction, lag(direction) over (partition by user_info_id order by at, id) as before
       from punches where user_info_id = any($1)) x
     where direction = before or (before is null and direction <> 'in')`,
    [ids],
  );
  if (Number(badPairs!.n) !== 0) failures.push(`${badPairs!.n} punches do not alternate in/out`);
  const [req] = await q<{ n: string; approved: string }>(
    `select count(*) as n, count(*) filter (where status = 'approved') as approved
     from justification_requests where user_info_id = any($1)`,
    [ids],
  );
  if (Number(req!.n) !== written.requests)
    failures.push(`requests: ${req!.n} in the database, ${written.requests} answered as written`);
  if (Number(req!.approved) !== written.approved)
    failures.push(`approved: ${req!.approved} in the database, ${written.approved} answered as approved`);
  const [dupDays] = await q<{ n: string }>(
    `select count(*) as n from (select user_info_id, date from justification_requests where user_info_id = any($1)
     group by 1, 2 having count(*) > 1) x`,
    [ids],
  );
  if (Number(dupDays!.n) !== 0) failures.push(`${dupDays!.n} days with two requests of one person`);

  // Jobs: the announcement processed once (one recipient row and one notification per person); no cron job queued
  // twice in one minute by the two processes; none failed or retried.
  const [ann] = await q<{ attempts: number; processed: boolean }>(
    'select attempts, processed_at is not null as processed from announcements where id = $1',
    [s.announcementId],
  );
  const [rec] = await q<{ n: string; people: string }>(
    'select count(*) as n, count(distinct user_info_id) as people from announcement_recipients where announcement_id = $1',
    [s.announcementId],
  );
  const [notes] = await q<{ n: string; people: string }>(
    'select count(*) as n, count(distinct user_info_id) as people from notifications where dedupe_key = $1',
    [`announcement:${s.announcementId}`],
  );
  if (!ann?.processed || ann.attempts !== 0) failures.push(`announcement: ${JSON.stringify(ann)}`);
  if (rec!.n !== rec!.people || Number(rec!.people) < s.employees.length)
    failures.push(`announcement recipients: ${rec!.n} rows for ${rec!.people} people (${s.employees.length} expected)`);
  if (notes!.n !== notes!.people || notes!.n !== rec!.n)
    failures.push(`announcement notifications: ${notes!.n} for ${notes!.people} people, ${rec!.n} recipients`);
  const jobs = await q<{ name: string; state: string; retry_count: number; cron: boolean; minute: string }>(
    `select name, state, retry_count, singleton_key is null as cron, date_trunc('minute', created_on)::text as minute
     from pgboss.job where created_on >= $1 and name not like '\\_\\_pgboss%'`,
    [jobsSince],
  );
  const perMinute = new Map<string, number>();
  for (const j of jobs.filter((x) => x.cron))
    perMinute.set(`${j.name} ${j.minute}`, (perMinute.get(`${j.name} ${j.minute}`) ?? 0) + 1);
  const twice = [...perMinute].filter(([, n]) => n > 1);
  if (twice.length > 0)
    failures.push(`cron jobs queued more than once in a minute: ${twice.map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  const bad = jobs.filter((j) => j.state === 'failed' || j.retry_count > 0);
  if (bad.length > 0)
    failures.push(`jobs failed or retried: ${bad.map((j) => `${j.name} ${j.state} (${j.retry_count})`).join(', ')}`);
  const states = new Map<string, number>();
  for (const j of jobs) states.set(j.state, (states.get(j.state) ?? 0) + 1);
  const cronRuns = jobs.filter((j) => j.cron).length;
  console.log(
    `Jobs during the run: ${jobs.length} (${[...states].map(([k, n]) => `${n} ${k}`).join(', ')}), ${cronRuns} from the ` +
      `every-minute schedules over ${new Set(jobs.filter((j) => j.cron).map((j) => j.minute)).size} minute(s), none twice; ` +
      `announcement to ${rec!.people} people processed ${ann?.processed ? 'once' : 'NOT'} (${notes!.n} notifications)`,
  );
  console.log(
    `Writes: ${written.punches} punches, ${written.requests} requests, ${written.approved} approvals answered as ` +
      `written — in the database ${punchCount!.n}, ${req!.n}, ${req!.approved} approved; punches alternating in/out: ` +
      `${Number(badPairs!.n) === 0 ? 'all' : `${badPairs!.n} not`}`,
  );
  return failures;
}

// ---------------------------------------------------------------------------------------------------------------

function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

async function main() {
  const started = performance.now();
  console.log(`Machine: ${machine()}`);
  await adminQuery(`create database "${dbName}"`);
  let database: Database | null = null;
  let failures: string[] = [];
  let pgVersion = '';
  try {
    // The first process migrates and seeds; the second starts on a ready database, while the run is prepared on A.
    await startServer('A');
    const startingB = startServer('B');
    startingB.catch(() => undefined);
    database = await openDatabase({ databaseUrl, poolMax: 4 });
    pgVersion = (
      await database.raw.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0]!.v.split(' ')[0]!;
    const tag = Math.random().toString(36).slice(2, 8);
    const prepared = await preparePeople(database, tag);
    const employees = prepared.people.filter((p) => p.role === 'employee');
    const admins = prepared.people.filter((p) => p.role === 'admin');

    // The downloaded file: a PDF attached to an announcement to everyone, sent now by the demo admin (on A), processed
    // by the job (on A or B) before the run starts.
    const demoAdmin = new Browser('198.20.0.1', prepared.ws, 0);
    if (
      !(await demoAdmin.send('setup', 'POST', '/auth/login', { username: 'admin@demo.timbro.it', password: PASSWORD }))
    )
      throw new Error('the demo admin cannot log in');
    const attachmentBytes = pdf([['CIRCOLARE', 'Calendario delle chiusure'], ['Pagina 2']]);
    const form = new FormData();
    form.append('title', 'Calendario delle chiusure');
    form.append('content', '<p>In allegato il calendario delle chiusure aziendali.</p>');
    form.append('audience', JSON.stringify({ everyone: true }));
    form.append('requiresAck', 'false');
    form.append('file', new Blob([attachmentBytes], { type: 'application/pdf' }), 'chiusure.pdf');
    const jobsSince = new Date(Date.now() - 1000);
    const announcement = (await demoAdmin.send('setup', 'POST', '/admin/announcement', form))?.json as
      { id: string; attachments: { id: string }[] } | undefined;
    if (!announcement) throw new Error('the announcement could not be created');
    const t0 = performance.now();
    for (;;) {
      const [row] = (
        await database.raw.query<{ done: boolean }>(
          'select processed_at is not null as done from announcements where id = $1',
          [announcement.id],
        )
      ).rows;
      if (row?.done) break;
      if (performance.now() - t0 > 60_000) throw new Error('the announcement was not processed within 60 s');
      await sleep(200);
    }
    const month = prepared.today.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const shared: Shared = {
      ws: prepared.ws,
      ferId: prepared.ferId,
      workingDays: prepared.workingDays,
      monthFrom: `${month}-01`,
      monthTo: `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`,
      announcementId: announcement.id,
      attachmentId: announcement.attachments[0]!.id,
      attachmentBytes,
      employees,
    };
    console.log(
      `Prepared ${employees.length} employees and ${admins.length} admins (Demo S.r.l.), an announcement with a ` +
        `${attachmentBytes.length}-byte PDF to everyone (processed in ${((performance.now() - t0) / 1000).toFixed(1)} s); ` +
        `setup ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    await startingB;
    // The run.
    console.log(`Load: ${USERS} users (think time ${THINK_MS} ms on average) for ${SECONDS} s…`);
    measuring = true;
    const cpuBefore = cpuSnapshot();
    const runStart = performance.now();
    const until = runStart + SECONDS * 1000;
    const vus = prepared.people.map(async (p, i) => {
      await sleep((i / prepared.people.length) * RAMP_MS);
      return p.role === 'admin' ? admin(p, shared, until) : employee(p, shared, until);
    });
    await Promise.all(vus);
    const runMs = performance.now() - runStart;
    const cpuAfter = cpuSnapshot();
    measuring = false;

    // The table.
    const all: number[] = [];
    const rows: string[][] = [];
    for (const [name, c] of [...categories].sort((a, b) => b[1].ms.length - a[1].ms.length)) {
      const sorted = [...c.ms].sort((a, b) => a - b);
      all.push(...c.ms);
      rows.push([
        name,
        String(sorted.length),
        ...[0.5, 0.95, 0.99].map((p) => pct(sorted, p).toFixed(1)),
        String(c.errors),
      ]);
    }
    all.sort((a, b) => a - b);
    const overall = [0.5, 0.95, 0.99].map((p) => pct(all, p).toFixed(1));
    rows.push(['overall', String(all.length), ...overall, String(totalErrors)]);
    const head = ['category', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
    console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    rows.forEach((r, i) => {
      if (i === rows.length - 1) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
      console.log(line(r));
    });
    console.log(
      `\nServed: process A ${servedBy[0]} requests, process B ${servedBy[1]} (each user alternates between them)`,
    );
    console.log(cpuReport(cpuBefore, cpuAfter));
    if (errorSamples.length > 0) console.log(`First errors:\n  ${errorSamples.join('\n  ')}`);

    failures = await checks(database, shared, jobsSince);
    if (servedBy[0] === 0 || servedBy[1] === 0) failures.push('a process served no request');
    if (serverLogLines > 0) console.log(`The servers logged ${serverLogLines} warning/error line(s) (above).`);

    const perCat = rows
      .slice(0, -1)
      .map((r) => `${r[0]} ${r[2]}/${r[3]}/${r[4]}`)
      .join('; ');
    console.log(
      `\nLoad: ${USERS} users × ${SECONDS} s on 2 processes (PostgreSQL ${pgVersion}): ${all.length} requests ` +
        `(${(all.length / (runMs / 1000)).toFixed(1)} req/s), errors ${totalErrors}; p50/p95/p99 overall ` +
        `${overall.join('/')} ms`,
    );
    console.log(`Per category p50/p95/p99 ms: ${perCat}`);
    console.log(`Checks: ${failures.length === 0 ? 'all passed' : failures.join('; ')}`);
    console.log(
      `Total time ${((performance.now() - started) / 1000).toFixed(1)} s; machine after the run: ${machine()}`,
    );
  } finally {
    const t0 = performance.now();
    await database?.close();
    await stopServers();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(`drop database if exists "${dbName}" with (force)`);
    console.log(
      `Stopped both servers (SIGTERM), removed the data and the database in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s in all`,
    );
  }
  if (totalErrors > 0 || failures.length > 0) process.exitCode = 1;
}

main().catch(async (err) => {
  console.error(err);
  await stopServers().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(`drop database if exists "${dbName}" with (force)`).catch(() => undefined);
  process.exit(1);
});
