import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeOfflinePunch, sequenceBreaks, type OfflinePunchFacts } from './capture-time';

/**
 * The offline-time rules of the capture guide (§4.5, target T4): a device clock moved ±2 h while offline is flagged
 * every time and the stored instant stays within ±2 s of the truth whenever the facts allow it; nothing is ever stored
 * after its arrival or before the last contact.
 */

const H = 3_600_000;
const M = 60_000;
const T0 = Date.parse('2026-12-07T08:00:00Z'); // last contact with the server (server time)

/** A device whose clock was `skew` ms off the server's at the last contact, then moved by `moved` ms at `movedAt`. */
function scenario(opts: {
  skew?: number;
  moved?: number;
  movedAt?: number; // ms after the contact; the move happens before the punch when < punchAfter
  punchAfter: number; // ms after the contact
  syncAfter: number; // ms after the contact
  reloaded?: boolean; // the page was reloaded: no monotonic time
}): { facts: OfflinePunchFacts; truth: number } {
  const skew = opts.skew ?? 0;
  const moved = opts.moved ?? 0;
  const movedAt = opts.movedAt ?? Number.POSITIVE_INFINITY;
  const deviceAt = (serverMs: number) => serverMs + skew + (serverMs - T0 >= movedAt ? moved : 0);
  const truth = T0 + opts.punchAfter;
  const receivedAt = T0 + opts.syncAfter;
  return {
    truth,
    facts: {
      deviceTime: deviceAt(truth),
      offsetMs: -skew,
      lastContact: T0,
      elapsedMs: opts.reloaded ? null : opts.punchAfter,
      receivedAt,
      syncOffsetMs: receivedAt - deviceAt(receivedAt),
    },
  };
}

