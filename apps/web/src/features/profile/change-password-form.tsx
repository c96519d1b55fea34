import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mui/material';
import { PASSWORD_MIN_LENGTH } from '@timbro/shared/constants';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrentPasswordField, NewPasswordFields } from '../../components/form/account-fields';
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
      <CurrentPasswordField control={control} name="old_password" />
      <NewPasswordFields
        control={control}
        password="new_password"
        confirmation="confirmation"
        label={t('auth.fields.newPassword')}
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
