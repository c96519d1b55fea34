import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { usePwaState } from '../lib/pwa/pwa-state';
import { updateNow } from '../lib/pwa/register';

/**
 * What the installed app says about itself (issue 32): "Sei offline" while the device has no network, and "Nuova
 * versione disponibile — Aggiorna" when a new version waits (it reloads only on that click). Loaded by PwaStatus only
 * when one of them has something to say.
 */
export default function PwaBanners() {
  const { t } = useTranslation();
  const { online, updateWaiting } = usePwaState();
  return (
    <>
      <Snackbar open={!online} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert severity="warning" variant="filled" role="status" data-testid="offline-banner">
          {t('pwa.offline')}
        </Alert>
      </Snackbar>
      <Snackbar open={online && updateWaiting} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <Alert
          severity="info"
          variant="filled"
          role="status"
          data-testid="update-banner"
          action={
            <Button color="inherit" size="small" onClick={updateNow}>
              {t('pwa.update')}
            </Button>
          }
        >
          {t('pwa.updateAvailable')}
        </Alert>
      </Snackbar>
    </>
  );
}
