import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_HINT, findChromium } from '../../scripts/chromium-path.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `timbro-e2e-${process.pid}`);
// The system Chromium, found as scripts/ensure-chromium.mjs (run by `npm run e2e`) finds it; never a downloaded one.
const chromium = findChromium();
if (!chromium)
  throw new Error(
    `No Chromium found for the end-to-end tests (\`npm run e2e\` installs it when run as root). ${CHROMIUM_HINT}`,
  );

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [['list']],
  outputDir: '../../test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    // As a person who asks for less motion: no transitions to wait for (the app honours the setting, WCAG 2.3.3).
    reducedMotion: 'reduce',
    // The app's service worker stays out of the journeys (each context would install its precache); pwa.spec.ts, the
    // journey of the installed app, allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '../server'),
    url: `http://localhost:${port}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS: 'true',
      SEED_DEMO: 'true',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  },
});
