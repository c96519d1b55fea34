/**
 * Benchmark (issue 16): how soon the dashboard's widgets are painted after the login, in the system Chromium, against
 * the app's own floor measured in the same run: the logged-in frame painted (header and sidebar, no page content yet).
 * The server runs as `npm start` runs it (PGlite, demo data, the built web app) on a port of its own. For the admin and
 * the employee it logs in ROUNDS times (a fresh browser context each: nothing cached) after one warm-up, and prints the
 * median and p95 of both figures beside the goal (≤ 1.5 s). Not a test.
 * Run: `npm run build -w @timbro/web` once, then `npm run bench:dashboard-paint`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { findChromium } from '../scripts/chromium-path.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BASE = `http://localhost:${PORT}`;
const GOAL_MS = 1500;
const root = path.resolve(import.meta.dirname, '..');

/** The spec's nine widgets, as each role has them (the admin is not an employee: no balances of their own). */
const ROLES = {
  admin: {
    email: 'admin@demo.timbro.it',
    widgets: [
      'welcome-widget',
      'widget-approvals',
      'widget-swap-requests',
      'widget-expiring-contracts',
      'widget-active-employees',
      'widget-next-holidays',
      'widget-sent-announcements',
      'widget-next-week',
    ],
  },
  employee: {
    email: 'mario.rossi@demo.timbro.it',
    widgets: [
      'welcome-widget',
      'widget-swap-requests',
      'widget-next-holidays',
      'widget-accruals',
      'widget-my-announcements',
      'widget-next-week',
    ],
  },
};

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { p50: q(0.5), p95: q(0.95) };
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/v1/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start within 2 minutes');
}

/** One login: ms to the frame (the floor) and to every widget painted with its content. */
async function once(browser: Browser, email: string, widgets: string[]) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill('Timbro2026!');
  const started = Date.now();
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.getByTestId('user-menu').waitFor({ state: 'visible' });
  const frame = Date.now() - started;
  for (const id of widgets) await page.getByTestId(id).waitFor({ state: 'visible' });
  // Each of the spec's widgets with its content (no skeleton inside it, not busy).
  await page.waitForFunction(
    `${JSON.stringify(widgets)}.every((id) => { const w = document.querySelector('[data-testid="' + id + '"]'); return w && w.getAttribute('aria-busy') !== 'true' && !w.querySelector('[data-testid$="-loading"]'); })`,
  );
  const painted = Date.now() - started;
  // The admin's chart (not one of the nine: its own call, the timesheet engine over everyone) is reported apart.
  let chart: number | null = null;
  if (await page.getByTestId('widget-hours-by-group').count()) {
    await page.getByTestId('widget-hours-chart').locator('svg').first().waitFor({ state: 'visible' });
    chart = Date.now() - started;
  }
  await context.close();
  return { frame, painted, chart };
}

async function main() {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
    throw new Error('No built web app: run `npm run build -w @timbro/web` first.');
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No system Chromium (see scripts/chromium-path.mjs).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-paint-'));
  const server = spawn('npx', ['tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      SEED_DEMO: 'true',
      PUBLIC_URL: BASE,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitForHealth();
    const browser = await chromium.launch({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    console.log(`Dashboard painted after login — ${os.cpus().length} cores, ${ROUNDS} logins per role after a warm-up`);
    for (const [role, { email, widgets }] of Object.entries(ROLES)) {
      await once(browser, email, widgets);
      const runs = [];
      for (let i = 0; i < ROUNDS; i++) runs.push(await once(browser, email, widgets));
      const f = stats(runs.map((r) => r.frame));
      const p = stats(runs.map((r) => r.painted));
      const charts = runs.flatMap((r) => (r.chart === null ? [] : [r.chart]));
      const c = charts.length ? stats(charts) : null;
      console.log(
        `  ${role.padEnd(8)} ${widgets.length} widgets painted: p50 ${p.p50} ms, p95 ${p.p95} ms (goal ≤ ${GOAL_MS} ms)` +
          ` · floor, the frame painted: p50 ${f.p50} ms, p95 ${f.p95} ms` +
          (c ? ` · the hours chart drawn: p50 ${c.p50} ms, p95 ${c.p95} ms` : ''),
      );
    }
    await browser.close();
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
