import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, demoSeedDecision, loadConfig, REPO_ROOT, startupConfigProblem } from './config/env';
import { demoLoginsText, seedDemo } from './seed';
import type { Jobs } from './lib/jobs';
import { loggerOptions } from './lib/logging';
import { startupBanner } from './lib/startup-banner';
import { ensureAllWorkspaceDefaults } from './modules/platform/workspace-defaults';
import { createDeps, openConfiguredDatabase, startPlatformJobs } from './runtime';

async function main() {
  let config;
  try {
    config = loadConfig();
    // Refused before the database is opened: in production the signing key must not live in it.
    const problem = startupConfigProblem(config);
    if (problem) throw new ConfigError(problem);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = loggerOptions(config);
  const database = await openConfiguredDatabase(config);
  const deps = await createDeps(config, database);
  const app = await buildApp(deps, { logger, webDist: path.join(REPO_ROOT, 'apps/web/dist') });

  // Demo logins share a public password: only on a local address, unless SEED_DEMO=true says otherwise.
  const demo = demoSeedDecision(config);
  if (demo.warn) app.log.warn(demo.reason);
  let seeded = false;
  if (demo.seed) seeded = await seedDemo(deps.db);
  // Workspaces created by an older version get the defaults they lack (the national holidays once, absence types).
  await ensureAllWorkspaceDefaults(deps.db);
  // PGlite has no autovacuum: the planner gets its statistics at start and nightly (the database-statistics job).
  if (deps.database.kind === 'pglite') await deps.database.raw.exec('analyze');

  let jobs: Jobs | null = null;
  if (config.jobs) jobs = await startPlatformJobs(deps, app.log);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    deadline.unref();
    try {
      await app.close();
      await jobs?.stop();
      await deps.live.stop();
      await deps.actors.stop();
    } finally {
      await database.close();
      clearTimeout(deadline);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${path.join(config.dataDir, 'pglite')}`;
  const demoLogins = demo.seed ? `${seeded ? 'Demo data created. ' : ''}${demoLoginsText()}` : null;
  console.log(startupBanner({ publicUrl: config.publicUrl, database: where, apiDocs: config.apiDocs, demoLogins }));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
