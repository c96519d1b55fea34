import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../components/form/form-text-field';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/auth-context';
import { deleteProfileSchema, type DeleteProfileForm } from './schemas';

/**
 * Delete profile, after a confirmation with the password (a wrong one is said on the field); CannotDeleteUser is shown
 * in Italian (spec section 8).
 */
export function DeleteProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { endSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => deleteProfileSchema(t), [t]);
  const { control, handleSubmit, setError, reset, formState } = useForm<DeleteProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: { password: '' },
  });
  const busy = formState.isSubmitting;
  const close = () => {
    if (busy) return;
    setOpen(false);
    reset();
  };
  const confirm = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await api.post('/user/immediately-delete', { password });
      endSession(null);
      void navigate(paths.signin, { replace: true });
    } catch (err) {
      if (applyServerErrors(err, setError, ['password'])) return;
      setFailure(errorMessage(err, t('errors.generic')));
      setOpen(false);
      reset();
    }
  });
  return (
    <Stack spacing={2}>
      <Typography>{t('profile.delete.body')}</Typography>
      {failure && (
        <Alert severity="error" role="alert" data-testid="delete-error">
          {failure}
        </Alert>
      )}
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="delete-profile"
      >
        {t('profile.delete.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="delete-profile-title" maxWidth="xs" fullWidth>
        <form onSubmit={confirm} noValidate>
          <DialogTitle id="delete-profile-title">{t('profile.delete.confirmTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('profile.delete.confirmBody')}</DialogContentText>
            <DialogContentText sx={{ mt: 1, mb: 2 }}>{t('profile.delete.passwordPrompt')}</DialogContentText>
            <FormTextField
              control={control}
              name="password"
              label={t('auth.fields.password')}
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color="error"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="delete-profile-confirm"
            >
              {t('profile.delete.confirm')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
