import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';
import { RequireAuth } from '../lib/auth/require-auth';
import type { PermissionRule } from '../lib/permissions';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders routes inside the real providers (theme, snackbars, session) at `path`, with a fresh React Query client
 * (no retries, so a failed call shows at once) as the logged-in frame provides.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient({ queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } });
  const result = render(
    <AppProviders variant="active">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

export function page(path: string, element: ReactNode): RouteObject {
  return { path, element };
}

/** A route whose page is behind `permission`, as the app's protected pages are (RequireAuth). */
export function guardedPage(path: string, permission: PermissionRule, element: ReactNode): RouteObject {
  return page(path, <RequireAuth permission={permission}>{element}</RequireAuth>);
}
