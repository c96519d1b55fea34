/**
 * Benchmark (issue 15): the rest-rule check of a 4-week roster for 200 employees (5,600 shifts, a few hundred of them
 * breaking a rule), as publication runs it — `warningsFor`: the people's roster around the weeks, approved absences,
 * holidays and names (four queries), then the D.Lgs. 66/2003 rules — against the raw SQL fetch of the same shifts in
 * the same run. Prints both, their ratio, and the pure rule check alone. Not a test.
 * Run: `npm run bench:shift-check` (PGlite in memory) or with DATABASE_URL=postgres://… (PostgreSQL).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, generateCodiceFiscale, localToUtc } from '@timbro/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { users, workShiftAssignees, workShifts, workspaces } from '../apps/server/src/db/schema';
import { workspaceScope } from '../apps/server/src/db/scope';
import { warningsFor, warningsOf, type Candidate } from '../apps/server/src/modules/work-shifts/work-shifts.checks';
import { seedDemo } from '../apps/server/src/seed';
import { enrolMembers } from './seed-people';

const N = Number(process.env.BENCH_EMPLOYEES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const FROM = '2027-03-01'; // four weeks from a Monday, across the change to summer time (28 March)
const DAYS = 28;
const TZ = 'Europe/Rome';

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { median: q(0.5), p95: q(0.95) };
}

/**
 * A shift every day (the issue's 200 × 28): six-hour early, late and night shifts in weekly rotation, so the week stays
 * under 48 hours but has no 24-hour rest; every 7th person also gets a late → early turn (a short rest) each week.
 */
function shiftOf(person: number, day: number) {
  const kind = (person + Math.floor(day / 7)) % 3;
  const short = person % 7 === 0 && day % 7 === 1;
  if (short) return { start: 360, end: 720, pause: 20 };
  return [
    { start: 360, end: 720, pause: 20 },
    { start: 840, end: 1200, pause: 20 },
    { start: 1320, end: 240, pause: 20 },
  ][kind]!;
}

async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL ?? null, pgliteDir: null });
  await database.migrate();
  await seedDemo(database.db);
  const db = database.db;
  const [demo] = (await db.select().from(workspaces)).filter((w) => w.name === 'Demo S.r.l.');
  const ws = demo!.id;
  const scope = workspaceScope(ws);

  const t0 = performance.now();
  const people: string[] = [];
  const candidates: Candidate[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < N; i += 100) {
      const batch = Array.from({ length: Math.min(100, N - i) }, (_, k) => {
        const n = i + k;
        const ln = `Turnista${String.fromCharCode(65 + (n % 26))}${n}`;
        return {
          email: `shift${n}@example.it`,
          firstName: 'Dipendente',
          lastName: ln,
          fiscalCode: generateCodiceFiscale({
            lastName: ln,
            firstName: 'Dipendente',
            birthDate: `19${60 + (n % 40)}-0${(n % 9) + 1}-1${n % 9}`,
            sex: n % 2 ? 'F' : 'M',
            belfiore: `H${String(100 + (n % 899)).padStart(3, '0')}`,
          }),
        };
      });
      const us = await tx.insert(users).values(batch).returning();
      const infos = await enrolMembers(tx, ws, us);
      people.push(...infos.map((x) => x.id));
    }
    for (const [p, userInfoId] of people.entries()) {
      const rows = Array.from({ length: DAYS }, (_, day) => {
        const date = addDays(FROM, day);
        const t = shiftOf(p, day);
        const startsAt = new Date(localToUtc(date, t.start, TZ));
        const endsAt = new Date(localToUtc(t.end <= t.start ? addDays(date, 1) : date, t.end, TZ));
        return {
          workspaceId: ws,
          date,
          startMinutes: t.start,
          endMinutes: t.end,
          pauseMinutes: t.pause,
          startsAt,
          endsAt,
          workMinutes: Math.round((endsAt.getTime() - startsAt.getTime()) / 60_000) - t.pause,
        };
      });
      const inserted = await tx.insert(workShifts).values(rows).returning();
      await tx.insert(workShiftAssignees).values(inserted.map((s) => ({ workspaceId: ws, shiftId: s.id, userInfoId })));
      for (const s of inserted)
        candidates.push({
          id: s.id,
          userInfoId,
          date: s.date,
          startsAt: s.startsAt,
          endsAt: s.endsAt,
          pauseMinutes: s.pauseMinutes,
        });
    }
  });
  // Statistics for the planner, as autovacuum would gather them on a server (PGlite has no autovacuum).
  await db.execute(sql`analyze`);
  const seeded = performance.now() - t0;
  const to = addDays(FROM, DAYS - 1);

  // The floor: the same shifts, fetched by raw SQL.
  const raw = async () =>
    database.db.execute(sql`
      select s.id, a.user_info_id, s.date, s.starts_at, s.ends_at, s.pause_minutes
      from work_shift_assignees a join work_shifts s on s.workspace_id = a.workspace_id and s.id = a.shift_id
      where a.workspace_id = ${ws} and s.date between ${FROM} and ${to}`);
  const check = () => warningsFor(db, scope, TZ, candidates);

  // Warm up, then interleave the rounds so both see the same machine.
  await raw();
  const found = await check();
  const rawMs: number[] = [];
  const checkMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t = performance.now();
    await raw();
    rawMs.push(performance.now() - t);
    t = performance.now();
    await check();
    checkMs.push(performance.now() - t);
  }
  // The rules alone, on rows already in memory (what the check adds to the fetch).
  const roster = candidates.map((c) => ({ ...c }));
  const pureMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    warningsOf(TZ, candidates, roster, [], [], []);
    pureMs.push(performance.now() - t);
  }

  const warnings = [...found.values()].flat();
  const byRule = warnings.reduce<Record<string, number>>((m, w) => ({ ...m, [w.rule]: (m[w.rule] ?? 0) + 1 }), {});
  const f = stats(rawMs);
  const c = stats(checkMs);
  const p = stats(pureMs);
  const db2 = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(
    `Shift check benchmark — ${db2}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  );
  console.log(
    `Seeded ${people.length} employees × ${DAYS} days = ${candidates.length} shifts in ${(seeded / 1000).toFixed(1)} s`,
  );
  console.log(
    `Warnings found: ${warnings.length} (${Object.entries(byRule)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')})`,
  );
  console.log(`Raw SQL fetch of the shifts (floor): median ${f.median.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms`);
  console.log(
    `Rest-rule check (warningsFor):      median ${c.median.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms (goal < 300 ms)`,
  );
  console.log(`  of which the rules alone:         median ${p.median.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms`);
  console.log(`Ratio check / floor: ${(c.median / f.median).toFixed(2)}×`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
