import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@timbro/shared/constants';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import { useServerForm } from '../../components/form/use-server-form';
import { api } from '../../lib/api';
import { changePasswordSchema, type ChangePasswordForm as Values } from './schemas';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const schema = useMemo(() => changePasswordSchema(t, PASSWORD_MIN_LENGTH), [t]);
  const { control, submitWith, reset, formState, failure } = useServerForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { old_password: '', new_password: '', confirmation: '' },
    serverFields: ['old_password', 'new_password'],
  });
  const onSubmit = submitWith(async (values) => {
    await api.post('/user/change-password', { old_password: values.old_password, new_password: values.new_password });
    reset();
    enqueueSnackbar(t('profile.password.saved'), { variant: 'success' });
  });
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('profile.tabs.password')}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <FormTextField
        control={control}
        name="old_password"
        label={t('auth.fields.oldPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormTextField
        control={control}
        name="new_password"
        label={t('auth.fields.newPassword')}
        type="password"
        autoComplete="new-password"
        required
        helperText={t('auth.passwordHint', { min: PASSWORD_MIN_LENGTH })}
      />
      <FormTextField
        control={control}
        name="confirmation"
        label={t('auth.fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
      />
      <Alert severity="info" variant="outlined">
        {t('profile.password.otherSessions')}
      </Alert>
      <Button type="submit" variant="contained" disabled={formState.isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.password.submit')}
      </Button>
    </Stack>
  );
}
