import { Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { LANGUAGES, type Language } from '@timbro/shared/constants';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { useAuth } from '../../lib/auth/auth-context';
import { useLanguage } from '../../lib/auth/use-language';

/** Personal information: fiscal code, language, the companies and roles of this account. */
export function PersonalInfo() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { user, workspaces } = useAuth();
  const { language, setLanguage } = useLanguage();
  const roleNames = (r: { admin: boolean; accountant: boolean; member: boolean; oimmei: boolean }) =>
    [r.oimmei && 'operator', r.admin && 'admin', r.accountant && 'accountant', r.member && 'member'].filter(
      Boolean,
    ) as string[];
  return (
    <Stack spacing={3}>
      <TextField
        label={t('auth.fields.fiscalCode')}
        value={user?.fiscal_code ?? '—'}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText={t('profile.personal.fiscalCodeHint')}
      />
      <TextField
        select
        label={t('profile.personal.language')}
        value={language}
        onChange={(e) => {
          void setLanguage(e.target.value as Language).then(() =>
            enqueueSnackbar(t('profile.personal.languageSaved'), { variant: 'success' }),
          );
        }}
        data-testid="profile-language"
      >
        {LANGUAGES.map((l) => (
          <MenuItem key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </MenuItem>
        ))}
      </TextField>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{t('profile.personal.workspaces')}</Typography>
        {(user?.workspace_roles ?? []).length === 0 && (
          <Typography color="text.secondary">{t('profile.personal.noWorkspaces')}</Typography>
        )}
        {user?.workspace_roles.map((r) => (
          <Stack key={r.workspace_id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ minWidth: 160 }}>
              {workspaces.find((w) => w.id === r.workspace_id)?.name ?? '—'}
            </Typography>
            {roleNames(r).map((role) => (
              <Chip key={role} size="small" label={t(`roles.${role}`)} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