describe('placeOfflinePunch', () => {
  it('an honest offline punch keeps its time, corrected by the offset of the last contact, flagged offline only', () => {
    const { facts, truth } = scenario({ skew: 37_000, punchAfter: 2 * H, syncAfter: 3 * H, reloaded: true });
    expect(placeOfflinePunch(facts)).toEqual({ at: truth, flags: ['offline'], basis: 'offset' });
  });

  it.each([
    ['+2 h before the punch, page open', { moved: 2 * H, movedAt: 10 * M, punchAfter: H, syncAfter: 2 * H }],
    ['-2 h before the punch, page open', { moved: -2 * H, movedAt: 10 * M, punchAfter: H, syncAfter: 2 * H }],
    [
      '+2 h before the punch, reloaded',
      { moved: 2 * H, movedAt: 10 * M, punchAfter: H, syncAfter: 2 * H, reloaded: true },
    ],
    [
      '-2 h before the punch, reloaded',
      { moved: -2 * H, movedAt: 10 * M, punchAfter: H, syncAfter: 90 * M, reloaded: true },
    ],
    [
      '+2 h after the punch, reloaded',
      { moved: 2 * H, movedAt: 70 * M, punchAfter: H, syncAfter: 2 * H, reloaded: true },
    ],
    [
      '-2 h after the punch, reloaded',
      { moved: -2 * H, movedAt: 70 * M, punchAfter: H, syncAfter: 2 * H, reloaded: true },
    ],
    ['+2 h, long offline, page open', { moved: 2 * H, movedAt: H, punchAfter: 7 * H, syncAfter: 8 * H }],
    ['-2 h, long offline, page open', { moved: -2 * H, movedAt: H, punchAfter: 7 * H, syncAfter: 8 * H }],
  ])('the clock moved %s: flagged, and stored within ±2 s of the truth', (_name, s) => {
    const { facts, truth } = scenario(s);
    const placed = placeOfflinePunch(facts);
    expect(placed.flags).toContain('clock_changed');
    expect(Math.abs(placed.at - truth)).toBeLessThanOrEqual(2_000);
  });

  it('a clock moved back 2 h long before the punch, with a reload: flagged; the stored time never precedes the contact', () => {
    // Both offsets are plausible here; the rule keeps the last contact's and the flag sends it to review.
    const { facts } = scenario({ moved: -2 * H, movedAt: 10 * M, punchAfter: 5 * H, syncAfter: 6 * H, reloaded: true });
    const placed = placeOfflinePunch(facts);
    expect(placed.flags).toEqual(['offline', 'clock_changed']);
    expect(placed.at).toBeGreaterThanOrEqual(T0);
    expect(placed.at).toBeLessThanOrEqual(facts.receivedAt);
  });

  it('a drift of 30 s is no clock change', () => {
    const { facts, truth } = scenario({ moved: 30_000, movedAt: 0, punchAfter: H, syncAfter: 2 * H, reloaded: true });
    const placed = placeOfflinePunch(facts);
    expect(placed.flags).toEqual(['offline']);
    expect(Math.abs(placed.at - truth)).toBeLessThanOrEqual(30_000);
  });

  it('a time after the arrival or before the last contact is impossible: kept inside them and flagged', () => {
    const future = placeOfflinePunch({
      ...scenario({ punchAfter: H, syncAfter: 2 * H }).facts,
      elapsedMs: null,
      deviceTime: T0 + 5 * H,
    });
    expect(future.flags).toContain('impossible_time');
    expect(future.at).toBe(T0 + 2 * H);
    const past = placeOfflinePunch({
      ...scenario({ punchAfter: H, syncAfter: 2 * H }).facts,
      elapsedMs: null,
      deviceTime: T0 - 5 * H,
    });
    expect(past.flags).toContain('impossible_time');
    expect(past.at).toBe(T0);
  });

  it('without a receipt (no known last contact) only the arrival bounds the time', () => {
    const placed = placeOfflinePunch({
      ...scenario({ punchAfter: H, syncAfter: 2 * H }).facts,
      lastContact: null,
      elapsedMs: null,
    });
    expect(placed).toEqual({ at: T0 + H, flags: ['offline'], basis: 'offset' });
  });

  it('a punch synced after more than the allowed offline hours is late (72 h by default, the policy may say less)', () => {
    const { facts } = scenario({ punchAfter: H, syncAfter: 74 * H });
    expect(placeOfflinePunch(facts).flags).toEqual(['offline', 'late_sync']);
    expect(placeOfflinePunch({ ...facts, receivedAt: T0 + 70 * H }).flags).toEqual(['offline']);
    expect(placeOfflinePunch({ ...facts, receivedAt: T0 + 70 * H, maxOfflineHours: 24 }).flags).toEqual([
      'offline',
      'late_sync',
    ]);
  });

  it('property: the stored time is never after the arrival nor before the last contact, and always flagged offline', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3 * H, max: 3 * H }), // skew at contact
        fc.integer({ min: -3 * H, max: 3 * H }), // clock move
        fc.integer({ min: 0, max: 80 * H }), // move time
        fc.integer({ min: 0, max: 80 * H }), // punch time
        fc.integer({ min: 0, max: 2 * H }), // sync delay after the punch
        fc.boolean(),
        (skew, moved, movedAt, punchAfter, delay, reloaded) => {
          const { facts, truth } = scenario({
            skew,
            moved,
            movedAt,
            punchAfter,
            syncAfter: punchAfter + delay,
            reloaded,
          });
          const placed = placeOfflinePunch(facts);
          expect(placed.at).toBeGreaterThanOrEqual(T0);
          expect(placed.at).toBeLessThanOrEqual(facts.receivedAt);
          expect(placed.flags[0]).toBe('offline');
          // A clock moved by more than the change threshold before the punch is always flagged or placed exactly.
          if (Math.abs(moved) > 130_000 && movedAt <= punchAfter && placed.at !== truth)
            expect(placed.flags).toContain('clock_changed');
          // With the page open, the truth is always found.
          if (!reloaded) expect(placed.at).toBe(truth);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('sequenceBreaks', () => {
  it('flags the item whose device time goes back from the one before it in sequence order', () => {
    const items = [
      { seq: 3, deviceTime: T0 + 30 * M },
      { seq: 1, deviceTime: T0 },
      { seq: 2, deviceTime: T0 + 2 * H },
      { seq: 4, deviceTime: T0 + 3 * H },
    ];
    expect(sequenceBreaks(items)).toEqual([0]);
    expect(
      sequenceBreaks([
        { seq: 1, deviceTime: T0 },
        { seq: 2, deviceTime: T0 - 30_000 },
      ]),
    ).toEqual([]);
  });
});
