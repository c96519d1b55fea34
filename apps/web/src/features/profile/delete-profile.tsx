import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CurrentPasswordField } from '../../components/form/account-fields';
import { useDialogForm } from '../../components/form/use-dialog-form';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../../lib/auth/auth-context';
import { deleteProfileSchema, type DeleteProfileForm } from './schemas';
import { DialogButtons } from '../../components/dialog-buttons';

/**
 * Delete profile, after a confirmation with the password (a wrong one is said on the field); CannotDeleteUser is shown
 * in Italian (spec section 8).
 */
export function DeleteProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { endSession } = useAuth();
  const [open, setOpen] = useState(false);
  const schema = useMemo(() => deleteProfileSchema(t), [t]);
  const form = useDialogForm<DeleteProfileForm>({
    resolver: zodResolver(schema),
    defaultValues: { password: '' },
    serverFields: ['password'],
    // A wrong password is said on the field; any other refusal closes the dialog and shows on the page.
    onServerError: (err, { setError, reset }) => {
      if (applyServerErrors(err, setError, ['password'])) return null;
      setOpen(false);
      reset();
      return errorMessage(err, t('errors.generic'));
    },
    onClose: () => setOpen(false),
  });
  const { control, failure, busy } = form;
  // Annulla keeps the page's refusal (it is the page's, not the dialog's): only the password starts afresh.
  const close = () => {
    if (busy) return;
    setOpen(false);
    form.reset();
  };
  const confirm = form.submitWith(async ({ password }) => {
    await api.post('/user/immediately-delete', { password });
    endSession(null);
    void navigate(paths.signin, { replace: true });
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
            <CurrentPasswordField
              control={control}
              name="password"
              label={t('auth.fields.password')}
              fullWidth
              autoFocus
            />
          </DialogContent>
          <DialogActions>
            <DialogButtons
              busy={busy}
              onCancel={close}
              label={t('profile.delete.confirm')}
              type="submit"
              color="error"
              testId="delete-profile-confirm"
            />
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
