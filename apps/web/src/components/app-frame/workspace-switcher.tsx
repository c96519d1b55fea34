import { Box, MenuItem, Select, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-context';
import { errorMessage } from '../../lib/error-message';
import { WorkspaceLogo } from './workspace-logo';

/** Header control: the active workspace; switching reloads the data of the new one. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { workspaces, workspaceId, switchWorkspace } = useAuth();
  if (workspaces.length === 0) return null;
  const active = workspaces.find((w) => w.id === workspaceId) ?? workspaces[0]!;
  if (workspaces.length === 1) {
    return (
      <Typography
        variant="body2"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, opacity: 0.9, minWidth: 0 }}
        data-testid="workspace-name"
      >
        <WorkspaceLogo squareLogo={active.square_logo} />
        {/* bdi: a Latin name keeps its own direction in Arabic ("Demo S.r.l.", not ".Demo S.r.l"). */}
        <Box component="bdi" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {workspaces[0]!.name}
        </Box>
      </Typography>
    );
  }
  return (
    <Select
      size="small"
      value={workspaceId ?? ''}
      onChange={(e) => {
        void switchWorkspace(String(e.target.value))
          .then(() => {
            enqueueSnackbar(t('workspace.switched'), { variant: 'info' });
            // The home route of the new workspace (the user's roles may differ there).
            void navigate('/');
          })
          .catch((err) => enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' }));
      }}
      inputProps={{ 'aria-label': t('workspace.label') }}
      data-testid="workspace-switcher"
      startAdornment={
        <Box sx={{ display: 'flex', mr: 1 }}>
          <WorkspaceLogo squareLogo={active.square_logo} />
        </Box>
      }
      sx={{
        color: 'inherit',
        // On a phone it shrinks (the name ends in "…") so the controls after it stay on screen.
        minWidth: { xs: 0, sm: 200 },
        maxWidth: { xs: 200, sm: 320 },
        flexShrink: 1,
        '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.4)' },
        '.MuiSvgIcon-root': { color: 'inherit' },
      }}
    >
      {workspaces.map((w) => (
        <MenuItem key={w.id} value={w.id}>
          <bdi>{w.name}</bdi>
        </MenuItem>
      ))}
    </Select>
  );
}
