import { Alert } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useContract } from './api/get-contract';
import { useUserContracts } from './api/get-user-contracts';
import { useCreateContract, useUpdateContract } from './api/save-contract';
import { ContractForm } from './contract-form';
import { FormPage, Loaded, useSaved } from '../../components/form/form-page';

const FORM_WIDTH = 1180;
// The employee's record (`employee`) is loaded by the route (app/pages), which composes users and contracts.
const contractsPath = (id: string) => generatePath(paths.adminUserContract, { id });

const fullName = (u: User) => `${u.firstName} ${u.lastName}`;

/** /admin/user/:id/contract/new: a new contract; the employee's first one says so and suggests a weekly template. */
export function ContractNewPage({ employee }: { employee: UseQueryResult<User> }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const saved = useSaved();
  const existing = useUserContracts(id);
  const create = useCreateContract(id);
  return (
    <Loaded
      queries={[employee]}
      back={{ to: paths.adminContract, label: t('contracts.list.title') }}
      width={FORM_WIDTH}
    >
      {([user]) => {
        const name = fullName(user);
        const first = existing.data?.length === 0;
        return (
          <FormPage
            width={FORM_WIDTH}
            back={{ to: contractsPath(id), label: t('contracts.user.title', { name }) }}
            title={t('contracts.form.newTitle')}
            subtitle={t('contracts.form.subtitle', { name })}
          >
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
                saved(t('contracts.form.created', { name }), contractsPath(id));
              }}
            />
          </FormPage>
        );
      }}
    </Loaded>
  );
}

/** /admin/user/:id/contract/:contractId/edit. */
export function ContractEditPage({ employee }: { employee: UseQueryResult<User> }) {
  const { t } = useTranslation();
  const { id = '', contractId = '' } = useParams();
  const navigate = useNavigate();
  const saved = useSaved();
  const contract = useContract(contractId);
  const update = useUpdateContract(contractId);
  return (
    <Loaded
      queries={[employee, contract]}
      back={{ to: contractsPath(id), label: t('contracts.list.title') }}
      width={FORM_WIDTH}
    >
      {([user, saving]) => {
        const name = fullName(user);
        return (
          <FormPage
            width={FORM_WIDTH}
            back={{ to: contractsPath(id), label: t('contracts.user.title', { name }) }}
            title={t('contracts.form.editTitle')}
            subtitle={t('contracts.form.subtitle', { name })}
          >
            <ContractForm
              key={saving.id}
              contract={saving}
              employeeName={name}
              submitLabel={t('common.save')}
              onCancel={() => void navigate(contractsPath(id))}
              onSubmit={async (body) => {
                await update.mutateAsync(body);
                saved(t('contracts.form.saved'), contractsPath(id));
              }}
            />
          </FormPage>
        );
      }}
    </Loaded>
  );
}
