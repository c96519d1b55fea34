import * as React from 'react';

/**
 * The web suite's first setup file (before React renders anything): React's development build records an owner stack
 * for every element it creates — an `Error` captured and a `console.createTask` per element, up to 10,000 a second —
 * for the component stacks of its warnings. In jsdom that was a quarter of the suite's processor time (a CPU profile of
 * shift-form.test.tsx: 5.4 of 21.7 s in react's createElement and jsx). The tests never read those stacks: React's
 * warnings still print, only with less of a component stack (debugging one, run the file without this setup). Measured: the web suite 186 → 167 s on the 2-core machine.
 */
const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && 'recentlyCreatedOwnerStacks' in internals)
  // React captures a stack while this count is under 10,000 and resets it every second: it stays over the limit.
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => {}, configurable: true });
