import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import type { ThemeVariant } from '../theme/theme';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App({ variant }: { variant: ThemeVariant }) {
  const router = useMemo(() => createAppRouter(), []);
  return (
    <AppProviders variant={variant}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
