import { Tab, Tabs } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';

export type PayrollSection = 'company' | 'employees' | 'justifications';

const SECTIONS: { value: PayrollSection; to: string }[] = [
  { value: 'company', to: paths.integrationCompany },
  { value: 'employees', to: paths.integrationUserInfo },
  { value: 'justifications', to: paths.integrationJustification },
];

/** The payroll integration's pages: one title, and a tab per section (each a page of its own, with its own path). */
export function PayrollFrame({
  section,
  actions,
  children,
}: {
  section: PayrollSection;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('payroll.frame.title')} subtitle={t('payroll.frame.subtitle')} actions={actions} />
      <Tabs
        value={section}
        aria-label={t('payroll.frame.tabsLabel')}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {SECTIONS.map((s) => (
          <Tab
            key={s.value}
            value={s.value}
            label={t(`payroll.frame.tabs.${s.value}`)}
            component={RouterLink}
            to={s.to}
            data-testid={`payroll-tab-${s.value}`}
          />
        ))}
      </Tabs>
      {children}
    </>
  );
}
