import { Paper } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { generatePath, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { UserContracts } from './user-contracts';

/** /admin/user/:id/contract: one employee's contracts (the employee's record is loaded by the route, app/pages). */
export function UserContractsPage({ employee: user }: { employee: UseQueryResult<User> }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  if (user.isPending) return <PageLoader />;
  if (user.isError)
    return (
      <LoadFailure
        error={user.error}
        onRetry={() => void user.refetch()}
        back={{ to: paths.adminContract, label: t('contracts.list.title') }}
      />
    );
  const name = `${user.data.firstName} ${user.data.lastName}`;
  return (
    <>
      <BackLink to={generatePath(paths.adminUserDetail, { id })} label={name} />
      <PageHeader title={t('contracts.user.title', { name })} subtitle={t('contracts.user.subtitle')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <UserContracts userInfoId={id} name={name} />
      </Paper>
    </>
  );
}
