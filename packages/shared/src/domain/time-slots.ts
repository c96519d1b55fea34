/** A weekly time slot (spec section 3): minutes from midnight; the pause, if any, lies inside the slot. */
export interface TimeSlotLike {
  weekday: number; // 1 = Monday … 7 = Sunday
  startsAtMinutes: number;
  endsAtMinutes: number;
  pauseStartsAtMinutes: number | null;
  pauseEndsAtMinutes: number | null;
}

export const MINUTES_PER_DAY = 24 * 60;

/** Working minutes of a slot: its length minus the pause. A slot may end at 24:00 (1440) but not cross midnight. */
export function slotMinutes(s: TimeSlotLike): number {
  const pause =
    s.pauseStartsAtMinutes !== null && s.pauseEndsAtMinutes !== null
      ? s.pauseEndsAtMinutes - s.pauseStartsAtMinutes
      : 0;
  return Math.max(0, s.endsAtMinutes - s.startsAtMinutes - pause);
}

export function weeklyMinutes(slots: TimeSlotLike[]): number {
  return slots.reduce((sum, s) => sum + slotMinutes(s), 0);
}

/** Working minutes on one weekday. */
export function weekdayMinutes(slots: TimeSlotLike[], weekday: number): number {
  return slots.filter((s) => s.weekday === weekday).reduce((sum, s) => sum + slotMinutes(s), 0);
}

/** A pause of a day, in minutes from midnight (wall clock). */
export interface DayPause {
  startsAtMinutes: number;
  endsAtMinutes: number;
}

/** The pauses of a weekday's slots (slots without a complete pause have none). */
export function weekdayPauses(slots: TimeSlotLike[], weekday: number): DayPause[] {
  const out: DayPause[] = [];
  for (const s of slots) {
    if (s.weekday !== weekday || s.pauseStartsAtMinutes === null || s.pauseEndsAtMinutes === null) continue;
    out.push({ startsAtMinutes: s.pauseStartsAtMinutes, endsAtMinutes: s.pauseEndsAtMinutes });
  }
  return out;
}

/** Minutes of [start, end) that fall inside the pauses (pauses of one weekday never overlap: their slots do not). */
export function pauseOverlapMinutes(pauses: readonly DayPause[], start: number, end: number): number {
  return pauses.reduce(
    (sum, p) => sum + Math.max(0, Math.min(end, p.endsAtMinutes) - Math.max(start, p.startsAtMinutes)),
    0,
  );
}

export type SlotProblem =
  | { kind: 'order'; index: number }
  | { kind: 'pause'; index: number }
  | { kind: 'overlap'; index: number; other: number };

/**
 * Problems of a slot list: a slot must start before it ends (within the day), its pause must be complete and lie
 * strictly inside it, and two slots of the same weekday must not overlap (touching is allowed: 9–13 and 13–18).
 */
export function slotProblems(slots: TimeSlotLike[]): SlotProblem[] {
  const problems: SlotProblem[] = [];
  slots.forEach((s, index) => {
    if (!(s.startsAtMinutes >= 0 && s.endsAtMinutes <= MINUTES_PER_DAY && s.startsAtMinutes < s.endsAtMinutes))
      problems.push({ kind: 'order', index });
    const hasStart = s.pauseStartsAtMinutes !== null;
    const hasEnd = s.pauseEndsAtMinutes !== null;
    if (hasStart !== hasEnd) problems.push({ kind: 'pause', index });
    else if (hasStart && hasEnd) {
      const ps = s.pauseStartsAtMinutes!;
      const pe = s.pauseEndsAtMinutes!;
      if (!(ps > s.startsAtMinutes && pe < s.endsAtMinutes && ps < pe)) problems.push({ kind: 'pause', index });
    }
  });
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const a = slots[i]!;
      const b = slots[j]!;
      if (a.weekday === b.weekday && a.startsAtMinutes < b.endsAtMinutes && b.startsAtMinutes < a.endsAtMinutes)
        problems.push({ kind: 'overlap', index: j, other: i });
    }
  }
  return problems;
}

/** #RRGGBB (or #RGB), the only colour notation accepted for a slot's description colour. */
export function isValidColor(value: string): boolean {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

/** "08:30" ↔ 510. */
export function minutesToClock(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

export function clockToMinutes(clock: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(clock.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}
