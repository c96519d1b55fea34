import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { PlatformWorkspace } from './api/get-platform-workspaces';
import type { WorkspaceStateAction } from './api/set-workspace-state';

const DISABLE_EFFECTS = [
  'effectAccess',
  'effectList',
  'effectInvitations',
  'effectNotice',
  'effectQuiet',
  'effectData',
] as const;

export interface WorkspaceStateDialogProps {
  target: { workspace: PlatformWorkspace; action: WorkspaceStateAction } | null;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** "Disattiva" / "Riattiva" asks first, saying what it does to the company's people (and that no data is lost). */
export function WorkspaceStateDialog({ target, busy, error, onConfirm, onClose }: WorkspaceStateDialogProps) {
  const { t } = useTranslation();
  const name = target?.workspace.name ?? '';
  const disabling = target?.action !== 'enable';
  return (
    <ConfirmDialog
      open={!!target}
      title={t(disabling ? 'platform.disable.title' : 'platform.enable.title', { name })}
      body={
        disabling ? (
          <>
            <Typography variant="body2">{t('platform.disable.intro')}</Typography>
            <Box component="ul" sx={{ m: 0, mt: 1, paddingInlineStart: 3 }}>
              {DISABLE_EFFECTS.map((key) => (
                <Typography component="li" variant="body2" key={key} sx={{ mb: 0.5 }}>
                  {t(`platform.disable.${key}`)}
                </Typography>
              ))}
            </Box>
          </>
        ) : (
          t('platform.enable.body')
        )
      }
      confirmLabel={t(disabling ? 'platform.disable.confirm' : 'platform.enable.confirm')}
      tone={disabling ? 'error' : 'primary'}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="workspace-state-dialog"
    />
  );
}
