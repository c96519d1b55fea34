import type { Dashboard } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WidgetGrid, type DashboardWidget } from '../../components/widget-grid';
import { useDashboard } from '../../lib/queries/dashboard';

/**
 * The dashboard: the widgets of the registry (app/dashboard-widgets.ts: every feature's own, spec §2 titles) that the
 * user's permissions allow and GET /dashboard carries. One call feeds them all; each shows its own skeleton meanwhile.
 */
export function DashboardPage({ widgets }: { widgets: readonly DashboardWidget[] }) {
  const { t } = useTranslation();
  const { data } = useDashboard();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <WidgetGrid widgets={widgets} present={(slice) => (data ? data[slice as keyof Dashboard] !== undefined : null)} />
    </>
  );
}
