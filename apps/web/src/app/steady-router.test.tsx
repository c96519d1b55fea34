import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SteadyRouterProvider } from './app';

/** A component that holds the main thread: the transition rendering it yields to the browser after it. */
function Busy() {
  const until = performance.now() + 30;
  while (performance.now() < until);
  return null;
}

/**
 * The app's start (main.tsx): the first render is a transition, and the router is still starting (here: a loader the
 * test lets finish 10 ms later, as the route table arrived during the real app's render). The busy siblings make
 * the transition yield after the provider has read the router's state and before it subscribed: the router finishes
 * in that gap, as it did one load in three in the end-to-end tests.
 */
async function start(Provider: typeof RouterProvider | typeof SteadyRouterProvider) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: () => new Promise((done) => setTimeout(() => done('ok'), 10)),
        HydrateFallback: () => null,
        element: <p>pagina pronta</p>,
      },
    ],
    { initialEntries: ['/'] },
  );
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  startTransition(() =>
    root.render(
      <>
        <Provider router={router} />
        {Array.from({ length: 6 }, (_, i) => (
          <Busy key={i} />
        ))}
      </>,
    ),
  );
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  // Time for any update that was going to arrive.
  await new Promise((done) => setTimeout(done, 100));
  return { host, root };
}

describe('the router provider at the first render (a transition)', () => {
  const roots: { root: ReturnType<typeof createRoot>; host: HTMLElement }[] = [];
  const was = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  afterEach(() => {
    for (const { root, host } of roots.splice(0)) {
      root.unmount();
      host.remove();
    }
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = was;
  });

  it('React Router alone misses a start that ends between its render and its subscription (why the guard exists)', async () => {
    // A real browser-like render: React yields between components (no act() flushing it in one go).
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const started = await start(RouterProvider);
    roots.push(started);
    expect(started.host.textContent).toBe('');
  });

  it('the steady provider shows the page once the router has started', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const started = await start(SteadyRouterProvider);
    roots.push(started);
    expect(started.host.textContent).toBe('pagina pronta');
  });
});
