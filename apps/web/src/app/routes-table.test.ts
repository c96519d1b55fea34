import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes, createAppRouter } from './router';
import { PROTECTED_ROUTES } from './routes';
import { PAYROLL_PROVIDER, paths } from '../config/paths';
import { authEvents } from '../lib/auth-events';

// Signing in also starts the frame's and the dashboard's code (router.tsx); not what these tests look at, and not left
// loading when the file ends.
vi.mock('./frame', () => ({ Frame: () => null, loadNotificationCentre: () => undefined }));
vi.mock('./prefetch-dashboard', () => ({ preloadDashboard: () => undefined, preloadDashboardCode: () => undefined }));

/** The route table of spec section 2, copied as written ({payroll} is the payroll software's name). */
const SPEC_ROUTES = [
  '/signin',
  '/forget-password',
  '/my-account',
  '/dashboard',
  '/admin/user',
  '/admin/user/:id/detail',
  '/admin/user/:id/contract',
  '/admin/user/:id/paycheck',
  '/admin/user/:id/document',
  '/admin/paycheck/import',
  '/admin/contract',
  '/admin/group',
  '/admin/setting/template-day',
  '/admin/setting/template-week',
  '/admin/setting/holiday',
  '/admin/setting/justification',
  '/admin/setting/workspace',
  '/admin/month-log',
  '/admin/announcement',
  '/member/calendar',
  '/member/paycheck',
  '/member/document',
  '/member/announcement',
  '/member/work-shift',
  '/integration/{payroll}/company',
  '/integration/{payroll}/user-info',
  '/integration/{payroll}/justification',
  '/attendance/attendance-data/timesheet',
] as const;

/** Every path of a route tree, at any depth. */
function allPaths(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...allPaths(r.children ?? [])]);
}

/** A URL for a path pattern: sample values for the `:params`, our payroll software for {payroll}. */
const concrete = (path: string) => path.replace('{payroll}', PAYROLL_PROVIDER).replace(/:\w+/g, 'x1');

describe("the app's routes cover the spec's route table", () => {
  let router: { routes: RouteObject[]; dispose(): void } | null = null;
  afterEach(() => router?.dispose());

  it.each(SPEC_ROUTES)('%s is a route of the app', (specPath) => {
    router = createMemoryRouter(appRoutes(PROTECTED_ROUTES));
    const configured = allPaths(router.routes);
    const pattern = new RegExp(`^${specPath.replace('{payroll}', '[^/:]+')}$`);
    expect(configured.filter((p) => pattern.test(p))).toHaveLength(1);

    // A real URL reaches a page of its own, never the catch-all 404.
    const matches = matchRoutes(router.routes, concrete(specPath));
    const leaf = matches?.at(-1)?.route;
    expect(leaf?.path).toMatch(pattern);
    expect(leaf?.path).not.toBe('*');
  });

  it("the app's router loads the logged-in pages on the first navigation that needs them, the catch-all 404 aside", async () => {
    const appRouter = createAppRouter();
    router = appRouter;
    // The login route's router holds the anonymous pages and the frame's error pages only.
    expect(allPaths(router.routes)).not.toContain(paths.adminUser);
    await appRouter.navigate(paths.adminUser);
    expect(appRouter.state.matches.at(-1)?.route.path).toBe(paths.adminUser);
    expect(allPaths(router.routes).filter((p) => p === paths.adminUser)).toHaveLength(1);
    await appRouter.navigate('/pagina/inesistente');
    expect(appRouter.state.matches.at(-1)?.route.path).toBe('*');
    // Patched once: a second navigation does not add the table again.
    expect(allPaths(router.routes).filter((p) => p === paths.dashboard)).toHaveLength(1);
  });

  it('on an anonymous page the table waits for the person to sign in; on any other page it loads after the first render', async () => {
    try {
      // The login page: its visitor does not load the logged-in pages' table (ADR 0007, the login route's budget).
      window.history.replaceState(null, '', paths.signin);
      const login = createAppRouter();
      router = login;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(allPaths(login.routes)).not.toContain(paths.adminUser);
      // Signing in: loaded while the password is checked, before the navigation to the landing page needs it.
      authEvents.emit('signing-in');
      await vi.waitFor(() => expect(allPaths(login.routes)).toContain(paths.adminUser));
      login.dispose();
      // Any other page opened directly (here an unknown one: a logged-in page would also start its own code): loaded
      // right after the first render, without waiting for a navigation.
      window.history.replaceState(null, '', '/pagina/inesistente');
      const opened = createAppRouter();
      router = opened;
      await vi.waitFor(() => expect(allPaths(opened.routes)).toContain(paths.adminUser));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('the payroll integration paths use one payroll software name', () => {
    expect(PAYROLL_PROVIDER).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(paths.integrationCompany).toBe(`/integration/${PAYROLL_PROVIDER}/company`);
  });

  it('the logged-in routes are the protected ones, each with a permission and once only', () => {
    const protectedPaths = PROTECTED_ROUTES.map((r) => r.path);
    expect(new Set(protectedPaths).size).toBe(protectedPaths.length);
    for (const r of PROTECTED_ROUTES) expect(r.permission, r.path).toBeTruthy();
    // The spec's logged-in routes need a permission: only the auth pages are open.
    const open = new Set<string>([paths.signin, paths.forgetPassword]);
    for (const specPath of SPEC_ROUTES.filter((p) => !open.has(p))) {
      const pattern = new RegExp(`^${specPath.replace('{payroll}', '[^/:]+')}$`);
      expect(
        protectedPaths.some((p) => pattern.test(p)),
        specPath,
      ).toBe(true);
    }
  });
});
