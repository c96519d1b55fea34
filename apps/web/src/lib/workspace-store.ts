/** The active workspace id: set from the workspace list's response header, sent on every request. */
type Listener = (id: string | null) => void;

let current: string | null = null;
const listeners = new Set<Listener>();

export const workspaceStore = {
  get: () => current,
  set(id: string | null) {
    if (id === current) return;
    current = id;
    for (const l of listeners) l(id);
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
