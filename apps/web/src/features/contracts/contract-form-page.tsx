import { Alert, Box } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useContract } from './api/get-contract';
import { useUserContracts } from './api/get-user-contracts';
import { useCreateContract, useUpdateContract } from './api/save-contract';
import { ContractForm } from './contract-form';

const FORM_WIDTH = 1180;
// The employee's record (`employee`) is loaded by the route (app/pages), which composes users and contracts.
const contractsPath = (id: string) => generatePath(paths.adminUserContract, { id });

const fullName = (u: User) => `${u.firstName} ${u.lastName}`;

/** /admin/user/:id/contract/new: a new contract; the employee's first one says so and suggests a weekly template. */
export function ContractNewPage({ employee: user }: { employee: UseQueryResult<User> }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const existing = useUserContracts(id);
  const create = useCreateContract(id);
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <LoadFailure error={user.error} onRetry={() => void user.refetch()} back={{ to: paths.adminContract, label: t('contracts.list.title') }} maxWidth={FORM_WIDTH} />;
  const name = fullName(user.data);
  const first = existing.data?.length === 0;
  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={contractsPath(id)} label={t('contracts.user.title', { name })} />
      <PageHeader title={t('contracts.form.newTitle')} subtitle={t('contracts.form.subtitle', { name })} />
      <ContractForm
        employeeName={name}
        banner={
          first ? (
            <Alert severity="info" data-testid="first-contract-banner">
              {t('contracts.form.firstBanner', { name })}
            </Alert>
          ) : undefined
        }
        submitLabel={t('contracts.form.create')}
        onCancel={() => void navigate(contractsPath(id))}
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          enqueueSnackbar(t('contracts.form.created', { name }), { variant: 'success' });
          void navigate(contractsPath(id));
        }}
      />
    </Box>
  );
}

/** /admin/user/:id/contract/:contractId/edit. */
export function ContractEditPage({ employee: user }: { employee: UseQueryResult<User> }) {
  const { t } = useTranslation();
  const { id = '', contractId = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const contract = useContract(contractId);
  const update = useUpdateContract(contractId);
  if (user.isPending || contract.isPending) return <PageLoader />;
  const back = { to: contractsPath(id), label: t('contracts.list.title') };
  if (user.isError) return <LoadFailure error={user.error} onRetry={() => void user.refetch()} back={back} maxWidth={FORM_WIDTH} />;
  if (contract.isError) return <LoadFailure error={contract.error} onRetry={() => void contract.refetch()} back={back} maxWidth={FORM_WIDTH} />;
  const name = fullName(user.data);
  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={contractsPath(id)} label={t('contracts.user.title', { name })} />
      <PageHeader title={t('contracts.form.editTitle')} subtitle={t('contracts.form.subtitle', { name })} />
      <ContractForm
        key={contract.data.id}
        contract={contract.data}
        employeeName={name}
        submitLabel={t('common.save')}
        onCancel={() => void navigate(contractsPath(id))}
        onSubmit={async (body) => {
          await update.mutateAsync(body);
          enqueueSnackbar(t('contracts.form.saved'), { variant: 'success' });
          void navigate(contractsPath(id));
        }}
      />
    </Box>
  );
}
