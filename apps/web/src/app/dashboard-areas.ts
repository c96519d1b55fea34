/** The catalog areas the dashboard's widgets read: loaded with its code (app/prefetch-dashboard.ts, app/router.tsx). */
export const DASHBOARD_AREAS = ['attendance', 'announcements', 'home'] as const;
