import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@timbro/shared/constants';
import { normalizeCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import type { CurrentUser } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NameFields, NewPasswordFields } from '../../components/form/account-fields';
import { FormTextField } from '../../components/form/form-text-field';
import { useServerForm } from '../../components/form/use-server-form';
import { api } from '../../lib/api';
import { AuthFormActions, AuthLayout } from './auth-layout';
import { useAuth } from '../../lib/auth/auth-context';
import { registerSchema, type RegisterForm } from './schemas';

const FIELDS = ['first_name', 'last_name', 'email', 'fiscal_code', 'password', 'password_confirmation'] as const;

/** Candidate sign-up ("Sei un candidato?"): the new account is logged in at once. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { setUser } = useAuth();
  const schema = useMemo(() => registerSchema(t, PASSWORD_MIN_LENGTH), [t]);
  const { control, submitWith, formState, failure } = useServerForm<RegisterForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      fiscal_code: '',
      password: '',
      password_confirmation: '',
    },
    serverFields: FIELDS,
  });
  const onSubmit = submitWith(async (values) => {
    const res = await api.post<CurrentUser>('/auth/register', {
      ...values,
      fiscal_code: normalizeCodiceFiscale(values.fiscal_code),
    });
    const user = await setUser(res.data);
    void navigate(user.homeRoute, { replace: true });
  });
  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('auth.register.title')}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <NameFields control={control} firstName="first_name" lastName="last_name" />
        </Stack>
        <FormTextField
          control={control}
          name="email"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
        />
        <FormTextField
          control={control}
          name="fiscal_code"
          label={t('auth.fields.fiscalCode')}
          required
          slotProps={{ htmlInput: { style: { textTransform: 'uppercase' }, maxLength: 16 } }}
        />
        <NewPasswordFields
          control={control}
          password="password"
          confirmation="password_confirmation"
          label={t('auth.fields.password')}
        />
        <AuthFormActions submitLabel={t('auth.register.submit')} submitting={formState.isSubmitting} />
      </Stack>
    </AuthLayout>
  );
}
