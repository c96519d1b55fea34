import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftMsg, type PublishResponse, type SwapDetail, type WorkShift } from '@timbro/shared';
import {
  notifications,
  shiftCalendarFeeds,
  shiftSwaps,
  userInfos,
  users,
  workShiftAssignees,
  workShifts,
} from '../src/db/schema';
import { buildContract, buildEmployee, buildPunch, buildRequest, type BuiltEmployee } from './factories';
import { coldStatements, createTestContext, expectError, fieldErrors, type Session, type TestContext } from './helpers';

/**
 * Work shifts and swaps (issue 15, ADR 0022): drafts for a date or a period, overnight and DST-aware; the rest-rule
 * warnings kept on the shift; publication that never fails as a whole; the member's published shifts; turn-based
 * expected time from published shifts; swaps from request to approval with both rows locked; editing a shift rejects
 * its open swaps in the same transaction; the week copy; the calendar feed.
 */

let ctx: TestContext;
let admin: Session;
let anna: BuiltEmployee;
let bruno: BuiltEmployee;
let carla: BuiltEmployee;
let annaS: Session;
let brunoS: Session;
let carlaS: Session;
const PASSWORD = 'Password1!x';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login('admin@demo.timbro.it');
  anna = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD, firstName: 'Anna', lastName: 'Turni' });
  bruno = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD, firstName: 'Bruno', lastName: 'Turni' });
  carla = await buildEmployee(ctx, ctx.ws.demo, { password: PASSWORD, firstName: 'Carla', lastName: 'Turni' });
  for (const p of [anna, bruno, carla])
    await buildContract(ctx, ctx.ws.demo, p.userInfoId, { type: 'turn_based', startsAt: '2026-01-01' });
  annaS = await ctx.login(anna.email, PASSWORD);
  brunoS = await ctx.login(bruno.email, PASSWORD);
  carlaS = await ctx.login(carla.email, PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const asAdmin = () => ({ session: admin, workspace: ctx.ws.demo });
const as = (s: Session) => ({ session: s, workspace: ctx.ws.demo });

async function create(body: Record<string, unknown>) {
  const res = await ctx.post('/admin/work-shift', body, asAdmin());
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { shifts: WorkShift[]; warnings: WorkShift['warnings']; message: string };
}
async function publish(from: string, to: string, overrideNote?: string) {
  const res = await ctx.post('/admin/work-shift/publish', { from, to, overrideNote }, asAdmin());
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PublishResponse;
}
const shift = (userInfoIds: string[], date: string, start: string, end: string, extra: object = {}) => ({
  date,
  userInfoIds,
  startMinutes: toMin(start),
  endMinutes: toMin(end),
  pauseMinutes: 30,
  ...extra,
});
function toMin(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

describe('creating shifts', () => {
  it('refuses what makes no shift, with Italian field errors', async () => {
    const same = await ctx.post(
      '/admin/work-shift',
      shift([anna.userInfoId], '2027-01-11', '08:00', '08:00'),
      asAdmin(),
    );
    expectError(same, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(same).endMinutes).toBe(shiftMsg.sameStartEnd);
    const nobody = await ctx.post('/admin/work-shift', shift([], '2027-01-11', '08:00', '16:00'), asAdmin());
    expect(fieldErrors(nobody).userInfoIds).toBe(shiftMsg.peopleRequired);
    const long = await ctx.post(
      '/admin/work-shift',
      shift([anna.userInfoId], '2027-01-01', '08:00', '16:00', { dateTo: '2027-06-30' }),
      asAdmin(),
    );
    expect(fieldErrors(long).dateTo).toBe(shiftMsg.periodTooLong);
    const pause = await ctx.post(
      '/admin/work-shift',
      shift([anna.userInfoId], '2027-01-11', '08:00', '09:00', { pauseMinutes: 60 }),
      asAdmin(),
    );
    expect(fieldErrors(pause).pauseMinutes).toBe(shiftMsg.pauseTooLong);
    const stranger = await ctx.post(
      '/admin/work-shift',
      shift(['00000000-0000-4000-8000-000000000000'], '2027-01-11', '08:00', '16:00'),
      asAdmin(),
    );
    expect(fieldErrors(stranger).userInfoIds).toBe(shiftMsg.unknownPerson);
    expect(
      await ctx.db
        .select()
        .from(workShifts)
        .where(sql`${workShifts.date} >= '2027-01-01'`),
    ).toHaveLength(0);
  });

  it('an overnight shift belongs to the day it starts and lasts what it really lasts, DST night included', async () => {
    // 27 → 28 March 2027: the clocks go forward at 02:00, so 22:00–06:00 is 7 real hours.
    const { shifts } = await create(shift([carla.userInfoId], '2027-03-27', '22:00', '06:00', { pauseMinutes: 20 }));
    expect(shifts[0]).toMatchObject({
      date: '2027-03-27',
      status: 'draft',
      startsAt: '2027-03-27T21:00:00.000Z',
      endsAt: '2027-03-28T04:00:00.000Z',
      minutes: 7 * 60 - 20,
    });
    const winter = await create(shift([carla.userInfoId], '2027-01-04', '22:00', '06:00', { pauseMinutes: 20 }));
    expect(winter.shifts[0]!.minutes).toBe(8 * 60 - 20);
  });

  it('a period makes one shift a day on the chosen weekdays', async () => {
    const { shifts, message } = await create(
      shift([bruno.userInfoId], '2027-02-01', '09:00', '17:00', { dateTo: '2027-02-14', weekdays: [1, 3, 5] }),
    );
    expect(shifts.map((s) => s.date)).toEqual([
      '2027-02-01',
      '2027-02-03',
      '2027-02-05',
      '2027-02-08',
      '2027-02-10',
      '2027-02-12',
    ]);
    expect(message).toBe('6 turni creati');
  });
});

describe('warnings and publication', () => {
  it('finds the short rest, the holiday and the absence, keeps them on the shift, and publication skips them without a note', async () => {
    await buildRequest(ctx, ctx.ws.demo, anna.userInfoId, { date: '2027-01-13', status: 'approved' });
    const late = await create(shift([anna.userInfoId], '2027-01-11', '14:00', '22:00'));
    expect(late.warnings).toEqual([]);
    const early = await create(shift([anna.userInfoId], '2027-01-12', '06:00', '14:00'));
    expect(early.warnings.map((w) => w.rule)).toEqual(['daily_rest']);
    expect(early.warnings[0]).toMatchObject({ minutes: 480, name: 'Anna Turni' });
    expect(early.warnings[0]!.message).toContain('11 ore');
    const absent = await create(shift([anna.userInfoId], '2027-01-13', '14:00', '22:00'));
    expect(absent.warnings.map((w) => w.rule)).toEqual(['absence']);
    const epiphany = await create(shift([anna.userInfoId], '2027-01-06', '08:00', '12:00'));
    expect(epiphany.warnings.map((w) => w.rule)).toEqual(['holiday']);

    const first = await publish('2027-01-04', '2027-01-17');
    // The short rest is between the 11th and the 12th: both shifts carry it now that both are checked together.
    expect(first.skipped.map((s) => [s.shift.date, s.reason, s.warnings.map((w) => w.rule)])).toEqual([
      ['2027-01-06', 'warnings', ['holiday']],
      ['2027-01-11', 'warnings', ['daily_rest']],
      ['2027-01-12', 'warnings', ['daily_rest']],
      ['2027-01-13', 'warnings', ['absence']],
    ]);
    expect(first.skipped[0]!.reasonText).toBe(shiftMsg.skip.warnings);
    expect(first.skipped[0]!.people).toEqual(['Anna Turni']);
    // Published: Carla's night of the 4th.
    expect(first.published).toBe(1);
    expect(first.message).toBe('Pubblicati 1, saltati 4: vedi il motivo di ciascuno');

    const second = await publish('2027-01-04', '2027-01-17', 'Accordo aziendale del 2026: deroga al riposo');
    expect(second).toMatchObject({ published: 4, skipped: [] });
    const [row] = await ctx.db.select().from(workShifts).where(eq(workShifts.date, '2027-01-12'));
    expect(row!.overrideNote).toBe('Accordo aziendale del 2026: deroga al riposo');
    expect(row!.warnings.map((w) => w.rule)).toEqual(['daily_rest']);
    expect(await publish('2027-01-04', '2027-01-17')).toMatchObject({
      published: 0,
      message: shiftMsg.nothingToPublish,
    });
  });

  it('tells each person once per publication, and the member sees published shifts only', async () => {
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userInfoId, anna.userInfoId), eq(notifications.type, 'shift.published')));
    expect(told).toHaveLength(1); // one publication, four of her shifts: one message
    expect(told[0]!.title).toBe('Nuovi turni pubblicati');
    await create(shift([anna.userInfoId], '2027-01-15', '08:00', '16:00')); // a draft
    const mine = await ctx.get('/member/work-shift', { ...as(annaS), query: { from: '2027-01-01', to: '2027-01-31' } });
    expect(mine.statusCode).toBe(200);
    const dates = mine.json().shifts.map((s: { date: string }) => s.date);
    expect(dates).toEqual(['2027-01-06', '2027-01-11', '2027-01-12', '2027-01-13']);
    expect(mine.json().holidays.map((h: { date: string }) => h.date)).toContain('2027-01-06');
    // Bruno sees none of Anna's.
    const bruno = await ctx.get('/member/work-shift', {
      ...as(brunoS),
      query: { from: '2027-01-01', to: '2027-01-31' },
    });
    expect(bruno.json().shifts).toEqual([]);
  });
});

