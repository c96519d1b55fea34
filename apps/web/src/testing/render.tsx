import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/providers';

/** Renders routes inside the real providers (theme, snackbars, session) at `path`. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders variant="active">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

export function page(path: string, element: ReactNode): RouteObject {
  return { path, element };
}
