import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { FormInputField } from '../../components/form/form-input-field';
import { useServerForm } from '../../components/form/use-server-form';
import { paths } from '../../config/paths';
import { AuthLayout } from './auth-layout';
import { useAuth } from '../../lib/auth/auth-context';
import { loginSchema, type LoginForm } from './schemas';

type Access = 'user' | 'admin' | 'operator';

/** Safe in-app redirect target from ?next= (only our own paths). */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { login, notice, clearNotice } = useAuth();
  const [access, setAccess] = useState<Access>('user');
  const schema = useMemo(() => loginSchema(t), [t]);
  // Any refusal shows above the form (the fields are not named: no hint of which one was wrong).
  const { control, submitWith, formState, failure } = useServerForm<LoginForm>({
    resolver: zodResolver(schema),
    defaultValues: { username: '', password: '', remember_me: false },
    serverFields: [],
  });

  const onSubmit = submitWith(async (values) => {
    const user = await login(values.username, values.password, values.remember_me);
    clearNotice();
    void navigate(safeNext(params.get('next')) ?? user.homeRoute, { replace: true });
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('auth.login.title')}>
        {notice === 'expired' && <Alert severity="warning">{t('auth.login.sessionExpired')}</Alert>}
        {notice === 'logged-out' && <Alert severity="info">{t('auth.login.loggedOut')}</Alert>}
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          color="primary"
          value={access}
          onChange={(_, v: Access | null) => v && setAccess(v)}
          aria-label={t('auth.login.accessType')}
        >
          <ToggleButton value="user">{t('auth.login.access.user')}</ToggleButton>
          <ToggleButton value="admin">{t('auth.login.access.admin')}</ToggleButton>
          <ToggleButton value="operator">{t('auth.login.access.operator')}</ToggleButton>
        </ToggleButtonGroup>
        <Alert severity="info" variant="outlined" data-testid="access-notice">
          {t(`auth.login.notice.${access}`)}
        </Alert>
        {failure && (
          <Alert severity="error" role="alert" data-testid="login-error">
            {failure}
          </Alert>
        )}
        <FormInputField
          control={control}
          name="username"
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          autoFocus
          required
        />
        <FormInputField
          control={control}
          name="password"
          label={t('auth.fields.password')}
          type="password"
          autoComplete="current-password"
          required
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Controller
            name="remember_me"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={t('auth.login.rememberMe')}
              />
            )}
          />
          <Link component={RouterLink} to={paths.forgetPassword}>
            {t('auth.login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth.login.submit')}
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          {t('auth.login.candidate')}{' '}
          <Link component={RouterLink} to={paths.signup}>
            {t('auth.login.signUp')}
          </Link>
        </Box>
      </Stack>
    </AuthLayout>
  );
}
