import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { WidgetGrid, type DashboardWidget } from '../../components/widget-grid';

/**
 * The dashboard: the widgets of the registry (app/dashboard-widgets.ts: every feature's own, spec §2 titles) that the
 * user's permissions allow.
 */
export function DashboardPage({ widgets }: { widgets: readonly DashboardWidget[] }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <WidgetGrid widgets={widgets} />
    </>
  );
}
