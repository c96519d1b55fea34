import Add from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminPaycheck, User } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { Loaded } from '../../components/form/form-page';
import { pageQuery } from '../../components/list/page-query';
import { paths } from '../../config/paths';
import { useCan } from '../../lib/auth/use-can';
import { PaycheckDialog } from './paycheck-dialog';
import { PaycheckGrid, usePaycheckList } from './paycheck-grid';

const NO_FILTERS = [] as const;

/** /admin/user/:id/paycheck: one employee's pay slips; new and edit in a dialog (the employee's record comes from app/). */
export function UserPaychecksPage({ employee }: { employee: UseQueryResult<User> }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <Loaded queries={[employee]} back={{ to: paths.adminPaycheck, label: t('paychecks.list.title') }}>
      {([user]) => <UserPaychecks id={id} user={user} />}
    </Loaded>
  );
}

function UserPaychecks({ id, user }: { id: string; user: User }) {
  const { t } = useTranslation();
  const canWrite = useCan('paycheck:write');
  const list = usePaycheckList(NO_FILTERS);
  const [editing, setEditing] = useState<AdminPaycheck | 'new' | null>(null);
  const name = `${user.firstName} ${user.lastName}`;
  const { params } = list;
  const newButton = (testId: string) =>
    canWrite ? (
      <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')} data-testid={testId}>
        {t('paychecks.user.new')}
      </Button>
    ) : undefined;
  return (
    <>
      <BackLink to={generatePath(paths.adminUserDetail, { id })} label={name} />
      <PageHeader
        title={t('paychecks.user.title', { name })}
        subtitle={t('paychecks.user.subtitle')}
        actions={newButton('paycheck-new')}
      />
      <PaycheckGrid
        list={list}
        params={{ ...pageQuery(params), userInfoId: id }}
        label={t('paychecks.user.title', { name })}
        withEmployee={false}
        canWrite={canWrite}
        onEdit={(p) => setEditing(p)}
        hasFilters={false}
        emptyAction={newButton('paycheck-first')}
      />
      {editing && (
        <PaycheckDialog
          userInfoId={id}
          name={name}
          paycheck={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
