import LockOutlined from '@mui/icons-material/LockOutlined';
import { Chip, FormControl, FormHelperText, MenuItem, Select, Switch } from '@mui/material';
import type { CategorySettingView } from '@timbro/shared';
import { EMAIL_MODES } from '@timbro/shared/notifications';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SettingsScope } from './api/notification-settings';
import type { SettingsFormValues } from './category-settings-form';

// The cells of one category's row in the settings table (category-settings-form.tsx): its controls are named by
// channel and category ("Web: Cedolini"), and a locked category's are described by the reason.

interface FieldProps {
  control: Control<SettingsFormValues>;
  index: number;
  label: string;
  disabled: boolean;
  describedBy?: string;
}

export function ChannelSwitch({
  control,
  index,
  channel,
  label,
  disabled,
  describedBy,
}: FieldProps & { channel: 'web' | 'app' }) {
  return (
    <Controller
      control={control}
      name={`categories.${index}.${channel}`}
      render={({ field: { value, onChange, ref, ...field }, fieldState }) => (
        <>
          <Switch
            {...field}
            checked={value}
            onChange={(e) => onChange(e.target.checked)}
            disabled={disabled}
            slotProps={{ input: { ref, 'aria-label': label, 'aria-describedby': describedBy } as object }}
          />
          {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
        </>
      )}
    />
  );
}

export function EmailSelect({ control, index, label, disabled, describedBy }: FieldProps) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={`categories.${index}.email`}
      render={({ field: { ref, ...field }, fieldState }) => (
        <FormControl size="small" fullWidth error={!!fieldState.error} disabled={disabled}>
          <Select {...field} inputRef={ref} inputProps={{ 'aria-label': label, 'aria-describedby': describedBy }}>
            {EMAIL_MODES.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {t(`notifications.settings.email.${mode}`)}
              </MenuItem>
            ))}
          </Select>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** Where the values in force come from: the person's choice, the company's default, or the product's standard. */
export function SourceChip({ scope, setting }: { scope: SettingsScope; setting: CategorySettingView }) {
  const { t } = useTranslation();
  if (setting.locked)
    return (
      <Chip
        size="small"
        icon={<LockOutlined />}
        label={t('notifications.settings.source.locked')}
        data-testid="category-source"
      />
    );
  return (
    <Chip
      size="small"
      variant={setting.source === 'default' ? 'outlined' : 'filled'}
      color={
        setting.source === 'own' || (scope === 'workspace' && setting.source === 'workspace') ? 'primary' : 'default'
      }
      label={t(`notifications.settings.source.${scope}.${setting.source}`)}
      data-testid="category-source"
    />
  );
}
