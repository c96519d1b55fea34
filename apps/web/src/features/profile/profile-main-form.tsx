import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import type { CurrentUser } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../components/form/form-text-field';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { isLoggedOutResponse, useAuth } from '../auth/auth-context';
import { profileSchema, type ProfileForm } from '../auth/schemas';

export function ProfileMainForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { user, setUser, endSession } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => profileSchema(t), [t]);
  const { control, handleSubmit, setError, formState } = useForm<ProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: { first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', email: user?.email ?? '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await api.post<CurrentUser>('/user/edit', { ...values, language: user?.language });
      if (isLoggedOutResponse(res.headers)) {
        // The e-mail is the login: changing it ends the session.
        endSession('logged-out');
        enqueueSnackbar(t('profile.main.emailChanged'), { variant: 'info' });
        void navigate(paths.signin, { replace: true });
        return;
      }
      await setUser(res.data);
      enqueueSnackbar(t('profile.main.saved'), { variant: 'success' });
    } catch (err) {
      if (!applyServerErrors(err, setError, ['first_name', 'last_name', 'email'])) setFailure(errorMessage(err, t('errors.generic')));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('profile.tabs.main')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <FormTextField control={control} name="first_name" label={t('auth.fields.firstName')} autoComplete="given-name" required />
      <FormTextField control={control} name="last_name" label={t('auth.fields.lastName')} autoComplete="family-name" required />
      <FormTextField control={control} name="email" label={t('auth.fields.email')} type="email" autoComplete="email" required helperText={t('profile.main.emailHint')} />
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('common.save')}
      </Button>
    </Stack>
  );
}