describe('turn-based expected time follows the published shifts', () => {
  it('the engine, the timesheet and the requests take a turn-based day from its published shifts; a draft counts nothing', async () => {
    const data = await ctx.get('/attendance/attendance-data', {
      ...asAdmin(),
      query: { from: '2027-01-11', to: '2027-01-15', 'user_info_ids[]': anna.userInfoId },
    });
    expect(data.statusCode, data.body).toBe(200);
    const days = data.json().users[0].days as { date: string; expected: number }[];
    const expected = Object.fromEntries(days.map((d) => [d.date, d.expected]));
    // Published 14–22 (−30) on the 11th and 06–14 on the 12th; the 13th is published but covered by an approved
    // absence (its expected stays, covered); the 15th is a draft; the 14th has no shift.
    expect(expected).toMatchObject({
      '2027-01-11': 450,
      '2027-01-12': 450,
      '2027-01-13': 450,
      '2027-01-14': 0,
      '2027-01-15': 0,
    });
    // Epifania with a published shift: the shift decides (ADR 0022).
    const holiday = await ctx.get('/attendance/attendance-data', {
      ...asAdmin(),
      query: { from: '2027-01-06', to: '2027-01-06', 'user_info_ids[]': anna.userInfoId },
    });
    expect(holiday.json().users[0].days[0].expected).toBe(210);
  });

  it('plan against actual: a missed shift, a late entry and an early exit become anomalies after the day', async () => {
    const p = await buildEmployee(ctx, ctx.ws.demo, { firstName: 'Dario', lastName: 'Puntuale' });
    await buildContract(ctx, ctx.ws.demo, p.userInfoId, { type: 'turn_based', startsAt: '2026-01-01' });
    await create(shift([p.userInfoId], '2026-10-05', '08:00', '16:00'));
    await create(shift([p.userInfoId], '2026-10-06', '08:00', '16:00'));
    await publish('2026-10-05', '2026-10-06');
    await buildPunch(ctx, ctx.ws.demo, p.userInfoId, { date: '2026-10-06', time: '08:40', direction: 'in' });
    await buildPunch(ctx, ctx.ws.demo, p.userInfoId, { date: '2026-10-06', time: '15:00', direction: 'out' });
    const data = await ctx.get('/attendance/attendance-data', {
      ...asAdmin(),
      query: { from: '2026-10-05', to: '2026-10-06', 'user_info_ids[]': p.userInfoId },
    });
    const [mon, tue] = data.json().users[0].days;
    expect(mon.anomalies).toContain('shift_missed');
    expect(tue.anomalies).toEqual(expect.arrayContaining(['shift_late', 'shift_early']));
    // They feed the month closing's pre-check: one item for the person, with both days.
    const pre = await ctx.get('/admin/month-log/precheck', { ...asAdmin(), query: { month: '2026-10' } });
    expect(pre.statusCode, pre.body).toBe(200);
    const item = pre
      .json()
      .items.find(
        (i: { kind: string; userInfo: { id: string } | null }) =>
          i.kind === 'shift_deviation' && i.userInfo?.id === p.userInfoId,
      );
    expect(item).toMatchObject({ dates: ['2026-10-05', '2026-10-06'], count: 2 });
  });
});

