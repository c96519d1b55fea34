import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '../db/client';

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type JobHandler = () => Promise<void>;

export interface JobDefinition {
  name: string;
  /** cron expression; the job also runs on demand with `trigger`. */
  cron?: string;
  handler: JobHandler;
}

export interface Jobs {
  trigger(name: string): Promise<void>;
  /** A job sent on the caller's transaction: it exists only if the transaction commits (issue 14: announcements). */
  sendIn(q: Queryable, name: string, data: object, opts: { startAfter: Date; singletonKey: string }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on whichever database we run, through our own connection(s): the PostgreSQL pool, or PGlite's single
 * connection. Multi-statement SQL without parameters (pg-boss's DDL and locked batches) goes to exec, because the
 * extended protocol cannot run several statements.
 */
export async function startJobs(database: Database, defs: JobDefinition[], log: JobLogger): Promise<Jobs> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) => {
        if (!values || values.length === 0) {
          if (text.includes(';')) {
            await database.raw.exec(text);
            return { rows: [] };
          }
        }
        return database.raw.query(text, values);
      },
    },
  });
  boss.on('error', (err) => log.error({ err }, 'job system error'));
  await boss.start();
  for (const def of defs) {
    await boss.createQueue(def.name);
    await boss.work(def.name, async () => {
      try {
        await def.handler();
      } catch (err) {
        log.error({ err, job: def.name }, 'job failed');
        throw err;
      }
    });
    if (def.cron) await boss.schedule(def.name, def.cron, undefined, { tz: 'Europe/Rome' });
  }
  log.info({ jobs: defs.map((d) => d.name) }, 'jobs started');
  return {
    sendIn: async (q, name, data, opts) => {
      const id = await boss.send(name, data, {
        ...opts,
        db: { executeSql: (text, values) => executeIn(q, text, values) },
      });
      // pg-boss answers null for a queue it does not know (and for a singleton already queued, which is fine here).
      if (id === null && !defs.some((d) => d.name === name)) throw new Error(`job ${name} is not defined`);
    },
    trigger: async (name) => {
      // Debounced, never dropped: one run per 5-second slot, and a trigger that finds its slot taken (a run asked
      // moments ago, maybe already over) is put in the next slot — a publish asked 2 s after an upload still runs.
      await boss.send(name, {}, { singletonKey: name, singletonSeconds: 5, singletonNextSlot: true });
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * pg-boss's SQL (`$1`… placeholders) on a drizzle transaction: the text is cut at its placeholders and the values
 * become bound parameters, so the job's row is written on the transaction's own connection.
 */
async function executeIn(q: Queryable, text: string, values: unknown[] = []) {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    const v = values[Number(m[1]) - 1] ?? null;
    chunks.push(sql`${v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  const result = (await q.execute(sql.join(chunks))) as unknown as { rows?: unknown[] } | unknown[];
  return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
}
