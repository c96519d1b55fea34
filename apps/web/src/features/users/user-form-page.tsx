import { Box } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { PageHeader } from '../../components/page-header';
import { LoadFailure } from '../../components/load-failure';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { useCreateUser } from './api/create-user';
import { useUser } from './api/get-user';
import { useUpdateUser } from './api/update-user';
import { formToCreatePayload, formToPayload } from './schemas';
import { UserForm } from './user-form';
import { userDetailPath } from './user-list-page';

const FORM_WIDTH = 960;

/** /admin/user/new: enrols a person: a first-login link to a new address, or an invitation to an existing account. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateUser();
  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={paths.adminUser} label={t('users.list.title')} />
      <PageHeader title={t('users.form.newTitle')} subtitle={t('users.form.newSubtitle')} />
      <UserForm
        submitLabel={t('users.form.create')}
        onCancel={() => void navigate(paths.adminUser)}
        onSubmit={async ({ values }) => {
          const user = await create.mutateAsync(formToCreatePayload(values));
          const name = `${user.firstName} ${user.lastName}`;
          enqueueSnackbar(t('users.form.created', { name, email: user.email }), { variant: 'success' });
          void navigate(userDetailPath(user.id));
        }}
      />
    </Box>
  );
}

/** /admin/user/:id/edit. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const query = useUser(id);
  const update = useUpdateUser(id);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <LoadFailure error={query.error} onRetry={() => void query.refetch()} back={{ to: paths.adminUser, label: t('users.list.title') }} maxWidth={FORM_WIDTH} />;
  const user = query.data;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <Box sx={{ maxWidth: FORM_WIDTH }}>
      <BackLink to={userDetailPath(id)} label={name} />
      <PageHeader title={t('users.form.editTitle', { name })} subtitle={t('users.form.editSubtitle')} />
      <UserForm
        key={user.id}
        user={user}
        submitLabel={t('users.form.save')}
        onCancel={() => void navigate(userDetailPath(id))}
        onSubmit={async ({ values }) => {
          await update.mutateAsync({ ...formToPayload(values), fiscalCode: user.fiscalCode ?? undefined });
          enqueueSnackbar(t('users.form.saved'), { variant: 'success' });
          void navigate(userDetailPath(id));
        }}
      />
    </Box>
  );
}
