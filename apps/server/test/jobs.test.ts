import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type Jobs } from '../src/lib/jobs';
import { cloneDatabase } from './helpers';
import type { Database } from '../src/db/client';

const silent = { info: () => undefined, error: () => undefined };

let database: Database;
let jobs: Jobs | null = null;
beforeAll(async () => {
  database = await cloneDatabase();
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

describe('jobs (pg-boss on the same database)', () => {
  it('starts, runs a triggered job in a worker, and stops cleanly', async () => {
    let resolveRun: () => void;
    const ran = new Promise<void>((r) => {
      resolveRun = r;
    });
    let runs = 0;
    jobs = await startJobs(
      database,
      [
        {
          name: 'test-job',
          handler: async () => {
            runs++;
            resolveRun();
          },
        },
      ],
      silent,
    );
    await jobs.trigger('test-job');
    await ran;
    expect(runs).toBe(1);
    const tables = await database.raw.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'pgboss'`,
    );
    expect(tables.rows[0]!.n).toBeGreaterThan(0);
  }, 90_000);
});
