import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormPage, Loaded } from '../../components/form/form-page';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { useWorkspace } from './api/get-workspace';
import { CompanyForm } from './company-form';
import { CompanyView } from './company-view';
import { StorageCard } from './storage-card';

const FORM_WIDTH = 880;

/**
 * /admin/setting/workspace: the company details (spec section 3 "Workspace company"). Admins edit them, logos
 * included; whoever else may read the settings (the accountant) sees them read-only.
 */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const query = useWorkspace();
  const canEdit = useCan('workspace:update');
  const back = { to: paths.adminSettings, label: t('workspaceSettings.company.back') };
  return (
    <FormPage
      width={FORM_WIDTH}
      back={back}
      title={t('workspaceSettings.company.title')}
      subtitle={t('workspaceSettings.company.subtitle')}
    >
      <Loaded queries={[query]} width={FORM_WIDTH}>
        {([workspace]) => (canEdit ? <CompanyForm workspace={workspace} /> : <CompanyView workspace={workspace} />)}
      </Loaded>
      <Box sx={{ mt: 2 }}>
        <StorageCard />
      </Box>
    </FormPage>
  );
}
