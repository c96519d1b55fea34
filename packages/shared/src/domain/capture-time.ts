/**
 * Where an offline punch lands in time (issue 32, capture guide §4.5). Pure: the server calls it with what it knows
 * and stores the instant and the flags; nothing implausible is dropped or silently moved — it is stored and flagged
 * for the admin.
 *
 * What the server knows about a punch made while the device was offline:
 * - `deviceTime`: the device's wall clock at the tap;
 * - `offsetMs`: server time − device time, measured at the device's last contact with the server;
 * - `lastContact`: the server's time at that contact (from a receipt the server signed), when the device has one;
 * - `elapsedMs`: the monotonic time between that contact and the tap, when the page stayed open (performance.now()
 *   does not move when someone changes the phone's clock; it does not survive a reload);
 * - `receivedAt`: the server's time when the batch arrives, and `syncOffsetMs`, the offset the sync itself measures.
 */

/** Flags a punch can carry; the admin sees each in the timesheet and the day panel. */
export const PUNCH_FLAGS = [
  'offline',
  'late_sync',
  'clock_changed',
  'impossible_time',
  'possible_duplicate',
  'direction_conflict',
] as const;
export type PunchFlag = (typeof PUNCH_FLAGS)[number];

/** Slack for network delays and clock granularity before a time is called impossible. */
export const CAPTURE_TOLERANCE_MS = 60_000;
/** Two offsets further apart than this mean the device's clock was changed (or drifted) while it was offline. */
export const CLOCK_CHANGE_MS = 120_000;
/** An offline punch that reaches the server later than this after it was made is flagged `late_sync`. */
export const DEFAULT_MAX_OFFLINE_HOURS = 72;
/** A punch of the same person and direction this close to one an admin entered may be the same punch twice. */
export const POSSIBLE_DUPLICATE_MS = 10 * 60_000;

export interface OfflinePunchFacts {
  deviceTime: number;
  offsetMs: number;
  lastContact: number | null;
  elapsedMs: number | null;
  receivedAt: number;
  syncOffsetMs: number;
  maxOfflineHours?: number;
}

export interface PlacedPunch {
  /** The instant stored (ms since the epoch). */
  at: number;
  flags: PunchFlag[];
  /** How the instant was found: the monotonic elapsed time, the offset of the last contact, the sync's offset. */
  basis: 'elapsed' | 'offset' | 'sync_offset' | 'bounded';
}

/** Places one offline punch in server time, with the flags the admin must see. */
export function placeOfflinePunch(f: OfflinePunchFacts): PlacedPunch {
  const flags = new Set<PunchFlag>(['offline']);
  const lo = f.lastContact === null ? Number.NEGATIVE_INFINITY : f.lastContact - CAPTURE_TOLERANCE_MS;
  const hi = f.receivedAt + CAPTURE_TOLERANCE_MS;
  const plausible = (t: number) => Number.isFinite(t) && t >= lo && t <= hi;
  const byOffset = f.deviceTime + f.offsetMs;
  let at: number;
  let basis: PlacedPunch['basis'];

  if (f.elapsedMs !== null && f.lastContact !== null && f.elapsedMs >= 0) {
    // The page stayed open since the last contact: the monotonic clock gives the true time, whatever the wall clock.
    at = f.lastContact + f.elapsedMs;
    basis = 'elapsed';
    if (Math.abs(at - byOffset) > CLOCK_CHANGE_MS) flags.add('clock_changed');
  } else {
    if (Math.abs(f.syncOffsetMs - f.offsetMs) > CLOCK_CHANGE_MS) flags.add('clock_changed');
    const bySync = f.deviceTime + f.syncOffsetMs;
    if (plausible(byOffset)) {
      at = byOffset;
      basis = 'offset';
    } else if (plausible(bySync)) {
      // The clock was changed before the punch and stayed so until the sync: the sync's offset places it.
      at = bySync;
      basis = 'sync_offset';
    } else {
      at = byOffset;
      basis = 'bounded';
    }
  }
  if (!plausible(at)) {
    flags.add('impossible_time');
    basis = 'bounded';
  }
  // Never after its arrival, never before the last contact: kept inside what the server knows (a few seconds of
  // network delay are moved silently; anything beyond the tolerance carries `impossible_time` above).
  at = Math.min(Math.max(at, f.lastContact ?? at), f.receivedAt);
  if (f.receivedAt - at > (f.maxOfflineHours ?? DEFAULT_MAX_OFFLINE_HOURS) * 3_600_000) flags.add('late_sync');
  return { at, flags: PUNCH_FLAGS.filter((x) => flags.has(x)), basis };
}

/**
 * Items of one device in their sequence order: a device time that goes back from one item to the next means the clock
 * was moved back between them (`clock_changed` on the later one). Returns the indexes to flag.
 */
export function sequenceBreaks(items: { seq: number; deviceTime: number }[]): number[] {
  const order = items.map((x, i) => ({ ...x, i })).sort((a, b) => a.seq - b.seq);
  const out: number[] = [];
  for (let k = 1; k < order.length; k++)
    if (order[k]!.deviceTime < order[k - 1]!.deviceTime - CAPTURE_TOLERANCE_MS) out.push(order[k]!.i);
  return out.sort((a, b) => a - b);
}
