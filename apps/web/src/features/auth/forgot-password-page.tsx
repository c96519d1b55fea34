import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Stack } from '@mui/material';
import { errorTexts } from '@timbro/shared/error-codes';
import type { MessageResponse } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { AuthFormActions, AuthLayout } from './auth-layout';
import { forgotSchema, type ForgotForm } from './schemas';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const schema = useMemo(() => forgotSchema(t), [t]);
  const { control, handleSubmit, formState } = useForm<ForgotForm>({
    resolver: zodResolver(schema),
    defaultValues: { username: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      await api.post<MessageResponse>('/auth/forgot-password', values);
      setResult({ ok: true, text: t('auth.forgot.sent') });
    } catch (err) {
      // Spec: a 404 means no user with these credentials.
      const text =
        err instanceof ApiError && err.status === 404
          ? t('auth.forgot.notFound', { defaultValue: errorTexts.forgotPasswordNotFound })
          : errorMessage(err, t('errors.generic'));
      setResult({ ok: false, text });
    }
  });
  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('auth.forgot.title')}>
        {result && (
          <Alert severity={result.ok ? 'success' : 'error'} role="alert" data-testid="forgot-result">
            {result.text}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="username"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
          required
        />
        <AuthFormActions submitLabel={t('auth.forgot.submit')} submitting={formState.isSubmitting} />
      </Stack>
    </AuthLayout>
  );
}
