import { paths } from '../config/paths';
import { platform, type ProtectedRoute } from './lazy-page';

/** The platform operator's area (ADR 0023): `platform:manage`, whatever the active workspace. */
export const PLATFORM_ROUTES: ProtectedRoute[] = [
  {
    path: paths.operatorWorkspaces,
    permission: 'platform:manage',
    page: platform(
      () => import('../features/platform/workspace-list-page'),
      (m) => m.PlatformWorkspaceListPage,
    ),
  },
  {
    path: paths.operatorWorkspaceNew,
    permission: 'platform:manage',
    page: platform(
      () => import('../features/platform/workspace-new-page'),
      (m) => m.PlatformWorkspaceNewPage,
    ),
  },
];
