import path from 'node:path';
import type { Config } from './config/env';
import { openDatabase, type Database } from './db/client';
import type { AppDeps } from './deps';
import { startJobs, type JobDefinition, type JobLogger, type Jobs } from './lib/jobs';
import {
  configureMailLogging,
  createTransport,
  deliverPendingMail,
  redactExpiredMailBodies,
  SENSITIVE_MAIL_RETENTION_DAYS,
} from './lib/mail';
import { sweepRateLimits } from './lib/rate-limit';
import { createStorage, type FileStorage } from './lib/storage';
import { sweepLoginFailures } from './modules/auth/auth.repository';
import { loadSigningKeys } from './lib/secrets';
import { syncAccrualsNightly } from './modules/accruals/accruals.service';
import { ensureAllWorkspaceDefaults } from './modules/platform/workspace-defaults';
import { runPaycheckReminders } from './modules/paychecks/delivery.service';
import { runLogoCleaning } from './modules/workspaces/logo-cleaning.job';
import { runPayslipImportJob } from './modules/paychecks/imports.job';
import { runDocumentReminders } from './modules/documents/document-reminders.job';
import { runFileSweep } from './modules/files/file-sweep.job';
import { runMonthCloseJob } from './modules/month-logs/month-close.job';
import { firstLoginPort } from './modules/invitations/first-login.provider';
import { monthLockPort } from './modules/month-logs/month-lock.provider';
import { deletePersonFeed } from './modules/work-shifts/feed/calendar-feed.service';
import { LiveHub } from './modules/notifications/live';
import { STREAM_LIMITS, StreamRegistry } from './modules/notifications/stream-registry';
import { ActorCache } from './plugins/actor-cache';
import { runNotificationDigest } from './modules/notifications/digest.job';
import { runAnnouncementJob } from './modules/announcements/announcements.job';

/** Opens the configured database (PGlite under DATA_DIR/pglite, or PostgreSQL) and applies the migrations. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

export async function createDeps(
  config: Config,
  database: Database,
  opts: { storage?: FileStorage } = {},
): Promise<AppDeps> {
  const keys = await loadSigningKeys(database.db, config);
  configureMailLogging({ printBodies: config.printMailBodies });
  return {
    database,
    db: database.db,
    config,
    keys,
    storage: opts.storage ?? createStorage(config),
    triggerJob: async () => undefined,
    scheduleJob: async () => undefined,
    live: new LiveHub(database),
    streams: new StreamRegistry({ ...STREAM_LIMITS, perProcess: config.notificationStreamsMax }),
    actors: new ActorCache(database),
    monthLock: monthLockPort,
    firstLogin: firstLoginPort,
    accessEnded: { disabled: deletePersonFeed },
  };
}

/** Background jobs of the platform: mail delivery and housekeeping. */
const quietLog: JobLogger = { info: () => undefined, error: () => undefined };

/**
 * The jobs that serve every company leave a disabled one alone (ADR 0023): each picks its rows through
 * `inEnabledWorkspace` (db/scope.ts), and the notification dispatcher tells nobody of a disabled workspace, so a run
 * already queued for one finishes doing nothing; its work waits untouched and is caught up once it is enabled again.
 * The platform's own work (mail delivery, the file sweep of deleted bytes, housekeeping) does not look at workspaces.
 */
