import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useCreateUser } from './api/create-user';
import { useUser } from './api/get-user';
import { useUpdateUser } from './api/update-user';
import { formToCreatePayload, formToPayload } from './schemas';
import { UserForm } from './user-form';
import { userDetailPath } from './user-paths';
import { FormPage, Loaded, useSaved } from '../../components/form/form-page';

const FORM_WIDTH = 960;

/** /admin/user/new: enrols a person: a first-login link to a new address, or an invitation to an existing account. */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useSaved();
  const create = useCreateUser();
  return (
    <FormPage
      width={FORM_WIDTH}
      back={{ to: paths.adminUser, label: t('users.list.title') }}
      title={t('users.form.newTitle')}
      subtitle={t('users.form.newSubtitle')}
    >
      <UserForm
        submitLabel={t('users.form.create')}
        onCancel={() => void navigate(paths.adminUser)}
        onSubmit={async ({ values }) => {
          const user = await create.mutateAsync(formToCreatePayload(values));
          const name = `${user.firstName} ${user.lastName}`;
          saved(t('users.form.created', { name, email: user.email }), userDetailPath(user.id));
        }}
      />
    </FormPage>
  );
}

/** /admin/user/:id/edit. */
export function UserEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const saved = useSaved();
  const query = useUser(id);
  const update = useUpdateUser(id);
  return (
    <Loaded queries={[query]} back={{ to: paths.adminUser, label: t('users.list.title') }} width={FORM_WIDTH}>
      {([user]) => {
        const name = `${user.firstName} ${user.lastName}`;
        return (
          <FormPage
            width={FORM_WIDTH}
            back={{ to: userDetailPath(id), label: name }}
            title={t('users.form.editTitle', { name })}
            subtitle={t('users.form.editSubtitle')}
          >
            <UserForm
              key={user.id}
              user={user}
              submitLabel={t('users.form.save')}
              onCancel={() => void navigate(userDetailPath(id))}
              onSubmit={async ({ values }) => {
                await update.mutateAsync({ ...formToPayload(values), fiscalCode: user.fiscalCode ?? undefined });
                saved(t('users.form.saved'), userDetailPath(id));
              }}
            />
          </FormPage>
        );
      }}
    </Loaded>
  );
}
