import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import type { CurrentUser, ProfileEditInput } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CurrentPasswordField, NameFields } from '../../components/form/account-fields';
import { FormTextField } from '../../components/form/form-text-field';
import { useServerForm } from '../../components/form/use-server-form';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { isLoggedOutResponse, useAuth } from '../../lib/auth/auth-context';
import { emailChanged, profileEditSchema, type ProfileEditForm } from './schemas';

/**
 * Name and login e-mail. A new e-mail needs the current password: the old address is told of the change, the new one
 * gets a link to confirm it, and the session ends (the e-mail is the login).
 */
export function ProfileMainForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { user, setUser, endSession } = useAuth();
  const currentEmail = user?.email ?? '';
  const schema = useMemo(() => profileEditSchema(t, currentEmail), [t, currentEmail]);
  const { control, submitWith, formState, failure } = useServerForm<ProfileEditForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      email: currentEmail,
      current_password: '',
    },
    serverFields: ['first_name', 'last_name', 'email', 'current_password'],
  });
  const typedEmail = useWatch({ control, name: 'email' });
  const changingEmail = emailChanged(typedEmail ?? '', currentEmail);
  const onSubmit = submitWith(async ({ current_password, ...values }) => {
    const body: ProfileEditInput = { ...values, language: user?.language as ProfileEditInput['language'] };
    if (emailChanged(values.email, currentEmail)) body.current_password = current_password;
    const res = await api.post<CurrentUser>('/user/edit', body);
    if (isLoggedOutResponse(res.headers)) {
      // The e-mail is the login: changing it ends the session.
      endSession('logged-out');
      enqueueSnackbar(t('profile.main.emailChanged'), { variant: 'info' });
      void navigate(paths.signin, { replace: true });
      return;
    }
    await setUser(res.data);
    enqueueSnackbar(t('profile.main.saved'), { variant: 'success' });
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('profile.tabs.main')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <NameFields control={control} firstName="first_name" lastName="last_name" />
      <FormTextField
        control={control}
        name="email"
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        helperText={t('profile.main.emailHint')}
      />
      {changingEmail && (
        <Stack spacing={2} data-testid="email-change">
          <Alert severity="info" variant="outlined">
            {t('profile.main.emailChangeNotice')}
          </Alert>
          <CurrentPasswordField control={control} name="current_password" />
        </Stack>
      )}
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}
