import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { authEvents } from '../lib/auth-events';
import { startEarly } from '../lib/early-requests';
import { loadCatalogArea } from '../i18n/i18n';
import { DASHBOARD_AREAS } from './dashboard-areas';
import { AnonymousOnly, HomeRedirect, RequireAuth } from '../lib/auth/require-auth';
import { ErrorPage, RouteErrorBoundary } from '../components/error-page';
import { ForgotPasswordPage, LoginPage, RegisterPage, SetPasswordPage, VerifyEmailPage } from './auth-routes';
import type { ProtectedRoute } from './lazy-page';

/** The logged-in frame (header with the notification centre, sidebar, drawers): not on the login route, loaded on demand. */
const AppFrame = lazy(() => import('./frame').then((m) => ({ default: m.Frame })));

const anon = (node: ReactNode) => (
  <AnonymousOnly>
    <Suspense fallback={<PageLoader />}>{node}</Suspense>
  </AnonymousOnly>
);

/** The logged-in pages as children of the frame: each behind its permission, with its own error boundary. */
export const protectedChildren = (routes: readonly ProtectedRoute[]): RouteObject[] =>
  routes.map(({ path, permission, page: Page }) => ({
    path,
    errorElement: <RouteErrorBoundary />,
    element: (
      <RequireAuth permission={permission}>
        <Page />
      </RequireAuth>
    ),
  }));

/** The id of the logged-in frame's route, where the protected pages are patched in (createAppRouter). */
export const FRAME_ROUTE_ID = 'frame';

/**
 * Every route of the app: the anonymous pages, then the logged-in frame with one error boundary per page. Tests pass
 * their own protected pages to check the wiring itself (a page that throws keeps the frame); the app's router patches
 * the real table in on the first navigation that needs it (createAppRouter).
 */
export function appRoutes(protectedRoutes: readonly ProtectedRoute[] = []): RouteObject[] {
  return [
    { path: '/', element: <HomeRedirect />, errorElement: <RouteErrorBoundary /> },
    { path: paths.signin, element: anon(<LoginPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.signup, element: anon(<RegisterPage />), errorElement: <RouteErrorBoundary /> },
    { path: paths.forgetPassword, element: anon(<ForgotPasswordPage />), errorElement: <RouteErrorBoundary /> },
    {
      path: paths.resetPassword,
      element: anon(<SetPasswordPage mode="reset" />),
      errorElement: <RouteErrorBoundary />,
    },
    {
      path: paths.firstLogin,
      element: anon(<SetPasswordPage mode="first-login" />),
      errorElement: <RouteErrorBoundary />,
    },
    // Logged in or not: the link may be opened in the browser where the person is already logged in.
    {
      path: paths.verifyEmail,
      element: (
        <Suspense fallback={<PageLoader />}>
          <VerifyEmailPage />
        </Suspense>
      ),
      errorElement: <RouteErrorBoundary />,
    },
    {
      id: FRAME_ROUTE_ID,
      element: (
        <Suspense fallback={<PageLoader />}>
          <AppFrame />
        </Suspense>
      ),
      errorElement: <RouteErrorBoundary />,
      children: [
        ...protectedChildren(protectedRoutes),
        { path: paths.forbidden, element: <ErrorPage kind="403" /> },
        { path: paths.serverError, element: <ErrorPage kind="500" /> },
        { path: '*', element: <ErrorPage kind="404" /> },
      ],
    },
  ];
}

/** The pages of a visitor without a session: the logged-in pages' table is not loaded with them (createAppRouter). */
const ANONYMOUS_PATHS = [paths.signin, paths.signup, paths.forgetPassword, paths.resetPassword, paths.firstLogin];

/**
 * The app's router. The table of logged-in pages (every route with its permission and lazy page: 14 KB of code) is not
 * needed to show the login page (ADR 0007): the router starts with the anonymous pages and the frame's error pages,
 * and the table is patched into the frame once loaded — right after the first render on a logged-in page, when the
 * person signs in on an anonymous one (while the password is checked), or before the first navigation that needs it (a logged-in person opening a link; React Router's
 * patchRoutesOnNavigation is called for the catch-all 404 too), whichever comes first.
 */
export function createAppRouter() {
  let table: Promise<void> | null = null;
  const load = () =>
    (table ??= import('./routes').then(({ PROTECTED_ROUTES }) => {
      router.patchRoutes(FRAME_ROUTE_ID, protectedChildren(PROTECTED_ROUTES));
      // The page being opened starts its code and texts now, beside the session's calls and the frame's code,
      // rather than once the frame has rendered it (a logged-in page opened directly).
      const at = router.state.location.pathname;
      PROTECTED_ROUTES.find((r) => matchPath(r.path, at))
        ?.page.preload?.()
        .catch(() => undefined);
    }));
  const router = createBrowserRouter(appRoutes(), {
    async patchRoutesOnNavigation() {
      await load();
    },
  });
  // Not awaited: the page renders first; two navigations at once after a login must find the pages there. On the
  // anonymous pages the table waits for the person to sign in (below) or for a navigation that needs it: the login
  // page's visitor does not pay for it until then (ADR 0007, the login route as Chromium loads it).
  const opened = router.state.location.pathname;
  if (!ANONYMOUS_PATHS.some((p) => matchPath(p, opened))) setTimeout(() => void load(), 0);
  // The landing page's data, code and texts start together with the frame's code (ADR 0025).
  const preload = (pathname: string) => void import('./prefetch-dashboard').then((m) => m.preloadDashboard(pathname));
  // While the login request runs (the password check takes a moment), the frame's code and the landing page's load.
  authEvents.subscribe((event, landing) => {
    // In the order they queue for the browser's six connections: the table of pages (the navigation waits for it),
    // the landing page's texts, data layer and code (the frame waits for its page), then the frame's code, then the notification centre the frame shows after it.
    if (event === 'signing-in') {
      void load();
      for (const area of DASHBOARD_AREAS) void loadCatalogArea(area);
      void import('./prefetch-dashboard').then((m) => m.preloadDashboardCode());
      void import('./frame').then((m) => m.loadNotificationCentre());
    }
    // The password was accepted and the person is on their way to the dashboard (no other page asked for by `next`):
    // its figures leave now, beside GET /user and GET /workspace/list (lib/early-requests.ts).
    if (event === 'signed-in' && landing === paths.dashboard) {
      const next = new URLSearchParams(router.state.location.search).get('next');
      if (!next || next === paths.dashboard) startEarly('/dashboard');
    }
  });
  let at = router.state.location.pathname;
  if (at === paths.dashboard) preload(at);
  router.subscribe((state) => {
    if (state.location.pathname === at) return;
    at = state.location.pathname;
    if (at === paths.dashboard) preload(at);
  });
  return router;
}
