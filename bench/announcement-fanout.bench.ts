/**
 * Benchmark: an announcement to everyone (issue 14) — 2,000 employees — processed by the `announcement-process` job
 * (audience resolved, recipients written once, one notification and one instant e-mail each through the dispatcher,
 * the live signal, one transaction), against its floor measured in the same run: the same rows written by three bare
 * `insert … select` statements (recipients, notifications, outbox) in one transaction. Prints both medians and p95,
 * their ratio, and the SQL statements of one processing (fixed, whatever the number of recipients). Not a test.
 * Run: `npm run bench:announcement` (PGlite in memory) or `bash bench/with-postgres.sh npm run bench:announcement`.
 * BENCH_EMPLOYEES (2000), BENCH_ROUNDS (5).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase, queryObservers } from '../apps/server/src/db/client';
import { announcements, userInfos, users, workspaces } from '../apps/server/src/db/schema';
import { runAnnouncementJob } from '../apps/server/src/modules/announcements/announcements.job';
import { createDeps } from '../apps/server/src/runtime';
import { seedDemo } from '../apps/server/src/seed';

const N = Number(process.env.BENCH_EMPLOYEES ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p95: q(0.95) };
}
const fmt = (ms: number) => `${Math.round(ms).toLocaleString('en-US')} ms`;

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const deps = await createDeps(config, database);
  const [demo] = (await db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;

  // N employees: accounts and accepted records, in batches.
  for (let start = 0; start < N; start += 500) {
    const batch = Array.from({ length: Math.min(500, N - start) }, (_, k) => start + k);
    const accounts = await db
      .insert(users)
      .values(batch.map((i) => ({ email: `bench.${i}@example.it`, firstName: `Nome${i}`, lastName: `Cognome${i}` })))
      .returning({ id: users.id });
    await db.insert(userInfos).values(
      batch.map((i, k) => ({
        workspaceId: ws,
        userId: accounts[k]!.id,
        firstName: `Nome${i}`,
        lastName: `Cognome${i}`,
        isMember: true,
      })),
    );
  }
  const [{ n: people }] = (
    (await db.execute(
      sql`select count(*)::int as n from user_infos where workspace_id = ${ws} and invitation_status = 'accepted' and enabled`,
    )) as unknown as { rows: { n: number }[] }
  ).rows as [{ n: number }];

  const job: number[] = [];
  const floor: number[] = [];
  let statements = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    // The job: one announcement to everyone, due now.
    await db.insert(announcements).values({
      workspaceId: ws,
      title: `Comunicazione ${round}`,
      content: '<p>Testo della comunicazione a tutti.</p>',
      sendAt: new Date(Date.now() - 1000),
      everyone: true,
    });
    let n = 0;
    const observe = (q: string) => {
      if (q !== 'begin' && q !== 'commit') n++;
    };
    queryObservers.add(observe);
    const t0 = performance.now();
    const done = await runAnnouncementJob(deps);
    const t1 = performance.now();
    queryObservers.delete(observe);
    if (done !== 1) throw new Error(`expected one announcement processed, got ${done}`);
    statements = n;

    // The floor: the same rows by three bare statements in one transaction.
    const [a] = await db
      .insert(announcements)
      .values({
        workspaceId: ws,
        title: `Floor ${round}`,
        content: '<p>x</p>',
        sendAt: new Date(),
        everyone: true,
        processedAt: new Date(),
      })
      .returning({ id: announcements.id });
    const f0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into announcement_recipients (workspace_id, announcement_id, user_info_id)
        select ui.workspace_id, ${a!.id}, ui.id from user_infos ui join users u on u.id = ui.user_id
        where ui.workspace_id = ${ws} and ui.invitation_status = 'accepted' and ui.enabled and u.enabled`);
      await tx.execute(sql`insert into notifications (workspace_id, user_info_id, type, category, title, body, link, web, app, email, dedupe_key)
        select workspace_id, user_info_id, 'announcement.published', 'announcements', 'Floor', '', '/member/announcement/x', true, true, 'instant', ${`floor:${a!.id}`}
        from announcement_recipients where announcement_id = ${a!.id}`);
      await tx.execute(sql`insert into mail_outbox (to_address, template, subject, text_body)
        select u.email, 'announcement-published', 'Floor', 'Ciao ' || ui.first_name || ', testo'
        from announcement_recipients r join user_infos ui on ui.id = r.user_info_id join users u on u.id = ui.user_id
        where r.announcement_id = ${a!.id}`);
    });
    const f1 = performance.now();
    if (round === 0) continue; // warm-up
    job.push(t1 - t0);
    floor.push(f1 - f0);
  }
  const j = stats(job);
  const f = stats(floor);
  console.log(
    `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${database.kind}`,
  );
  console.log(`announcement to everyone: ${people} recipients, ${ROUNDS} rounds (after one warm-up)`);
  console.log(`  job (resolve, recipients, notifications, mails, signal): median ${fmt(j.median)} (p95 ${fmt(j.p95)})`);
  console.log(`  floor (three bare insert … select):                      median ${fmt(f.median)} (p95 ${fmt(f.p95)})`);
  console.log(`  ratio ${(j.median / f.median).toFixed(2)}×; statements of one processing: ${statements}`);
  await deps.live.stop();
  await database.close();
}

void main().catch((err: Error) => {
  console.error(String(err.message).slice(0, 2000));
  process.exit(1);
});
