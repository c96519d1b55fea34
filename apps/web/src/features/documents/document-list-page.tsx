import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { AdminDocumentList } from './admin-document-list';
import { ReminderSettingsDialog } from './reminder-settings-dialog';

/**
 * /admin/document: every document of the workspace (expired ones included, marked), searchable by label or employee and
 * filtered by expiry; the employee links to their documents, where new ones are filed. "Promemoria di scadenza" sets
 * when the expiry e-mails go.
 */
export function DocumentListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('document:write');
  const [reminders, setReminders] = useState(false);
  return (
    <>
      <PageHeader
        title={t('documents.list.title')}
        subtitle={t('documents.list.subtitle')}
        actions={
          canWrite && (
            <Button
              variant="outlined"
              startIcon={<NotificationsActiveOutlined />}
              onClick={() => setReminders(true)}
              sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', sm: 'center' } }}
              data-testid="documents-reminders"
            >
              {t('documents.actions.reminders')}
            </Button>
          )
        }
      />
      <AdminDocumentList
        label={t('documents.list.title')}
        testId="documents-grid"
        empty={
          <GridMessage
            icon={<DescriptionOutlined />}
            title={t('documents.empty.title')}
            body={t('documents.empty.body')}
            action={
              <Button component={RouterLink} to={paths.adminUser}>
                {t('documents.empty.toUsers')}
              </Button>
            }
          />
        }
      />
      {reminders && <ReminderSettingsDialog onClose={() => setReminders(false)} />}
    </>
  );
}
