import { Alert } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth/auth-context';

/** The companies whose notice this person closed, per account, for this browser session. */
const storageKey = (userId: string) => `timbro.disabled-workspaces-notice.${userId}`;

function closedIds(userId: string | undefined): string[] {
  if (!userId) return [];
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Why a company is gone (ADR 0023): the companies the platform operator disabled where the person belongs
 * (`disabled_workspaces` of GET /user) give no access and are in no list, so the signed-in frame says so. Closed, it
 * stays closed for the session; a company disabled later shows again.
 */
export function DisabledWorkspacesNotice() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id;
  const [closed, setClosed] = useState(() => ({ userId, ids: closedIds(userId) }));
  // Another account signed in meanwhile: its own closed notices, not the previous one's.
  const ids = closed.userId === userId ? closed.ids : closedIds(userId);
  const shown = (user?.disabled_workspaces ?? []).filter((w) => !ids.includes(w.id));
  if (!userId || shown.length === 0) return null;

  const text =
    shown.length === 1
      ? t('workspace.disabledNotice.one', { name: shown[0]!.name })
      : t('workspace.disabledNotice.several', {
          names: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
            shown.map((w) => t('workspace.disabledNotice.quoted', { name: w.name })),
          ),
        });
  const close = () => {
    const next = [...ids, ...shown.map((w) => w.id)];
    try {
      sessionStorage.setItem(storageKey(userId), JSON.stringify(next));
    } catch {
      // Storage refused (private mode, quota): closed for this page only.
    }
    setClosed({ userId, ids: next });
  };

  return (
    <Alert
      severity="info"
      role="status"
      data-testid="disabled-workspaces-notice"
      onClose={close}
      closeText={t('common.close')}
      sx={{ mb: 2 }}
    >
      {text}
    </Alert>
  );
}
