import { useLayoutEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { ThemeVariant } from '../theme/theme';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * React Router's provider reads the router's state when it renders and subscribes to it in a layout effect: a change in
 * between is never delivered. The first render is a transition (main.tsx) that yields to the browser, so the router can
 * finish its start (the route table loaded) in that gap — and the page stayed blank for good, one load in three in the
 * end-to-end tests. Once mounted (the provider's effect runs before this one), a state that moved since the render
 * mounts the provider again, which reads it afresh.
 */
export function SteadyRouterProvider({ router }: { router: AppRouter }) {
  const [rendered, setRendered] = useState(() => ({ state: router.state, key: 0 }));
  useLayoutEffect(() => {
    // An external store that moved before anyone listened: the one remount it takes (once at start, if at all).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (router.state !== rendered.state) setRendered((r) => ({ state: router.state, key: r.key + 1 }));
  }, [router, rendered.state]);
  return <RouterProvider key={rendered.key} router={router} />;
}

export function App({ variant }: { variant: ThemeVariant }) {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <AppProviders variant={variant}>
      <SteadyRouterProvider router={router} />
    </AppProviders>
  );
}
