import Add from '@mui/icons-material/Add';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { Button } from '@mui/material';
import type { User } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { GridMessage } from '../../components/data/grid-overlay';
import { PageHeader } from '../../components/page-header';
import { Loaded } from '../../components/form/form-page';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { useEmployee } from './api/get-employee';
import { AdminDocumentList } from './admin-document-list';
import { DocumentFormDialog } from './document-form-dialog';

/**
 * /admin/user/:id/document: one employee's documents, expired ones included (marked), with "Nuovo documento" and
 * download / edit / delete on each.
 */
export function UserDocumentsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const employee = useEmployee(id);
  return (
    <Loaded queries={[employee]} back={{ to: paths.adminUser, label: t('nav.items.users') }}>
      {([user]) => <UserDocuments id={id} user={user} />}
    </Loaded>
  );
}

function UserDocuments({ id, user }: { id: string; user: User }) {
  const { t } = useTranslation();
  const canWrite = useCan('document:write');
  const [creating, setCreating] = useState(false);
  const name = `${user.firstName} ${user.lastName}`;
  const newButton = (label: string, testId: string) => (
    <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid={testId}>
      {label}
    </Button>
  );

  return (
    <>
      <BackLink to={generatePath(paths.adminUserDetail, { id })} label={name} />
      <PageHeader
        title={t('documents.user.title', { name })}
        subtitle={t('documents.user.subtitle')}
        actions={canWrite && newButton(t('documents.actions.new'), 'document-new')}
      />
      <AdminDocumentList
        userInfoId={id}
        label={t('documents.user.title', { name })}
        testId="user-documents-grid"
        empty={
          <GridMessage
            icon={<DescriptionOutlined />}
            title={t('documents.empty.userTitle', { name })}
            body={t('documents.empty.userBody')}
            action={canWrite ? newButton(t('documents.actions.first'), 'document-first') : undefined}
          />
        }
      />
      {creating && <DocumentFormDialog userInfoId={id} name={name} onClose={() => setCreating(false)} />}
    </>
  );
}
