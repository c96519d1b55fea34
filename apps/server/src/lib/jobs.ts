import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

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
    trigger: async (name) => {
      await boss.send(name, {}, { singletonKey: name, singletonSeconds: 5 });
    },
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
