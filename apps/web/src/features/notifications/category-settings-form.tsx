import LockOutlined from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { CategorySetting, CategorySettingView, NotificationSettings } from '@timbro/shared';
import { NOTIFICATION_TYPES, type NotificationType } from '@timbro/shared/notifications';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hasUnsavedChanges } from '../../components/unsaved-changes-guard';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import type { SettingsScope } from './api/notification-settings';
import { ChannelSwitch, EmailSelect, SourceChip } from './category-settings-fields';

export interface SettingsFormValues {
  categories: CategorySetting[];
}

export const valuesOf = (settings: NotificationSettings): SettingsFormValues => ({
  categories: settings.categories.map(({ category, web, app, email }) => ({ category, web, app, email })),
});

/** The rows that differ from what was loaded, locked ones aside: only those become a choice (the rest keep theirs). */
export function changedCategories(values: SettingsFormValues, initial: NotificationSettings): CategorySetting[] {
  return values.categories.filter((c, i) => {
    const was = initial.categories[i];
    return !was?.locked && (c.web !== was?.web || c.app !== was?.app || c.email !== was?.email);
  });
}

const typesOf = (category: string) =>
  (Object.entries(NOTIFICATION_TYPES) as [NotificationType, { category: string }][])
    .filter(([, rule]) => rule.category === category)
    .map(([type]) => type);

interface Props {
  scope: SettingsScope;
  settings: NotificationSettings;
  /** Saves the changed categories; resolves with the new state, rejects with the server's refusal. */
  onSave(categories: CategorySetting[]): Promise<NotificationSettings>;
  /** Whether the form holds unsaved changes (the page asks before leaving). */
  onDirtyChange(dirty: boolean): void;
  /** Buttons beside "Salva" (the own page's "Ripristina…"). */
  extraActions?: ReactNode;
}

/**
 * One row per category: Web and App switches, the e-mail mode, and where the values come from. A locked category
 * (account security) is shown on and disabled, with the reason. "Salva" sends only the categories changed here.
 */
export function CategorySettingsForm({ scope, settings, onSave, onDirtyChange, extraActions }: Props) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, reset, setError, formState } = useForm<SettingsFormValues>({
    defaultValues: valuesOf(settings),
  });
  const unsaved = hasUnsavedChanges(formState);
  useEffect(() => onDirtyChange(unsaved), [unsaved, onDirtyChange]);
  // A new state from outside (the reset to the company's settings, another tab's save) replaces the form's values.
  useEffect(() => reset(valuesOf(settings)), [settings, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const categories = changedCategories(values, settings);
    if (categories.length === 0) return;
    try {
      await onSave(categories);
    } catch (err) {
      // The server names the field by its place in the body: categories.<i>.<field>, i among those sent.
      let placed = false;
      for (const [path, message] of Object.entries(fieldErrors(err))) {
        const [, at, field] = /^categories\.(\d+)\.?(web|app|email)?/.exec(path) ?? [];
        const row = settings.categories.findIndex((c) => c.category === categories[Number(at)]?.category);
        if (at === undefined || row === -1) continue;
        setError(`categories.${row}.${(field ?? 'email') as 'email'}`, { type: 'server', message });
        placed = true;
      }
      if (!placed) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  const name = (c: CategorySettingView) => t(`notifications.categories.${c.category}`);
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate data-testid={`notification-settings-${scope}`}>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <TableContainer>
        <Table size="small" aria-label={t(`notifications.settings.tableLabel.${scope}`)}>
          <TableHead>
            <TableRow>
              <TableCell>{t('notifications.settings.columns.category')}</TableCell>
              <TableCell align="center">{t('notifications.settings.columns.web')}</TableCell>
              <TableCell align="center">{t('notifications.settings.columns.app')}</TableCell>
              <TableCell>{t('notifications.settings.columns.email')}</TableCell>
              <TableCell>{t('notifications.settings.columns.source')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {settings.categories.map((c, i) => {
              const reasonId = `notification-locked-${scope}-${c.category}`;
              const describedBy = c.locked ? reasonId : undefined;
              return (
                <TableRow key={c.category} data-testid={`category-${c.category}`}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 220 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {name(c)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {typesOf(c.category)
                        .map((type) => t(`notifications.types.${type}`))
                        .join(' · ')}
                    </Typography>
                    {c.locked && (
                      <Typography
                        id={reasonId}
                        variant="caption"
                        component="p"
                        sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start', mt: 0.5 }}
                        data-testid="locked-reason"
                      >
                        <LockOutlined sx={{ fontSize: 14, mt: 0.25 }} aria-hidden />
                        {t('notifications.settings.lockedReason')}
                      </Typography>
                    )}
                  </TableCell>
                  {(['web', 'app'] as const).map((channel) => (
                    <TableCell key={channel} align="center">
                      <ChannelSwitch
                        control={control}
                        index={i}
                        channel={channel}
                        label={t('notifications.settings.channelOf', {
                          channel: t(`notifications.settings.columns.${channel}`),
                          category: name(c),
                        })}
                        disabled={c.locked}
                        describedBy={describedBy}
                      />
                    </TableCell>
                  ))}
                  <TableCell sx={{ minWidth: 200 }}>
                    <EmailSelect
                      control={control}
                      index={i}
                      label={t('notifications.settings.channelOf', {
                        channel: t('notifications.settings.columns.email'),
                        category: name(c),
                      })}
                      disabled={c.locked}
                      describedBy={describedBy}
                    />
                  </TableCell>
                  <TableCell>
                    <SourceChip scope={scope} setting={c} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isDirty || formState.isSubmitting}
          startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={`notification-settings-${scope}-save`}
        >
          {t(`notifications.settings.save.${scope}`)}
        </Button>
        {extraActions}
      </Box>
    </Stack>
  );
}
