/**
 * Session events shared by the API client and the auth state (spec section 4). `signing-in`: the login request has
 * left — the app loads the logged-in frame's code meanwhile (app/router.tsx). `signed-in`: the password was accepted,
 * with the page the person most likely lands on (their home for the roles they hold), so its data can be asked for
 * beside GET /user and GET /workspace/list instead of after them.
 */
export type AuthEvent = 'auth-expired' | 'logout' | 'signing-in' | 'signed-in';
type Listener = (event: AuthEvent, landing?: string) => void;

const listeners = new Set<Listener>();

export const authEvents = {
  emit(event: AuthEvent, landing?: string) {
    // Every listener hears the event, even when one before it throws (the error is reported, not swallowed).
    for (const l of listeners) {
      try {
        l(event, landing);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};