export function platformJobs(deps: AppDeps, log: JobLogger = quietLog): JobDefinition[] {
  const transport = deps.config.smtpUrl ? createTransport(deps.config.smtpUrl) : null;
  return [
    {
      name: 'mail-dispatch',
      cron: '* * * * *',
      handler: async () => {
        if (transport) await deliverPendingMail(deps.db, transport, deps.config.mailFrom);
      },
    },
    {
      // Daily: the defaults of new workspaces, then the monthly accruals of every contract (idempotent), each
      // enabled workspace up to today in its own time zone.
      name: 'working-time-daily',
      cron: '5 1 * * *',
      handler: async () => {
        await syncAccrualsNightly(deps.db, await ensureAllWorkspaceDefaults(deps.db), deps.monthLock?.closedMonths);
      },
    },
    {
      // Month closings: on demand when a close is asked, and every minute to take over a version whose process died.
      name: 'month-close',
      cron: '* * * * *',
      handler: async () => {
        await runMonthCloseJob(deps, log);
      },
    },
    {
      // The stored bytes of deleted files and of uploads never recorded (ADR 0019): asked after a delete, and every
      // five minutes for whatever fell due meanwhile or failed.
      name: 'file-sweep',
      cron: '*/5 * * * *',
      handler: async () => {
        await runFileSweep(deps, log);
      },
    },
    {
      // Bulk pay-slip imports (ADR 0019): on demand after an upload or a publish, and every minute to take over one
      // whose process died.
      name: 'payslip-import',
      cron: '* * * * *',
      handler: async () => {
        await runPayslipImportJob(deps, log);
      },
    },
    {
      // Logos stored before uploads were made anew (issue 30): each through the sandboxed decoder, replaced by its
      // clean PNG or removed. Asked at start, and hourly; with nothing left to do it reads one empty list.
      name: 'logo-cleaning',
      cron: '31 * * * *',
      handler: async () => {
        await runLogoCleaning(deps, log);
      },
    },
    {
      // The one reminder of a pay slip still unopened after 7 days (ADR 0019).
      name: 'paycheck-reminders',
      cron: '23 * * * *',
      handler: async () => {
        await runPaycheckReminders(deps, log);
      },
    },
    {
      // Documents' expiry reminders (ADR 0019): each (document, offset) once, caught up after a pause.
      name: 'document-reminders',
      cron: '7 * * * *',
      handler: async () => {
        await runDocumentReminders(deps, log);
      },
    },
    {
      // Announcements (ADR 0020): woken at each send time by the job their save scheduled in its transaction, and
      // every minute for any that fell due meanwhile (a process that died mid-way is rolled back and done again).
      name: 'announcement-process',
      cron: '* * * * *',
      handler: async () => {
        await runAnnouncementJob(deps, log);
      },
    },
    {
      // The daily e-mail digest of the notifications people chose to get that way (ADR 0020).
      name: 'notification-digest',
      cron: '0 8 * * *',
      handler: async () => {
        await runNotificationDigest(deps, log);
      },
    },
    {
      name: 'housekeeping',
      cron: '17 * * * *',
      handler: async () => {
        await sweepRateLimits(deps.db, new Date(Date.now() - 24 * 3600 * 1000));
        await sweepLoginFailures(deps.db, new Date(Date.now() - 24 * 3600 * 1000));
        // One-time links are dead by now: their bodies leave the outbox, sent or not.
        await redactExpiredMailBodies(deps.db, new Date(Date.now() - SENSITIVE_MAIL_RETENTION_DAYS * 24 * 3600 * 1000));
      },
    },
    {
      // PGlite has no autovacuum: without statistics the planner picks nested loops that made the roster check of
      // 200 employees 45× slower (6.1 s instead of 137 ms, bench/shift-check). A nightly ANALYZE keeps them fresh;
      // a PostgreSQL server's autovacuum already does it.
      name: 'database-statistics',
      cron: '43 3 * * *',
      handler: async () => {
        if (deps.database.kind === 'pglite') await deps.database.raw.exec('analyze');
      },
    },
  ];
}

export async function startPlatformJobs(deps: AppDeps, log: JobLogger): Promise<Jobs> {
  const jobs = await startJobs(deps.database, platformJobs(deps, log), log);
  deps.triggerJob = (name) => jobs.trigger(name);
  await jobs.trigger('logo-cleaning');
  deps.scheduleJob = (q, name, data, opts) => jobs.sendIn(q, name, data, opts);
  return jobs;
}
