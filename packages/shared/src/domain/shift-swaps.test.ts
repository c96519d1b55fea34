import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpenSwap, NEW_SWAP, swapTransition, type SwapEvent, type SwapState } from './shift-swaps';

const events: SwapEvent[] = [
  { type: 'accept', by: 'target' },
  { type: 'decline', by: 'target' },
  { type: 'approve', by: 'admin' },
  { type: 'reject', by: 'admin' },
  { type: 'shift_changed', by: 'system' },
];
const anyEvents = fc.array(fc.constantFrom(...events), { maxLength: 12 });

/** Applies events in order; a refused one leaves the state as it was. */
function run(list: SwapEvent[]) {
  let state: SwapState = NEW_SWAP;
  const trail: SwapState[] = [state];
  for (const e of list) {
    const r = swapTransition(state, e);
    if (r.ok) {
      state = r.state;
      trail.push(state);
    }
  }
  return { state, trail };
}

describe('the shift swap state machine', () => {
  it('the happy path: the colleague accepts, the admin approves', () => {
    expect(run([events[0]!, events[2]!]).state).toEqual({ status: 'approved', targetStatus: 'accepted' });
  });

  it('the colleague declines: rejected, and nothing else applies afterwards', () => {
    const r = swapTransition({ status: 'rejected', targetStatus: 'declined' }, { type: 'approve', by: 'admin' });
    expect(r).toEqual({ ok: false, reason: 'not_open' });
    expect(run([events[1]!]).state).toEqual({ status: 'rejected', targetStatus: 'declined' });
  });

  it('the admin cannot approve before the colleague accepted; the colleague cannot answer twice', () => {
    expect(swapTransition(NEW_SWAP, { type: 'approve', by: 'admin' })).toEqual({
      ok: false,
      reason: 'not_waiting_admin',
    });
    const accepted = run([events[0]!]).state;
    expect(swapTransition(accepted, { type: 'decline', by: 'target' })).toEqual({
      ok: false,
      reason: 'not_waiting_colleague',
    });
  });

  it('a changed shift rejects an open swap automatically, whichever the open state', () => {
    expect(run([events[4]!]).state.status).toBe('auto_rejected');
    expect(run([events[0]!, events[4]!]).state).toEqual({ status: 'auto_rejected', targetStatus: 'accepted' });
  });

  it('properties, over any sequence of events', () => {
    fc.assert(
      fc.property(anyEvents, (list) => {
        const { state, trail } = run(list);
        // Approved only after the colleague accepted, and then only through waiting_admin.
        if (state.status === 'approved') {
          expect(state.targetStatus).toBe('accepted');
          expect(trail.map((s) => s.status)).toEqual(['waiting_colleague', 'waiting_admin', 'approved']);
        }
        // A declined answer always ends it as rejected.
        if (state.targetStatus === 'declined') expect(state.status).toBe('rejected');
        // At most two changes: an answer and a decision (or one ending).
        expect(trail.length).toBeLessThanOrEqual(3);
        // Once ended, nothing moves it.
        if (!isOpenSwap(state.status))
          for (const e of events) expect(swapTransition(state, e)).toEqual({ ok: false, reason: 'not_open' });
        // The colleague's answer never goes back to pending once given.
        const answered = trail.findIndex((s) => s.targetStatus !== 'pending');
        if (answered >= 0) expect(trail.slice(answered).every((s) => s.targetStatus !== 'pending')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
