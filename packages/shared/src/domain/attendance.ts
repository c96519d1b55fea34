// Longer than ~300 lines on purpose: the attendance engine is one cohesive set of pure functions (pairing, expected
// time, request effects, day sheets, totals) that call each other; its property tests cover it as a whole (ADR 0011).
import { contractOn } from './contracts';
import { addDays, isoDateOf, isoWeekday, parseIsoDate, type IsoDate } from './dates';
import { pauseOverlapMinutes, weekdayMinutes, weekdayPauses, type DayPause, type TimeSlotLike } from './time-slots';

/**
 * The attendance engine: local time in a workspace's IANA zone, punch pairing, expected time, absence requests and
 * day sheets (domain.md "Absences" and "Attendance"). Pure functions, browser-safe: time zones go through
 * Intl.DateTimeFormat only. All durations are whole minutes.
 */

export type Impact = 'decrease' | 'increase' | 'nothing';
export type JustificationUnit = 'hour' | 'day';
export type PunchDirection = 'in' | 'out';

/** Max length of one in→out pair; longer means the exit was forgotten (both punches become anomalies). */
export const MAX_PAIR_MINUTES = 16 * 60;

const MS_PER_MINUTE = 60_000;

// ---------------------------------------------------------------------------------------------------------------
// Local time

/** A wall-clock moment in a time zone: the local date and the minutes since local midnight (as the clock shows). */
export interface LocalInstant {
  date: IsoDate;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One cached formatter per zone (building one is the slow part). Throws RangeError for an unknown zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant, as the epoch milliseconds of the same wall clock read as UTC. */
function wallClockMs(epochMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const hour = parts.hour === 24 ? 0 : parts.hour!; // old engines print midnight as 24 despite h23
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, hour, parts.minute!, parts.second!);
}

const QUARTER_HOUR_MS = 15 * MS_PER_MINUTE;
const offsetCache = new Map<string, Map<number, number>>();

/**
 * UTC offset of the zone at an instant, in ms (Europe/Rome: +3_600_000 in winter, +7_200_000 in summer). Offsets of
 * today's zones change only on quarter-hour UTC boundaries, so the offset is computed once per zone and quarter hour
 * and cached: Intl formatting is the slow part of a timesheet of thousands of punches (bench/timesheet.bench.ts).
 */
function offsetMs(epochMs: number, timeZone: string): number {
  const bucket = Math.floor(epochMs / QUARTER_HOUR_MS);
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  let offset = zone.get(bucket);
  if (offset === undefined) {
    const start = bucket * QUARTER_HOUR_MS;
    offset = wallClockMs(start, timeZone) - start;
    if (zone.size > 100_000) zone.clear(); // bounded: about three years of quarter hours per zone
    zone.set(bucket, offset);
  }
  return offset;
}

