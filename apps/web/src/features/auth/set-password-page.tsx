import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import { PASSWORD_MIN_LENGTH, REDIRECT_AFTER_PASSWORD_MS } from '@timbro/shared/constants';
import type { MessageResponse } from '@timbro/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NewPasswordFields } from '../../components/form/account-fields';
import { useServerForm } from '../../components/form/use-server-form';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { AuthFormActions, AuthLayout } from './auth-layout';
import { setPasswordSchema, type SetPasswordForm } from './schemas';

/** Reset password and first login (token in the path); after success, back to login in 3 seconds. */
export function SetPasswordPage({ mode }: { mode: 'reset' | 'first-login' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  const schema = useMemo(() => setPasswordSchema(t, PASSWORD_MIN_LENGTH), [t]);
  const { control, submitWith, formState, failure } = useServerForm<SetPasswordForm>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', password_confirmation: '' },
    serverFields: ['password', 'password_confirmation'],
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.signin, { replace: true }), REDIRECT_AFTER_PASSWORD_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);
  const endpoint =
    mode === 'reset'
      ? `/auth/new-password/${encodeURIComponent(token)}`
      : `/auth/first-login/${encodeURIComponent(token)}`;
  const onSubmit = submitWith(async (values) => {
    const res = await api.post<MessageResponse>(endpoint, values);
    setDone(res.data?.message ?? t('auth.setPassword.done'));
  });
  const key = mode === 'reset' ? 'reset' : 'firstLogin';
  return (
    <AuthLayout title={t(`auth.setPassword.${key}.title`)} subtitle={t(`auth.setPassword.${key}.subtitle`)}>
      {done ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status" data-testid="set-password-done">
            {done}
          </Alert>
          <Alert severity="info">{t('auth.setPassword.redirecting')}</Alert>
        </Stack>
      ) : (
        <Stack
          component="form"
          spacing={2}
          onSubmit={onSubmit}
          noValidate
          aria-label={t(`auth.setPassword.${key}.title`)}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          <NewPasswordFields
            control={control}
            password="password"
            confirmation="password_confirmation"
            label={t('auth.fields.newPassword')}
            autoFocus
          />
          <AuthFormActions submitLabel={t('auth.setPassword.submit')} submitting={formState.isSubmitting} />
        </Stack>
      )}
    </AuthLayout>
  );
}
