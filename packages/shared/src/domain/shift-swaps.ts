/**
 * The shift swap's state machine (spec §3 "Shift swap: source shift, target shift, note, targetStatus, status"; §4 "a
 * swap has a reply from the target employee and a decision by an admin"; "editing a shift that has open swaps rejects
 * them automatically"). Pure (issue 15 groundwork): the server applies it with both shifts' rows locked.
 *
 *   waiting_colleague ──accept──▶ waiting_admin ──approve──▶ approved
 *          │  └──decline──▶ rejected         └──reject──▶ rejected
 *          └──reject (admin)──▶ rejected
 *   any open state ──shift_changed──▶ auto_rejected
 */

export const SWAP_STATUSES = ['waiting_colleague', 'waiting_admin', 'approved', 'rejected', 'auto_rejected'] as const;
export type SwapStatus = (typeof SWAP_STATUSES)[number];
export const SWAP_TARGET_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type SwapTargetStatus = (typeof SWAP_TARGET_STATUSES)[number];

export interface SwapState {
  status: SwapStatus;
  targetStatus: SwapTargetStatus;
}

/** Who may do what: the colleague answers, an admin decides, the system rejects when a shift changes. */
export type SwapEvent =
  | { type: 'accept'; by: 'target' }
  | { type: 'decline'; by: 'target' }
  | { type: 'approve'; by: 'admin' }
  | { type: 'reject'; by: 'admin' }
  | { type: 'shift_changed'; by: 'system' };

export type SwapRefusal = 'not_open' | 'not_waiting_colleague' | 'not_waiting_admin';

export const NEW_SWAP: SwapState = Object.freeze({ status: 'waiting_colleague', targetStatus: 'pending' });

export const isOpenSwap = (s: SwapStatus) => s === 'waiting_colleague' || s === 'waiting_admin';

/** The next state, or why the event does not apply to this one (nothing changes then). */
export function swapTransition(
  state: SwapState,
  event: SwapEvent,
): { ok: true; state: SwapState } | { ok: false; reason: SwapRefusal } {
  if (!isOpenSwap(state.status)) return { ok: false, reason: 'not_open' };
  switch (event.type) {
    case 'accept':
      if (state.status !== 'waiting_colleague') return { ok: false, reason: 'not_waiting_colleague' };
      return { ok: true, state: { status: 'waiting_admin', targetStatus: 'accepted' } };
    case 'decline':
      if (state.status !== 'waiting_colleague') return { ok: false, reason: 'not_waiting_colleague' };
      return { ok: true, state: { status: 'rejected', targetStatus: 'declined' } };
    case 'approve':
      if (state.status !== 'waiting_admin') return { ok: false, reason: 'not_waiting_admin' };
      return { ok: true, state: { status: 'approved', targetStatus: state.targetStatus } };
    case 'reject':
      return { ok: true, state: { status: 'rejected', targetStatus: state.targetStatus } };
    case 'shift_changed':
      return { ok: true, state: { status: 'auto_rejected', targetStatus: state.targetStatus } };
  }
}
