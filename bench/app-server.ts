/**
 * The server as `npm start` runs it (PGlite in a throw-away data directory, or DATABASE_URL when set; demo data; no
 * jobs), started in its own process for the benchmarks that measure it from outside (paint, ratio, Lighthouse).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export async function waitForOk(url: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within 2 minutes`);
}

/** Starts the app on `port` and waits for its health check; `stop()` ends it and removes its data. */
export async function startAppServer(port: number) {
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'timbro-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      SEED_DEMO: 'true',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    // The data directory goes only once the server has closed PGlite (its last checkpoint writes there).
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${base}/api/v1/health`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}
