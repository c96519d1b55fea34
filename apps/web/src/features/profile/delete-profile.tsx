import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';
import { useAuth } from '../auth/auth-context';

/** Delete profile, after a confirmation; CannotDeleteUser is shown in Italian (spec section 8). */
export function DeleteProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { endSession } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await api.post('/user/immediately-delete');
      endSession(null);
      void navigate(paths.signin, { replace: true });
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>{t('profile.delete.body')}</Typography>
      {failure && (
        <Alert severity="error" role="alert" data-testid="delete-error">
          {failure}
        </Alert>
      )}
      <Button color="error" variant="outlined" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }} data-testid="delete-profile">
        {t('profile.delete.button')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="delete-profile-title">
        <DialogTitle id="delete-profile-title">{t('profile.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('profile.delete.confirmBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={busy} data-testid="delete-profile-confirm">
            {t('profile.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
