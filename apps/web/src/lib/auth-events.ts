/** Session events shared by the API client and the auth state (spec section 4). */
export type AuthEvent = 'auth-expired' | 'logout';
type Listener = (event: AuthEvent) => void;

const listeners = new Set<Listener>();

export const authEvents = {
  emit(event: AuthEvent) {
    for (const l of listeners) l(event);
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};
