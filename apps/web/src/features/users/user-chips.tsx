import { Box, Chip, Stack } from '@mui/material';
import type { User, WorkspaceRole } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { ROLE_VALUES } from './schemas';

/** The workspace roles, in the order admin, accountant, member. */
export function RoleChips({ roles }: { roles: readonly WorkspaceRole[] }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {ROLE_VALUES.filter((r) => roles.includes(r)).map((r) => (
        <Chip
          key={r}
          size="small"
          variant="outlined"
          color={r === 'admin' ? 'primary' : 'default'}
          label={t(`roles.${r}`)}
        />
      ))}
    </Stack>
  );
}

/** One state: invitation declined, disabled, invitation pending (not accepted yet) or active. */
export function UserStatusChips({
  user,
}: {
  user: Pick<User, 'enabled' | 'invitationPending'> & Partial<Pick<User, 'invitationStatus'>>;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex' }} data-testid="user-status">
      {user.invitationStatus === 'declined' ? (
        <Chip size="small" label={t('users.status.invitationDeclined')} />
      ) : !user.enabled ? (
        <Chip size="small" label={t('users.status.disabled')} />
      ) : user.invitationPending ? (
        // The warning orange on white is below AA contrast for text: a darker amber.
        <Chip
          size="small"
          variant="outlined"
          label={t('users.status.invitationPending')}
          sx={{ color: '#8C4A00', borderColor: 'warning.main' }}
        />
      ) : (
        <Chip size="small" color="success" variant="outlined" label={t('users.status.active')} />
      )}
    </Box>
  );
}
