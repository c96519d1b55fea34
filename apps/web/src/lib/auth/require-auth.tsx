import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { can, type PermissionRule } from '../permissions';
import { ErrorPage } from '../../components/error-page';
import { useAuth } from './auth-context';

/** Guards a page: anonymous → login (coming back afterwards); missing permission → 403. */
export function RequireAuth({ permission, children }: { permission: PermissionRule; children: ReactNode }) {
  const { status, current } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader />;
  if (status === 'anonymous') {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${paths.signin}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!can(current, permission)) return <ErrorPage kind="403" />;
  return <>{children}</>;
}

/** `/`: the user's home (dashboard, or month logs for an accountant only). */
export function HomeRedirect() {
  const { status, current } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status === 'anonymous') return <Navigate to={paths.signin} replace />;
  return <Navigate to={current?.homeRoute ?? paths.dashboard} replace />;
}

/** Auth pages are for anonymous visitors; a logged-in user goes home. */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const { status, current } = useAuth();
  if (status === 'loading') return <PageLoader />;
  if (status === 'authenticated') return <Navigate to={current?.homeRoute ?? paths.dashboard} replace />;
  return <>{children}</>;
}