function parseInstant(instantIso: string): number {
  const ms = Date.parse(instantIso);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant: ${instantIso}`);
  return ms;
}

/** Local date and minutes since local midnight of a UTC instant in a zone; seconds are dropped (09:41:59 → 581). */
export function toLocal(instantIso: string, timeZone: string): LocalInstant {
  return localOf(parseInstant(instantIso), timeZone);
}

function localOf(epoch: number, timeZone: string): LocalInstant {
  const wall = epoch + offsetMs(epoch, timeZone);
  const d = new Date(wall);
  return {
    date: isoDateOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()),
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes(),
  };
}

/**
 * Wall-clock local date+minutes → UTC ISO instant ('…Z'). In a DST gap use the instant just after the gap; in the
 * repeated hour the first occurrence.
 *
 * Examples in Europe/Rome: 29 March 2026 02:30 does not exist (clocks jump 02:00 → 03:00), so it gives the jump
 * itself, 03:00 CEST = 01:00Z; 25 October 2026 02:30 happens twice and gives the first, 02:30 CEST = 00:30Z.
 * `minutes` may fall outside 0–1439 (1440 = next midnight), it is simply added to the date.
 */
export function localToUtc(date: IsoDate, minutes: number, timeZone: string): string {
  return new Date(localToUtcMs(date, minutes, timeZone)).toISOString();
}

function localToUtcMs(date: IsoDate, minutes: number, timeZone: string): number {
  const wall = parseIsoDate(date).getTime() + minutes * MS_PER_MINUTE;
  // A transition is never within a day of another, so the offsets a day before and after are the only candidates.
  const before = offsetMs(wall - 86_400_000, timeZone);
  const after = offsetMs(wall + 86_400_000, timeZone);
  // t is a whole minute, so its wall clock is t + its (cached) offset: no Intl call per day of a timesheet.
  const candidates = [wall - before, wall - after].filter((t) => t + offsetMs(t, timeZone) === wall);
  if (candidates.length > 0) return Math.min(...candidates);
  // In a gap: wall − after lies before the transition and wall − before after it; find the transition instant.
  let lo = Math.floor((wall - after) / MS_PER_MINUTE); // offset there is still `before`
  let hi = Math.ceil((wall - before) / MS_PER_MINUTE); // offset there is already `after`
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetMs(mid * MS_PER_MINUTE, timeZone) === before) lo = mid;
    else hi = mid;
  }
  return hi * MS_PER_MINUTE;
}

/** Real length of a local day in minutes (1380 / 1440 / 1500 in Europe/Rome): next local midnight − this one. */
export function dayLengthMinutes(date: IsoDate, timeZone: string): number {
  return Math.round((localToUtcMs(addDays(date, 1), 0, timeZone) - localToUtcMs(date, 0, timeZone)) / MS_PER_MINUTE);
}

/**
 * UTC bounds of the punches computeSheets needs to see for [from, to]: from 16 h (MAX_PAIR_MINUTES) before the first
 * local midnight to 16 h after the end of the last day, both inclusive. A night pair that started the day before
 * `from` is then still paired (not a lone missing_entry), and one that starts on `to` still finds its exit.
 */
export function punchWindow(from: IsoDate, to: IsoDate, timeZone: string): { from: string; to: string } {
  const margin = MAX_PAIR_MINUTES * MS_PER_MINUTE;
  return {
    from: new Date(localToUtcMs(from, 0, timeZone) - margin).toISOString(),
    to: new Date(localToUtcMs(addDays(to, 1), 0, timeZone) + margin).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Punch pairing

export interface PunchInput {
  id: string;
  /** UTC ISO instant. */
  at: string;
  direction: PunchDirection;
}

export type PairAnomaly = 'missing_exit' | 'missing_entry';

export interface WorkPair {
  inId: string | null;
  outId: string | null;
  /** Local date of the in punch (or of the out punch when the entry is missing). */
  date: IsoDate;
  /** UTC instants. */
  startsAt: string | null;
  endsAt: string | null;
  /** Real elapsed minutes (UTC difference, so DST-correct); 0 for an anomaly. */
  minutes: number;
  anomaly: PairAnomaly | null;
  /**
   * An entry still running: the last punch is an `in` less than MAX_PAIR_MINUTES before `now`. No anomaly (the exit
   * is not missing yet), no minutes (the day sheet counts only finished pairs).
   */
  open: boolean;
}

/**
 * Order-independent: sorts by instant (then id). in→out pairs; an in followed by another in → first is missing_exit;
 * an out with no open in → missing_entry; a pair longer than MAX_PAIR_MINUTES → the in is missing_exit and the out
 * missing_entry. A pair crossing midnight belongs to the day it started. Never drops a punch.
 *
 * Minutes are counted between the punches' whole minutes (seconds dropped, as the clock shows them), so 08:00:59 →
 * 17:00:00 is 540, not 539. The result is in chronological order (of the in punch, or of the out for missing_entry).
 *
 * With `now` (a UTC instant), a trailing `in` at most MAX_PAIR_MINUTES old is an open pair, not a missing exit.
 */
export function pairPunches(punches: PunchInput[], timeZone: string, now?: string): WorkPair[] {
  const sorted = punches
    .map((p) => {
      const ms = parseInstant(p.at);
      // Named fields, not a spread of p: this runs for every punch of a month closing (a spread costs ~2.5×).
      return { id: p.id, direction: p.direction, ms, iso: new Date(ms).toISOString() };
    })
    .sort((a, b) => a.ms - b.ms || compare(a.id, b.id) || compare(a.direction, b.direction));
  const out: WorkPair[] = [];
  const lone = (p: (typeof sorted)[number], anomaly: PairAnomaly): WorkPair => ({
    inId: anomaly === 'missing_exit' ? p.id : null,
    outId: anomaly === 'missing_entry' ? p.id : null,
    date: localOf(p.ms, timeZone).date,
    startsAt: anomaly === 'missing_exit' ? p.iso : null,
    endsAt: anomaly === 'missing_entry' ? p.iso : null,
    minutes: 0,
    anomaly,
    open: false,
  });
  let open: (typeof sorted)[number] | null = null;
  for (const p of sorted) {
    if (p.direction === 'in') {
      if (open) out.push(lone(open, 'missing_exit'));
      open = p;
      continue;
    }
    if (!open) {
      out.push(lone(p, 'missing_entry'));
      continue;
    }
    const minutes = Math.floor(p.ms / MS_PER_MINUTE) - Math.floor(open.ms / MS_PER_MINUTE);
    if (minutes > MAX_PAIR_MINUTES) {
      out.push(lone(open, 'missing_exit'), lone(p, 'missing_entry'));
    } else {
      out.push({
        inId: open.id,
        outId: p.id,
        date: localOf(open.ms, timeZone).date,
        startsAt: open.iso,
        endsAt: p.iso,
        minutes,
        anomaly: null,
        open: false,
      });
    }
    open = null;
  }
  if (open) {
    const nowMs = now === undefined ? null : parseInstant(now);
    const running =
      nowMs !== null &&
      open.ms <= nowMs &&
      Math.floor(nowMs / MS_PER_MINUTE) - Math.floor(open.ms / MS_PER_MINUTE) <= MAX_PAIR_MINUTES;
    out.push(running ? { ...lone(open, 'missing_exit'), anomaly: null, open: true } : lone(open, 'missing_exit'));
  }
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Expected time

/** A published work shift as the engine sees it: its instants and its work minutes (span minus pause). */
export interface PlannedShift {
  id: string;
  /** UTC ISO instants; the end may be on the next day (an overnight shift belongs to the day it starts). */
  startsAt: string;
  endsAt: string;
  workMinutes: number;
}

export interface ContractForDay {
  type: 'fixed' | 'turn_based';
  startsAt: IsoDate;
  endsAt: IsoDate | null;
  timeSlots: TimeSlotLike[];
  /**
   * The person's published shifts by the day they start (the one loader, attendance.repository `loadContracts`,
   * attaches them). A turn-based contract's expected time is theirs; any contract's days are compared with them
   * after the day (plan against actual).
   */
  shifts?: ReadonlyMap<IsoDate, readonly PlannedShift[]>;
}

/** Work minutes of the published shifts of a day (0 when there are none). */
export function plannedMinutes(contract: Pick<ContractForDay, 'shifts'> | null, date: IsoDate): number {
  const list = contract?.shifts?.get(date);
  if (!list) return 0;
  let n = 0;
  for (const s of list) n += s.workMinutes;
  return n;
}

/**
 * Expected minutes of a day: 0 outside the contract; fixed → the weekday's slots minus pauses (weekday 1 = Mon … 7 =
 * Sun, as isoWeekday and TimeSlotLike.weekday), 0 on a holiday; turn_based → the published shifts that day
 * (`shiftMinutes` when given, else the contract's `shifts`), 0 without one. A holiday on a turn-based day follows the
 * shift (ADR 0022): a shift published on a holiday is work the roster asked for (its pay is the payroll's matter), and
 * a holiday without a shift expects nothing. Slots are wall-clock, so a slot spanning a DST change (e.g. 01:00–05:00
 * on 29 March) still counts its nominal length; a shift counts its real span.
 */
export function expectedMinutes(input: {
  date: IsoDate;
  contract: ContractForDay | null;
  isHoliday: boolean;
  shiftMinutes?: number | null;
}): number {
  const { date, contract, isHoliday } = input;
  if (!contract) return 0;
  if (contract.startsAt > date || (contract.endsAt !== null && contract.endsAt < date)) return 0;
  if (contract.type === 'turn_based')
    return Math.max(0, Math.round(input.shiftMinutes ?? plannedMinutes(contract, date)));
  if (isHoliday) return 0;
  return weekdayMinutes(contract.timeSlots, isoWeekday(date));
}

// ---------------------------------------------------------------------------------------------------------------
// Absence requests

export interface RequestInput {
  id: string;
  justificationId: string;
  impact: Impact;
  unit: JustificationUnit;
  category: 'regular' | 'amount';
  wholeDay: boolean;
  startsAtMinutes: number | null;
  endsAtMinutes: number | null;
  /** In the justification's unit (hours or days, decimals allowed). */
  amount: number;
}

/** A regular request with a time range that is not a whole day. */
function hasRange(req: RequestInput): req is RequestInput & { startsAtMinutes: number; endsAtMinutes: number } {
  return req.category === 'regular' && !req.wholeDay && req.startsAtMinutes !== null && req.endsAtMinutes !== null;
}

/**
 * Minutes a request stands for on a day: wholeDay → the day's expected (a day is never a fixed 8 hours); regular with
 * a range → end − start minus the part that falls in the day's pauses (a 9:00–18:00 permit on a day paused 13–14 is
 * 8 hours; never negative); amount → hour: amount×60, day: amount×expected. Rounded to whole minutes.
 * A regular request that is neither whole-day nor ranged falls back to its amount.
 */
export function requestMinutes(req: RequestInput, expected: number, pauses: readonly DayPause[] = []): number {
  if (req.wholeDay) return Math.max(0, Math.round(expected));
  if (hasRange(req)) {
    const span = req.endsAtMinutes - req.startsAtMinutes;
    return Math.max(0, Math.round(span - pauseOverlapMinutes(pauses, req.startsAtMinutes, req.endsAtMinutes)));
  }
  const raw = req.unit === 'hour' ? req.amount * 60 : req.amount * expected;
  return Math.max(0, Math.round(raw));
}

/**
 * What an approved request consumes from its accrual balance, in the justification's unit, rounded to 1/100 like the
 * ledger (and plannedAccruals):
 * - hour → requestMinutes / 60 (a whole day on a 7.5 h day uses 7.5 hours; on a day with no expected time, 0);
 * - day → a whole day is 1; an amount request its amount; a ranged request its share of the day's expected time,
 *   minutes / expected, at most 1. When the day has no expected time (e.g. a turn-based day whose shifts are not
 *   published yet) the share cannot be measured and a ranged day-unit request uses 1 whole day: never free leave;
 *   an admin can correct it with a ledger adjustment.
 * The usage is what was requested, not what was credited: the cover cap of computeDay does not refund the balance.
 */
export function requestUsage(req: RequestInput, expected: number, pauses: readonly DayPause[] = []): number {
  if (req.unit === 'hour') return round2(requestMinutes(req, expected, pauses) / 60);
  if (req.wholeDay) return 1;
  if (!hasRange(req)) return round2(Math.max(0, req.amount));
  if (expected <= 0) return 1;
  return round2(Math.min(1, requestMinutes(req, expected, pauses) / expected));
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

// ---------------------------------------------------------------------------------------------------------------
// What a day can hold (issue 10 §4)

/** A day holds at most 24 hours, whatever the clock does on a DST change: the bound of every request of one day. */
export const DAY_MINUTES = 24 * 60;

/** Most a quantity ("amount") request may ask for on one day, in the justification's unit: 24 hours, or 1 day. */
export function maxRequestAmount(unit: JustificationUnit): number {
  return unit === 'hour' ? DAY_MINUTES / 60 : 1;
}

/**
 * Open time of a day for increase-type credits (trips, training, remote work): 24 h minus the minutes worked that
 * day (the day sheet's `worked`: finished in→out pairs that start that day, anomalies excluded) minus the minutes of
 * the other increase-type requests of that day that are not rejected (pending or approved, as requestMinutes counts
 * them); never below 0. An employee may not file for a day that is over (before today in the workspace's zone) an
 * increase-type request of more minutes than this: the day would hold more than 24 hours. Admins are not bound by it.
 */
export function openDayMinutes(worked: number, otherIncrease: number): number {
  return Math.max(0, DAY_MINUTES - Math.max(0, worked) - Math.max(0, otherIncrease));
}

// ---------------------------------------------------------------------------------------------------------------
// Day sheets

/**
 * Plan against actual (ADR 0022), after the day: `shift_missed` a published shift with no work punched across it
 * (and the day not covered by an absence); `shift_late` the first entry across it more than SHIFT_TOLERANCE_MINUTES
 * after its start; `shift_early` the last exit more than that before its end.
 */
export type ShiftAnomaly = 'shift_missed' | 'shift_late' | 'shift_early';
export type DayAnomaly = PairAnomaly | 'unjustified_shortfall' | 'work_without_schedule' | ShiftAnomaly;

/** Order in which a day's anomalies are listed (each kind at most once). */
export const DAY_ANOMALY_ORDER: readonly DayAnomaly[] = [
  'missing_exit',
  'missing_entry',
  'unjustified_shortfall',
  'work_without_schedule',
  'shift_missed',
  'shift_late',
  'shift_early',
];

/** How late an entry (or early an exit) may be against a published shift before it is an anomaly. */
export const SHIFT_TOLERANCE = 10;

/**
 * The plan-against-actual anomalies of a day that is over: each published shift against the finished pairs that
 * cross it. A day whose missing time is covered by absences (covered ≥ the shifts' minutes) misses no shift.
 */
export function shiftAnomalies(
  shifts: readonly PlannedShift[],
  pairs: readonly WorkPair[],
  covered: number,
  tolerance = SHIFT_TOLERANCE,
): ShiftAnomaly[] {
  const found = new Set<ShiftAnomaly>();
  const planned = shifts.reduce((n, s) => n + s.workMinutes, 0);
  for (const s of shifts) {
    const start = Date.parse(s.startsAt);
    const end = Date.parse(s.endsAt);
    let first = Infinity;
    let last = -Infinity;
    for (const p of pairs) {
      if (p.anomaly || p.open || !p.startsAt || !p.endsAt) continue;
      const a = Date.parse(p.startsAt);
      const b = Date.parse(p.endsAt);
      if (a < end && b > start) {
        first = Math.min(first, a);
        last = Math.max(last, b);
      }
    }
    if (first === Infinity) {
      if (covered < planned) found.add('shift_missed');
      continue;
    }
    if (first > start + tolerance * 60_000) found.add('shift_late');
    if (last < end - tolerance * 60_000) found.add('shift_early');
  }
  return [...found];
}

export interface RequestEffect {
  id: string;
  justificationId: string;
  impact: Impact;
  /** requestMinutes on this day. */
  minutes: number;
  /** What the request actually counts for: minutes for increase/decrease, the allocated cover for nothing. */
  credited: number;
}

/** The minutes a day, or a range of days, adds up to (besides its balance). */
interface MinuteTotals {
  expected: number;
  worked: number;
  increase: number;
  decrease: number;
  covered: number;
}

export interface DaySheet extends MinuteTotals {
  date: IsoDate;
  /** worked + increase − decrease + covered − expected */
  balance: number;
  pairs: WorkPair[];
  requests: RequestEffect[];
  /** Distinct kinds, in DAY_ANOMALY_ORDER; the pairs say which punches are affected. */
  anomalies: DayAnomaly[];
  /**
   * The day is not over: today or later, or an entry of it is still running. Its balance is provisional (shown, not
   * summed into the totals' balance) and a shortfall is no anomaly yet.
   */
  open: boolean;
  /** The day's pauses from its contract: a time-range request does not count the minutes it spans in them. */
  pauses: DayPause[];
}

/**
 * One day. increase-impact requests add to worked time; decrease-impact take off (credited = minutes);
 * nothing-impact requests COVER the missing time: together they credit at most
 * max(0, expected − (worked + increase − decrease)), allocated in input order (credited per request ≤ its minutes).
 * So an absence never creates overtime. unjustified_shortfall when balance < 0 on a day with expected > 0 and no
 * pair anomaly (a missing punch explains the shortfall and must be fixed first) and the day is over;
 * work_without_schedule when worked > 0 and expected == 0. `today` (the workspace's local date) makes that day and
 * the later ones open; without it every day counts as over (a closed past period).
 */
export function computeDay(input: {
  date: IsoDate;
  expected: number;
  pairs: WorkPair[];
  requests: RequestInput[];
  today?: IsoDate;
  /** The day's pauses (from the contract's slots): a ranged request does not count the time it spans in them. */
  pauses?: readonly DayPause[];
  /** The published shifts starting that day: compared with the pairs once the day is over. */
  shifts?: readonly PlannedShift[];
}): DaySheet {
  const { date, expected, pairs } = input;
  const worked = pairs.reduce((s, p) => s + (p.anomaly ? 0 : p.minutes), 0);
  const effects: RequestEffect[] = input.requests.map((r) => {
    const minutes = requestMinutes(r, expected, input.pauses);
    return {
      id: r.id,
      justificationId: r.justificationId,
      impact: r.impact,
      minutes,
      credited: r.impact === 'nothing' ? 0 : minutes,
    };
  });
  const increase = effects.reduce((s, e) => s + (e.impact === 'increase' ? e.minutes : 0), 0);
  const decrease = effects.reduce((s, e) => s + (e.impact === 'decrease' ? e.minutes : 0), 0);
  let room = Math.max(0, expected - (worked + increase - decrease));
  let covered = 0;
  for (const e of effects) {
    if (e.impact !== 'nothing') continue;
    e.credited = Math.min(e.minutes, room);
    room -= e.credited;
    covered += e.credited;
  }
  const balance = worked + increase - decrease + covered - expected;
  const found = new Set<DayAnomaly>();
  for (const p of pairs) if (p.anomaly) found.add(p.anomaly);
  const pairAnomaly = found.size > 0;
  const open = (input.today !== undefined && date >= input.today) || pairs.some((p) => p.open);
  if (balance < 0 && expected > 0 && !pairAnomaly && !open) found.add('unjustified_shortfall');
  if (worked > 0 && expected === 0) found.add('work_without_schedule');
  if (!open && input.shifts && input.shifts.length > 0 && !pairAnomaly)
    for (const a of shiftAnomalies(input.shifts, pairs, covered)) found.add(a);
  const anomalies = DAY_ANOMALY_ORDER.filter((a) => found.has(a));
  return {
    date,
    expected,
    worked,
    increase,
    decrease,
    covered,
    balance,
    pairs,
    requests: effects,
    anomalies,
    open,
    pauses: [...(input.pauses ?? [])],
  };
}

/**
 * One employee over [from, to] (inclusive local dates): contract per day via contractOn (contracts.ts), holidays as
 * a Set of IsoDate, shift minutes per date, punches paired once for the range (pairs assigned to their date),
 * approved requests grouped by date (kept in input order within a day, which decides the cover allocation).
 * Pairs and requests dated outside the range are ignored; pass the punches of punchWindow(from, to) so that pairs
 * crossing the range's edges are paired correctly. `now` (a UTC instant) opens today, the days after it and a running
 * entry (see computeDay and pairPunches); without it the whole range counts as over.
 */
export function computeSheets(input: {
  from: IsoDate;
  to: IsoDate;
  timeZone: string;
  contracts: (ContractForDay & { id?: string })[];
  holidays: ReadonlySet<IsoDate>;
  shiftMinutes?: ReadonlyMap<IsoDate, number>;
  punches: PunchInput[];
  requests: (RequestInput & { date: IsoDate })[];
  now?: string;
}): DaySheet[] {
  const { from, to } = input;
  if (from > to) return [];
  const today = input.now === undefined ? undefined : toLocal(input.now, input.timeZone).date;
  const pairsByDate = groupBy(pairPunches(input.punches, input.timeZone, input.now), (p) => p.date);
  const requestsByDate = groupBy(input.requests, (r) => r.date);
  const sheets: DaySheet[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const contract = contractOn(input.contracts, date);
    const expected = expectedMinutes({
      date,
      contract,
      isHoliday: input.holidays.has(date),
      shiftMinutes: input.shiftMinutes?.get(date),
    });
    const dayRequests = requestsByDate.get(date) ?? [];
    // A shift's pause has no fixed time: a turn-based day has no pause a time-range request could fall in.
    const pauses =
      contract && contract.type === 'fixed' && expected > 0 ? weekdayPauses(contract.timeSlots, isoWeekday(date)) : [];
    const shifts = contract?.shifts?.get(date);
    sheets.push(
      computeDay({ date, expected, pairs: pairsByDate.get(date) ?? [], requests: dayRequests, today, pauses, shifts }),
    );
  }
  return sheets;
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export interface SheetTotals extends MinuteTotals {
  /** Balance of the days that are over: an open day's provisional balance is left out. */
  balance: number;
  /** How many days of the range are open (today, the days to come, a day with a running entry). */
  openDays: number;
  /** Sum of the days' anomaly counts (each kind counted once per day). */
  anomalies: number;
  /** credited+increase+decrease minutes per justificationId */
  byJustification: Record<string, number>;
}

/**
 * Month (or any range) totals: plain sums of the day sheets (expected is the whole range's due time), except the
 * balance, which stops at the days that are over; byJustification sums each request's credited minutes.
 */
export function sumSheets(sheets: DaySheet[]): SheetTotals {
  const t: SheetTotals = {
    expected: 0,
    worked: 0,
    increase: 0,
    decrease: 0,
    covered: 0,
    balance: 0,
    openDays: 0,
    anomalies: 0,
    byJustification: {},
  };
  for (const s of sheets) {
    t.expected += s.expected;
    t.worked += s.worked;
    t.increase += s.increase;
    t.decrease += s.decrease;
    t.covered += s.covered;
    if (s.open) t.openDays += 1;
    else t.balance += s.balance;
    t.anomalies += s.anomalies.length;
    for (const r of s.requests)
      t.byJustification[r.justificationId] = (t.byJustification[r.justificationId] ?? 0) + r.credited;
  }
  return t;
}
