import { localToUtc, toLocal } from './attendance';

/**
 * The working-time rules of D.Lgs. 66/2003 checked on a roster (issue 15 groundwork; pure, no I/O). A CCNL may derogate
 * from each, so a violation is a warning with its reason, never a refusal. Shifts are instants (UTC ISO strings): an
 * overnight shift simply ends the next day, and a night across a DST change is as long as it really is.
 *
 * - `overlap`: two shifts of one person overlap.
 * - `daily_rest` (art. 7): fewer than 11 consecutive hours of rest between the end of a shift and the start of the
 *   person's next one.
 * - `weekly_rest` (art. 9): a span of 7 days, from the start of a shift, with no rest of 24 consecutive hours in it.
 * - `weekly_hours` (art. 4): more than 48 hours of work a week on average over the roster's weeks.
 * - `break` (art. 8): more than 6 hours of work with a pause under 10 minutes.
 * - `night` (art. 13): more than 8 hours of work in one shift that touches the night (00:00–05:00 local time).
 */

export type RestRule = 'overlap' | 'daily_rest' | 'weekly_rest' | 'weekly_hours' | 'break' | 'night';

export interface RosterShift {
  id: string;
  userInfoId: string;
  /** Start and end instants (ISO); the end is after the start (an overnight shift ends the next day). */
  start: string;
  end: string;
  /** Unpaid pause inside the shift, in minutes. */
  pauseMinutes: number;
}

export interface RestViolation {
  rule: RestRule;
  userInfoId: string;
  /** The shifts involved (one, or the two around a short rest / an overlap). */
  shiftIds: string[];
  /** The figure that broke the rule, in minutes (the rest, the work, the pause; the weekly average for weekly_hours). */
  minutes: number;
}

export const REST_LIMITS = {
  dailyRestMinutes: 11 * 60,
  weeklyRestMinutes: 24 * 60,
  weeklyAverageMinutes: 48 * 60,
  breakAfterMinutes: 6 * 60,
  minBreakMinutes: 10,
  nightMaxMinutes: 8 * 60,
} as const;

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

interface Span {
  s: RosterShift;
  start: number;
  end: number;
  work: number;
}

/** Whether a shift touches 00:00–05:00 local time on any of the days it covers. */
function touchesNight(span: Span, timeZone: string): boolean {
  const first = toLocal(new Date(span.start).toISOString(), timeZone).date;
  const last = toLocal(new Date(span.end).toISOString(), timeZone).date;
  for (let day = first; ;) {
    const from = Date.parse(localToUtc(day, 0, timeZone));
    const to = Date.parse(localToUtc(day, 5 * 60, timeZone));
    if (span.start < to && span.end > from) return true;
    if (day >= last) return false;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
  }
}

/** Every violation of the roster, person by person, in time order. `timeZone` decides what is night. */
export function checkRoster(shifts: readonly RosterShift[], timeZone: string): RestViolation[] {
  const byPerson = new Map<string, Span[]>();
  for (const s of shifts) {
    const start = Date.parse(s.start);
    const end = Date.parse(s.end);
    const span = { s, start, end, work: Math.max(0, (end - start) / MIN - s.pauseMinutes) };
    const list = byPerson.get(s.userInfoId);
    if (list) list.push(span);
    else byPerson.set(s.userInfoId, [span]);
  }
  const out: RestViolation[] = [];
  for (const [userInfoId, spans] of byPerson) {
    spans.sort((a, b) => a.start - b.start || a.end - b.end);
    // Overlaps and short rests between consecutive shifts (the latest end so far covers nested shifts).
    let last: Span | null = null;
    for (const span of spans) {
      if (last) {
        if (span.start < last.end)
          out.push({
            rule: 'overlap',
            userInfoId,
            shiftIds: [last.s.id, span.s.id],
            minutes: (Math.min(last.end, span.end) - span.start) / MIN,
          });
        else if (span.start - last.end < REST_LIMITS.dailyRestMinutes * MIN)
          out.push({
            rule: 'daily_rest',
            userInfoId,
            shiftIds: [last.s.id, span.s.id],
            minutes: (span.start - last.end) / MIN,
          });
      }
      if (!last || span.end > last.end) last = span;
    }
    // Weekly rest: from each shift's start, the next 7 days need a rest of 24 h (the gaps between shifts, and the
    // stretch after the last shift of the span, count).
    for (let i = 0; i < spans.length; i++) {
      const from = spans[i]!.start;
      const to = from + 7 * DAY;
      const inside = spans.filter((x) => x.start < to && x.end > from);
      // Only a span the roster covers to its end can be judged (the last week of a roster is open).
      const lastStart = spans[spans.length - 1]!.start;
      if (to > lastStart) break;
      let longest = 0;
      let cursor = from;
      for (const x of inside) {
        longest = Math.max(longest, x.start - cursor);
        cursor = Math.max(cursor, x.end);
      }
      longest = Math.max(longest, to - cursor);
      if (longest < REST_LIMITS.weeklyRestMinutes * MIN) {
        out.push({ rule: 'weekly_rest', userInfoId, shiftIds: inside.map((x) => x.s.id), minutes: longest / MIN });
        // One warning per stretch: skip to the first shift after this week.
        while (i + 1 < spans.length && spans[i + 1]!.start < to) i++;
      }
    }
    // Weekly average over the weeks the person's roster covers (at least one).
    const first = spans[0]!.start;
    const end = Math.max(...spans.map((x) => x.end));
    const weeks = Math.max(1, Math.ceil((end - first) / (7 * DAY)));
    const total = spans.reduce((n, x) => n + x.work, 0);
    if (total / weeks > REST_LIMITS.weeklyAverageMinutes)
      out.push({
        rule: 'weekly_hours',
        userInfoId,
        shiftIds: spans.map((x) => x.s.id),
        minutes: Math.round(total / weeks),
      });
    for (const span of spans) {
      if (span.work > REST_LIMITS.breakAfterMinutes && span.s.pauseMinutes < REST_LIMITS.minBreakMinutes)
        out.push({ rule: 'break', userInfoId, shiftIds: [span.s.id], minutes: span.s.pauseMinutes });
      if (span.work > REST_LIMITS.nightMaxMinutes && touchesNight(span, timeZone))
        out.push({ rule: 'night', userInfoId, shiftIds: [span.s.id], minutes: span.work });
    }
  }
  return out;
}