describe('swaps', () => {
  let annaShift: string;
  let brunoShift: string;
  let swapId: string;

  beforeAll(async () => {
    const a = await create(shift([anna.userInfoId], '2027-04-05', '06:00', '14:00'));
    const b = await create(shift([bruno.userInfoId], '2027-04-06', '22:00', '06:00'));
    // Anna works the evening of the 6th too: taking Bruno's night of the 6th would give her no 11 h rest.
    await create(shift([anna.userInfoId], '2027-04-06', '08:00', '14:00'));
    await publish('2027-04-01', '2027-04-10', 'Pianificazione di aprile');
    annaShift = a.shifts[0]!.id;
    brunoShift = b.shifts[0]!.id;
  });

  it('the member sees colleagues’ future published shifts as candidates, never drafts', async () => {
    await create(shift([carla.userInfoId], '2027-04-07', '08:00', '16:00')); // a draft of Carla's
    const res = await ctx.get(`/member/work-shift/${annaShift}/swap-candidates`, as(annaS));
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { shift: { id: string }; person: { id: string } }[];
    expect(items.map((i) => [i.shift.id, i.person.id])).toEqual([[brunoShift, bruno.userInfoId]]);
    // Someone else's shift is not mine to offer.
    expect((await ctx.get(`/member/work-shift/${brunoShift}/swap-candidates`, as(annaS))).statusCode).toBe(404);
  });

  it('asks, the colleague accepts, the admin sees the rest warning for both and approves with a note', async () => {
    const bad = await ctx.post(
      '/member/shift-swap',
      { sourceShiftId: annaShift, targetShiftId: brunoShift, targetUserInfoId: carla.userInfoId },
      as(annaS),
    );
    expect(fieldErrors(bad).targetShiftId).toBe(shiftMsg.swapTargetInvalid);
    const asked = await ctx.post(
      '/member/shift-swap',
      {
        sourceShiftId: annaShift,
        targetShiftId: brunoShift,
        targetUserInfoId: bruno.userInfoId,
        note: 'Ho un impegno',
      },
      as(annaS),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    swapId = asked.json().swap.id;
    expect(asked.json().swap).toMatchObject({ status: 'waiting_colleague', targetStatus: 'pending' });
    const again = await ctx.post(
      '/member/shift-swap',
      { sourceShiftId: annaShift, targetShiftId: brunoShift, targetUserInfoId: bruno.userInfoId },
      as(annaS),
    );
    expectError(again, 409, 'CONFLICT');
    // Carla is not part of it: not found. Anna cannot answer her own request.
    expect((await ctx.get(`/member/shift-swap/${swapId}`, as(carlaS))).statusCode).toBe(404);
    expect((await ctx.post(`/member/shift-swap/${swapId}/accept`, {}, as(annaS))).statusCode).toBe(403);
    // Admin cannot approve before the colleague answered.
    const early = await ctx.post(`/admin/shift-swap/${swapId}/approve`, { note: 'x' }, asAdmin());
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(shiftMsg.swapNotWaitingAdmin);

    const toAnswer = await ctx.get('/member/shift-swap', { ...as(brunoS), query: { box: 'to_answer' } });
    expect(toAnswer.json().items.map((s: { id: string }) => s.id)).toEqual([swapId]);
    const accepted = await ctx.post(`/member/shift-swap/${swapId}/accept`, { note: 'Va bene' }, as(brunoS));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().swap.status).toBe('waiting_admin');

    const detail = (await ctx.get(`/admin/shift-swap/${swapId}`, asAdmin())).json() as SwapDetail;
    expect(detail.warnings.requester!.map((w) => w.rule)).toContain('daily_rest');
    expect(detail.warnings.target).toEqual([]);
    const list = await ctx.get('/admin/shift-swap', asAdmin());
    expect(list.json().items.map((s: { id: string }) => s.id)).toEqual([swapId]);

    const noNote = await ctx.post(`/admin/shift-swap/${swapId}/approve`, {}, asAdmin());
    expect(fieldErrors(noNote).note).toBe(shiftMsg.overrideNoteRequired);
    const approved = await ctx.post(
      `/admin/shift-swap/${swapId}/approve`,
      { note: 'Anna rinuncia al turno delle 8' },
      asAdmin(),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().swap).toMatchObject({ status: 'approved', decisionNote: 'Anna rinuncia al turno delle 8' });

    const people = await ctx.db
      .select({ shiftId: workShiftAssignees.shiftId, userInfoId: workShiftAssignees.userInfoId })
      .from(workShiftAssignees)
      .where(inArray(workShiftAssignees.shiftId, [annaShift, brunoShift]));
    expect(people).toEqual(
      expect.arrayContaining([
        { shiftId: annaShift, userInfoId: bruno.userInfoId },
        { shiftId: brunoShift, userInfoId: anna.userInfoId },
      ]),
    );
    expect(people).toHaveLength(2);
    const rows = await ctx.db
      .select()
      .from(workShifts)
      .where(inArray(workShifts.id, [annaShift, brunoShift]));
    expect(rows.every((r) => r.swapped && r.version === 2)).toBe(true);
    const decided = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'swap.decided'), eq(notifications.link, `/member/shift-swap/${swapId}`)));
    expect(decided.map((n) => n.userInfoId).sort()).toEqual([anna.userInfoId, bruno.userInfoId].sort());
    // Each swap event carries what the web needs to write its title in the reader's language (ADR 0021), and the
    // Italian title is made of the same values.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(sql`${notifications.link} in (${`/member/shift-swap/${swapId}`}, ${`/admin/shift-swap/${swapId}`})`);
    const byType = (type: string, where: (p: Record<string, unknown>) => boolean = () => true) =>
      told.find((n) => n.type === type && where(n.params as Record<string, unknown>))!;
    const requested = byType('swap.requested');
    expect(requested.params).toEqual({
      requester: `${anna.firstName} ${anna.lastName}`,
      source: expect.any(String),
      target: expect.any(String),
    });
    const rp = requested.params as Record<string, string>;
    expect(requested.title).toBe(`${rp.requester} ti chiede di scambiare un turno`);
    expect(requested.body).toBe(`Il suo turno del ${rp.source} con il tuo del ${rp.target}`);
    const answered = byType('swap.answered', (p) => p.accepted === true);
    expect(answered.params).toEqual({
      accepted: true,
      colleague: `${bruno.firstName} ${bruno.lastName}`,
      shift: rp.source,
    });
    expect(answered.title).toBe(
      `${bruno.firstName} ${bruno.lastName} ha accettato lo scambio del turno del ${rp.source}`,
    );
    const toDecide = byType('swap.answered', (p) => p.accepted === undefined);
    expect(toDecide.params).toEqual({
      requester: `${anna.firstName} ${anna.lastName}`,
      colleague: `${bruno.firstName} ${bruno.lastName}`,
    });
    expect(toDecide.title).toBe(
      `Cambio turno da approvare: ${anna.firstName} ${anna.lastName} e ${bruno.firstName} ${bruno.lastName}`,
    );
    const approvedNote = byType('swap.decided');
    expect(approvedNote.params).toEqual({ status: 'approved', source: rp.source, target: rp.target });
    expect(approvedNote.title).toBe(`Cambio turno approvato: ${rp.source} ↔ ${rp.target}`);
    // A decided swap stays decided.
    expect((await ctx.post(`/admin/shift-swap/${swapId}/reject`, {}, asAdmin())).statusCode).toBe(409);
  });

  it('editing a shift with an open swap rejects that swap in the same transaction and tells both people', async () => {
    const c = await create(shift([carla.userInfoId], '2027-04-08', '08:00', '16:00'));
    const b = await create(shift([bruno.userInfoId], '2027-04-09', '08:00', '16:00'));
    await publish('2027-04-08', '2027-04-09');
    const asked = await ctx.post(
      '/member/shift-swap',
      { sourceShiftId: c.shifts[0]!.id, targetShiftId: b.shifts[0]!.id, targetUserInfoId: bruno.userInfoId },
      as(carlaS),
    );
    const id = asked.json().swap.id as string;
    // A label alone is no change: the swap stays open.
    const labelled = await ctx.post(
      `/admin/work-shift/${b.shifts[0]!.id}`,
      { ...shift([bruno.userInfoId], '2027-04-09', '08:00', '16:00'), label: 'Cassa' },
      asAdmin(),
    );
    expect(labelled.json().autoRejected).toBe(0);
    const edited = await ctx.post(
      `/admin/work-shift/${b.shifts[0]!.id}`,
      shift([bruno.userInfoId], '2027-04-09', '09:00', '17:00'),
      asAdmin(),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ autoRejected: 1, shift: { version: 2, startMinutes: 540 } });
    expect(edited.json().message).toContain('rifiutata automaticamente');
    const swap = (await ctx.get(`/member/shift-swap/${id}`, as(carlaS))).json();
    expect(swap).toMatchObject({ status: 'auto_rejected', autoReason: 'shift_changed' });
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'swap.decided'), eq(notifications.link, `/member/shift-swap/${id}`)));
    expect(told.map((n) => n.userInfoId).sort()).toEqual([carla.userInfoId, bruno.userInfoId].sort());
    expect(told[0]!.params).toEqual({ status: 'auto_rejected', reason: 'shift_changed', date: '08/04/2027' });
    expect(told[0]!.title).toBe('Cambio turno del 08/04/2027 rifiutato automaticamente');
    const changed = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'shift.changed'), eq(notifications.userInfoId, bruno.userInfoId)));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.body).toContain('09:00–17:00');
    expect(changed[0]!.params).toEqual({ before: '09/04/2027 08:00–16:00', after: '09/04/2027 09:00–17:00' });
  });

  it('no open swap ever points at a changed shift (database check after random edits)', async () => {
    // Six published shifts of three people, swaps asked between them, then forty random edits, deletions and
    // decisions (a fixed seed, so a failure repeats): after each step the invariant holds in the database.
    let seed = 15;
    const rand = (n: number) => {
      seed = (seed * 48271) % 2147483647; // Park–Miller: exact in doubles
      return seed % n;
    };
    const people = [anna, bruno, carla];
    const sessions = [annaS, brunoS, carlaS];
    const ids: { id: string; who: number; day: number }[] = [];
    for (let i = 0; i < 6; i++) {
      const who = i % 3;
      const day = 12 + i;
      const made = await create(shift([people[who]!.userInfoId], `2027-05-${day}`, '08:00', '14:00'));
      ids.push({ id: made.shifts[0]!.id, who, day });
    }
    await publish('2027-05-12', '2027-05-17', 'Prova');
    const invariant = async () => {
      const bad = await ctx.db.execute(sql`
        select count(*)::int as n from ${shiftSwaps} s
        left join ${workShifts} src on src.id = s.source_shift_id
        left join ${workShifts} tgt on tgt.id = s.target_shift_id
        where s.status in ('waiting_colleague', 'waiting_admin')
          and (src.id is null or tgt.id is null or src.version <> s.source_version or tgt.version <> s.target_version)`);
      expect((bad as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    };
    for (let step = 0; step < 40; step++) {
      const live = await ctx.db
        .select({ id: workShifts.id })
        .from(workShifts)
        .where(
          inArray(
            workShifts.id,
            ids.map((x) => x.id),
          ),
        );
      const alive = ids.filter((x) => live.some((l) => l.id === x.id));
      if (alive.length < 2) break;
      const a = alive[rand(alive.length)]!;
      const b = alive.filter((x) => x.who !== a.who)[0];
      const action = rand(4);
      if (action === 0 && b) {
        await ctx.post(
          '/member/shift-swap',
          { sourceShiftId: a.id, targetShiftId: b.id, targetUserInfoId: people[b.who]!.userInfoId },
          as(sessions[a.who]!),
        );
      } else if (action === 1) {
        const h = 7 + rand(3);
        await ctx.post(
          `/admin/work-shift/${a.id}`,
          shift([people[a.who]!.userInfoId], `2027-05-${a.day}`, `0${h}:00`, '15:00'),
          asAdmin(),
        );
      } else if (action === 2 && rand(3) === 0) {
        await ctx.del(`/admin/work-shift/${a.id}`, asAdmin());
      } else {
        const open = await ctx.get('/admin/shift-swap', { ...asAdmin(), query: { status: 'open' } });
        const first = open.json().items[0] as { id: string; target: { id: string } } | undefined;
        if (first) {
          const s = sessions[people.findIndex((p) => p.userInfoId === first.target.id)]!;
          await ctx.post(`/member/shift-swap/${first.id}/accept`, {}, as(s));
          await ctx.post(`/admin/shift-swap/${first.id}/approve`, { note: 'Prova casuale' }, asAdmin());
        }
      }
      await invariant();
    }
    // The run did exercise both paths: swaps approved and swaps rejected automatically by an edit or a deletion.
    const statuses = await ctx.db
      .select({ status: shiftSwaps.status })
      .from(shiftSwaps)
      .where(sql`${shiftSwaps.sourceSnapshot}->>'date' between '2027-05-12' and '2027-05-17'`);
    const seen = new Set(statuses.map((x) => x.status));
    expect(seen.has('approved') && seen.has('auto_rejected')).toBe(true);
  });

  it('no open swap points at a changed shift after the journeys above either', async () => {
    const open = await ctx.db.execute(sql`
      select count(*)::int as n from ${shiftSwaps} s
      join ${workShifts} src on src.id = s.source_shift_id
      join ${workShifts} tgt on tgt.id = s.target_shift_id
      where s.status in ('waiting_colleague', 'waiting_admin')
        and (src.version <> s.source_version or tgt.version <> s.target_version)`);
    expect((open as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('the week copy and the planning page', () => {
  it('copies a week as drafts, leaving out people already busy that day', async () => {
    const res = await ctx.post('/admin/work-shift/copy-week', { from: '2027-01-11', to: '2027-01-18' }, asAdmin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 4, skipped: 0 }); // Anna's 11th, 12th, 13th and the draft of the 15th
    const again = await ctx.post('/admin/work-shift/copy-week', { from: '2027-01-11', to: '2027-01-18' }, asAdmin());
    expect(again.json()).toMatchObject({ created: 0, skipped: 4 });
    const notMonday = await ctx.post(
      '/admin/work-shift/copy-week',
      { from: '2027-01-12', to: '2027-01-18' },
      asAdmin(),
    );
    expect(fieldErrors(notMonday).from).toBe(shiftMsg.copyNotMonday);
    const copies = await ctx.db.select().from(workShifts).where(eq(workShifts.date, '2027-01-19'));
    expect(copies.every((c) => c.publishedAt === null)).toBe(true);
  });

  it('the planning page has a fixed number of statements whatever the page size', async () => {
    const count = async (perPage: string) => {
      const { value: res, n } = await coldStatements(ctx, () =>
        ctx.get('/admin/work-shift', {
          ...asAdmin(),
          query: { from: '2027-01-04', to: '2027-01-17', per_page: perPage, search: 'Turni' },
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return { n, body: res.json() };
    };
    const one = await count('1');
    const all = await count('100');
    expect(one.body.people).toHaveLength(1);
    expect(all.body.people).toHaveLength(3);
    // Session and memberships, the page, the count, holidays, drafts, shifts and their people, absences, contract
    // types, open swaps: whatever the page's size.
    expect(all.n).toBe(one.n);
    expect(all.n).toBeLessThanOrEqual(12);
    expect(all.body.shifts.some((s: WorkShift) => s.status === 'draft')).toBe(true);
    expect(all.body.holidays.map((h: { date: string }) => h.date)).toContain('2027-01-06');
    expect(all.body.absences).toEqual(
      expect.arrayContaining([expect.objectContaining({ userInfoId: anna.userInfoId, date: '2027-01-13' })]),
    );
  });
});

describe('the calendar feed', () => {
  it('a secret link shows my published shifts and absences; revoked, it is gone', async () => {
    expect((await ctx.get('/member/work-shift/calendar-feed', as(annaS))).json()).toEqual({
      url: null,
      createdAt: null,
      expiresAt: null,
      lastReadAt: null,
      showAbsenceType: false,
    });
    const made = await ctx.post('/member/work-shift/calendar-feed', {}, as(annaS));
    expect(made.statusCode, made.body).toBe(200);
    const url = made.json().url as string;
    const path = url.slice(url.indexOf('/api/v1') + '/api/v1'.length);
    const feed = await ctx.get(path, { session: null, workspace: null });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(feed.body).toContain('DTSTART:20270111T130000Z');
    expect(feed.body).toContain('DTSTART;VALUE=DATE:20270113');
    expect(feed.body).not.toContain('20270115T'); // a draft is not in it
    await ctx.del('/member/work-shift/calendar-feed', as(annaS));
    expect((await ctx.get(path, { session: null, workspace: null })).statusCode).toBe(404);
  });

  const pathOf = (url: string) => url.slice(url.indexOf('/api/v1') + '/api/v1'.length);
  const read = (path: string) => ctx.get(path, { session: null, workspace: null });
  async function makeFeed(s: Session, workspace = ctx.ws.demo) {
    const made = await ctx.post('/member/work-shift/calendar-feed', {}, { session: s, workspace });
    expect(made.statusCode, made.body).toBe(200);
    return pathOf(made.json().url as string);
  }
  const feedRows = (userInfoId: string) =>
    ctx.db.select().from(shiftCalendarFeeds).where(eq(shiftCalendarFeeds.userInfoId, userInfoId));
  async function person(workspace = ctx.ws.demo) {
    const p = await buildEmployee(ctx, workspace, { password: PASSWORD });
    return { p, s: await ctx.login(p.email, PASSWORD) };
  }

  it('lives 12 months and notes when a calendar app last read it; expired, it answers 410 with no data', async () => {
    const { p, s } = await person();
    const before = Date.now();
    const made = await ctx.post('/member/work-shift/calendar-feed', {}, as(s));
    const { createdAt, expiresAt, lastReadAt } = made.json() as Record<string, string | null>;
    const expected = new Date(createdAt!);
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(expiresAt).toBe(expected.toISOString());
    expect(lastReadAt).toBeNull();
    const path = pathOf(made.json().url as string);
    expect((await read(path)).statusCode).toBe(200);
    const card = (await ctx.get('/member/work-shift/calendar-feed', as(s))).json();
    expect(card).toMatchObject({ createdAt, expiresAt, showAbsenceType: false });
    expect(Date.parse(card.lastReadAt)).toBeGreaterThanOrEqual(before - 1000);

    await ctx.db
      .update(shiftCalendarFeeds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shiftCalendarFeeds.userInfoId, p.userInfoId));
    const gone = await read(path);
    expectError(gone, 410, 'GONE');
    expect(gone.json().message).toBe(shiftMsg.feedExpired);
    expect(gone.body).not.toContain('VCALENDAR');
    // Renewing makes a new link, for another 12 months; the old one stays dead.
    const renewed = await makeFeed(s);
    expect((await read(renewed)).statusCode).toBe(200);
    expect((await read(path)).statusCode).toBe(404);
  });

  it('absences read "Assenza" unless the person chooses to show their type', async () => {
    const { p, s } = await person();
    await buildRequest(ctx, ctx.ws.demo, p.userInfoId, { code: 'MAL', date: '2027-01-14', status: 'approved' });
    await buildRequest(ctx, ctx.ws.demo, p.userInfoId, {
      code: 'ROL',
      date: '2027-01-15',
      status: 'approved',
      startsAtMinutes: 540,
      endsAtMinutes: 600,
    });
    const none = await ctx.post('/member/work-shift/calendar-feed/settings', { showAbsenceType: true }, as(s));
    expectError(none, 404, 'NOT_FOUND');
    expect(none.json().message).toBe(shiftMsg.feedMissing);
    const path = await makeFeed(s);
    const hidden = (await read(path)).body;
    expect(hidden).toContain('DTSTART;VALUE=DATE:20270114');
    expect(hidden).toContain('SUMMARY:Assenza\r\n');
    expect(hidden).toContain('SUMMARY:Assenza (parte del giorno)\r\n');
    // Neither the summary nor the event's id tells the type.
    for (const type of ['Malattia', 'Permesso ROL'])
      expect(hidden.replace(/\r\n /g, '')).not.toContain(Buffer.from(type).toString('hex').slice(0, 24));
    expect(hidden).not.toMatch(/Malattia|Permesso|ROL/);

    const bad = await ctx.post('/member/work-shift/calendar-feed/settings', { showAbsenceType: 'sì' }, as(s));
    expectError(bad, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(bad).showAbsenceType).toBe('Valore non valido');
    const on = await ctx.post('/member/work-shift/calendar-feed/settings', { showAbsenceType: true }, as(s));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ showAbsenceType: true, message: shiftMsg.feedShowTypeOn, url: null });
    const shown = (await read(path)).body;
    expect(shown).toContain('SUMMARY:Malattia\r\n');
    expect(shown).toContain('SUMMARY:Permesso ROL (parte del giorno)\r\n');
    // A new link keeps the choice.
    const renewed = await ctx.post('/member/work-shift/calendar-feed', {}, as(s));
    expect(renewed.json().showAbsenceType).toBe(true);
    expect((await read(pathOf(renewed.json().url as string))).body).toContain('SUMMARY:Malattia\r\n');
  });

  it('disabling the person deletes their link at once; enabling them again does not bring it back', async () => {
    const { p, s } = await person();
    const path = await makeFeed(s);
    expect((await read(path)).statusCode).toBe(200);
    const off = await ctx.post(`/admin/user/${p.userInfoId}/disable`, {}, asAdmin());
    expect(off.statusCode, off.body).toBe(200);
    expect(await feedRows(p.userInfoId)).toHaveLength(0);
    const after = await read(path);
    expectError(after, 404, 'NOT_FOUND');
    expect(after.body).not.toContain('VCALENDAR');
    expect((await ctx.post(`/admin/user/${p.userInfoId}/enable`, {}, asAdmin())).statusCode).toBe(200);
    expect((await read(path)).statusCode).toBe(404);
  });

  it('a link answers only while its membership, account and company are active, whatever path left it', async () => {
    const { p, s } = await person();
    const path = await makeFeed(s);
    const membership = (v: boolean) =>
      ctx.db.update(userInfos).set({ enabled: v }).where(eq(userInfos.id, p.userInfoId));
    const account = (v: boolean) => ctx.db.update(users).set({ enabled: v }).where(eq(users.id, p.userId));
    await membership(false);
    expect((await read(path)).statusCode).toBe(404);
    await membership(true);
    expect((await read(path)).statusCode).toBe(200);
    await account(false);
    expect((await read(path)).statusCode).toBe(404);
    await account(true);
    await ctx.db.update(userInfos).set({ invitationStatus: 'declined' }).where(eq(userInfos.id, p.userInfoId));
    expect((await read(path)).statusCode).toBe(404);
    expect(await feedRows(p.userInfoId)).toHaveLength(1);
  });

  it('disabling the company deletes every link of it; enabling it again does not bring them back', async () => {
    const { p, s } = await person(ctx.ws.beta);
    const path = await makeFeed(s, ctx.ws.beta);
    const demoPath = await makeFeed(annaS);
    expect((await read(path)).statusCode).toBe(200);
    const operator = await ctx.login('operator@demo.timbro.it');
    const off = await ctx.post(`/platform/workspace/${ctx.ws.beta}/disable`, {}, { session: operator });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect(await feedRows(p.userInfoId)).toHaveLength(0);
      expect(
        await ctx.db.select().from(shiftCalendarFeeds).where(eq(shiftCalendarFeeds.workspaceId, ctx.ws.beta)),
      ).toHaveLength(0);
      expectError(await read(path), 404, 'NOT_FOUND');
      // Another company's links are untouched.
      expect((await read(demoPath)).statusCode).toBe(200);
    } finally {
      expect((await ctx.post(`/platform/workspace/${ctx.ws.beta}/enable`, {}, { session: operator })).statusCode).toBe(
        200,
      );
    }
    expect((await read(path)).statusCode).toBe(404);
  });
});
