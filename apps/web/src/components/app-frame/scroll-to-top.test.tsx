import { act, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app/router';
import { paths } from '../../config/paths';
import { fakeApi, sessionOf } from '../../testing/fake-api';
import { renderRoutes } from '../../testing/render';
import { ScrollToTop } from './scroll-to-top';

// The app preloads the dashboard's code (app/prefetch-dashboard.ts): let those imports finish before the environment
// is torn down (the workers share their module graph).
afterAll(async () => {
  await Promise.all([
    import('../../app/pages/dashboard-page'),
    import('../../lib/query-client'),
    import('../../lib/queries/dashboard'),
  ]);
});

function app() {
  const page = (name: string) => ({
    element: (
      <>
        <ScrollToTop />
        {name}
      </>
    ),
  });
  const router = createMemoryRouter(
    [
      { path: '/a', ...page('a') },
      { path: '/b', ...page('b') },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollToTop', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens a new page at its top, and leaves back, forward and a query change alone', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // Scrolled down the page (jsdom never scrolls: its position is told).
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(800);
    const router = app();
    expect(scrollTo).not.toHaveBeenCalled();

    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    // The same page with another query (a month's arrows): the place is kept.
    await act(() => router.navigate('/b?month=2026-11'));
    expect(scrollTo).toHaveBeenCalledTimes(1);

    // Back and forward: the browser restores the place, nothing forced to the top.
    await act(() => router.navigate(-2));
    expect(router.state.location.pathname).toBe('/a');
    await act(() => router.navigate(1));
    expect(router.state.location.pathname).toBe('/b');
    expect(scrollTo).toHaveBeenCalledTimes(1);

    // A redirect to another page (replace) opens it at its top too.
    await act(() => router.navigate('/a', { replace: true }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('the logged-in frame opens each page at its top', { timeout: 20_000 }, async () => {
    fakeApi({
      ...sessionOf(),
    });
    const { router } = renderRoutes(
      appRoutes([
        {
          path: paths.dashboard,
          permission: 'profile:read',
          page: lazy(async () => ({ default: () => <h1>Prima</h1> })),
        },
        {
          path: paths.myAccount,
          permission: 'profile:read',
          page: lazy(async () => ({ default: () => <h1>Seconda</h1> })),
        },
      ]),
      paths.dashboard,
    );
    await screen.findByRole('heading', { name: 'Prima' }, { timeout: 10_000 });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(800);
    await act(() => router.navigate(paths.myAccount));
    await screen.findByRole('heading', { name: 'Seconda' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
