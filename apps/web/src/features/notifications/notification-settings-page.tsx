import RestartAlt from '@mui/icons-material/RestartAlt';
import { Box, Button, Skeleton, Tab, Tabs } from '@mui/material';
import type { CategorySetting } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailure } from '../../components/load-failure';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { useCan } from '../../lib/auth/use-can';
import { errorMessage } from '../../lib/error-message';
import {
  useNotificationSettings,
  useResetNotificationSettings,
  useSaveNotificationSettings,
  type SettingsScope,
} from './api/notification-settings';
import { CategorySettingsForm } from './category-settings-form';

/**
 * /admin/setting/notification: everyone's own channels per category (web, app, e-mail) in the active workspace; for
 * admins (settings:write) a second tab with the company's defaults, which apply to whoever chose nothing.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const canEditDefaults = useCan('settings:write');
  const [tab, setTab] = useState<SettingsScope>('own');
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard(dirty);
  const scope = canEditDefaults ? tab : 'own';
  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader title={t('notifications.settings.title')} subtitle={t('notifications.settings.subtitle')} />
      {canEditDefaults && (
        <Tabs
          value={tab}
          onChange={(_, next: SettingsScope) => guard.confirmLeave(() => setTab(next))}
          aria-label={t('notifications.settings.title')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 2 }}
        >
          {(['own', 'workspace'] as const).map((s) => (
            <Tab
              key={s}
              value={s}
              label={t(`notifications.settings.tabs.${s}`)}
              id={`notification-tab-${s}`}
              aria-controls={`notification-panel-${s}`}
              data-testid={`notification-tab-${s}`}
            />
          ))}
        </Tabs>
      )}
      <Box
        role={canEditDefaults ? 'tabpanel' : undefined}
        id={`notification-panel-${scope}`}
        aria-labelledby={canEditDefaults ? `notification-tab-${scope}` : undefined}
      >
        {/* Keyed: switching tabs starts the other form afresh (the guard asked first). */}
        <SettingsSection key={scope} scope={scope} onDirtyChange={setDirty} />
      </Box>
      {guard.dialog}
    </Box>
  );
}

function SettingsSection({ scope, onDirtyChange }: { scope: SettingsScope; onDirtyChange(dirty: boolean): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useNotificationSettings(scope);
  const save = useSaveNotificationSettings(scope);
  const { mutateAsync } = save;
  const onSave = useCallback(
    async (categories: CategorySetting[]) => {
      const saved = await mutateAsync({ categories });
      enqueueSnackbar(t(`notifications.settings.saved.${scope}`), { variant: 'success' });
      return saved;
    },
    [mutateAsync, enqueueSnackbar, t, scope],
  );
  return (
    <SectionCard
      title={t(`notifications.settings.section.${scope}.title`)}
      description={t(`notifications.settings.section.${scope}.description`)}
      testId={`notification-section-${scope}`}
    >
      {settings.isPending ? (
        <Skeleton variant="rounded" height={320} aria-label={t('common.loading')} />
      ) : settings.isError ? (
        <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <CategorySettingsForm
          scope={scope}
          settings={settings.data}
          onSave={onSave}
          onDirtyChange={onDirtyChange}
          extraActions={
            scope === 'own' && <ResetToCompany disabled={!settings.data.categories.some((c) => c.source === 'own')} />
          }
        />
      )}
    </SectionCard>
  );
}

/** "Ripristina le impostazioni dell’azienda": forgets the person's choices, after a confirmation. */
function ResetToCompany({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const reset = useResetNotificationSettings();
  return (
    <>
      <Button
        startIcon={<RestartAlt />}
        onClick={() => {
          reset.reset();
          setOpen(true);
        }}
        disabled={disabled}
        data-testid="notification-settings-reset"
      >
        {t('notifications.settings.reset.action')}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('notifications.settings.reset.title')}
        body={t('notifications.settings.reset.body')}
        confirmLabel={t('notifications.settings.reset.confirm')}
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, t('errors.generic')) : null}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setOpen(false);
              enqueueSnackbar(t('notifications.settings.reset.done'), { variant: 'success' });
            },
          })
        }
        testId="notification-reset-dialog"
      />
    </>
  );
}
