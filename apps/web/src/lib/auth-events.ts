/**
 * Session events shared by the API client and the auth state (spec section 4). `signing-in`: the login form was sent —
 * the app starts loading the logged-in frame's code meanwhile (app/router.tsx).
 */
export type AuthEvent = 'auth-expired' | 'logout' | 'signing-in';
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
