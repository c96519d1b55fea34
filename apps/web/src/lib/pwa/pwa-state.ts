/**
 * The installed app's state for the page (issue 32): whether a new version waits, whether the device is offline, and
 * the work in progress that an update must not interrupt (a punch being sent). A plain external store, read with
 * `usePwaState` (useSyncExternalStore), so the service worker's registration can live outside React.
 */
import { useSyncExternalStore } from 'react';

export interface PwaState {
  updateWaiting: boolean;
  online: boolean;
}

let state: PwaState = { updateWaiting: false, online: typeof navigator === 'undefined' ? true : navigator.onLine };
const listeners = new Set<() => void>();
let busy = 0;
let afterBusy: (() => void) | null = null;

function set(patch: Partial<PwaState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export const pwaStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  setUpdateWaiting: (updateWaiting: boolean) => set({ updateWaiting }),
  setOnline: (online: boolean) => set({ online }),
};

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}

/**
 * Marks work an update must wait for (a punch on its way): returns the function that ends it. An update asked for
 * meanwhile runs when the last such work ends.
 */
export function holdUpdates(): () => void {
  busy++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    busy--;
    if (busy === 0 && afterBusy) {
      const run = afterBusy;
      afterBusy = null;
      run();
    }
  };
}

/** Runs `apply` now, or as soon as no held work is in progress. */
export function whenIdle(apply: () => void): void {
  if (busy === 0) apply();
  else afterBusy = apply;
}

/** For tests: back to the first state. */
export function resetPwaState(online = true) {
  busy = 0;
  afterBusy = null;
  state = { updateWaiting: false, online };
}
