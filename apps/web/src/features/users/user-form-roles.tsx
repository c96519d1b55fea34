import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useId, type ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import { AUTO_APPROVE_VALUES, ROLE_VALUES, type UserFormValues } from './schemas';

/**
 * Roles and approval: the roles (the employee role stays once saved, `memberLocked`) and how the person's requests
 * are approved.
 */
export function UserRolesSection({
  control,
  memberLocked,
}: {
  control: Control<UserFormValues>;
  memberLocked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('users.form.sections.roles')} description={t('users.form.sections.rolesHint')}>
      <Stack spacing={3}>
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={!!fieldState.error} required data-testid="field-roles">
              <FormLabel component="legend">{t('users.fields.roles')}</FormLabel>
              <FormGroup>
                {ROLE_VALUES.map((role) => {
                  const locked = role === 'member' && memberLocked;
                  return (
                    <RoleOption
                      key={role}
                      label={t(`roles.${role}`)}
                      description={t(`users.form.roleHints.${role}`)}
                      checked={field.value.includes(role)}
                      disabled={locked}
                      inputRef={role === ROLE_VALUES[0] ? field.ref : undefined}
                      onChange={(checked) =>
                        field.onChange(checked ? [...field.value, role] : field.value.filter((r) => r !== role))
                      }
                      testId={`role-${role}`}
                    />
                  );
                })}
              </FormGroup>
              {memberLocked && <FormHelperText error={false}>{t('users.form.memberLocked')}</FormHelperText>}
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <AutoApproveField control={control} />
      </Stack>
    </SectionCard>
  );
}

function RoleOption(props: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange(checked: boolean): void;
  inputRef?: React.Ref<HTMLInputElement>;
  testId: string;
}) {
  const descriptionId = useId();
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', mb: 1 }}
      control={
        <Checkbox
          checked={props.checked}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.checked)}
          slotProps={{
            input: { ref: props.inputRef, 'aria-describedby': descriptionId, 'data-testid': props.testId } as object,
          }}
          sx={{ mt: -0.75 }}
        />
      }
      label={
        <Box>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {props.label}
          </Typography>
          <Typography id={descriptionId} variant="body2" color="text.secondary">
            {props.description}
          </Typography>
        </Box>
      }
    />
  );
}

function AutoApproveField({ control }: { control: Control<UserFormValues> }) {
  const { t } = useTranslation();
  const { workspaces, workspaceId } = useAuth();
  const workspace = workspaces.find((w) => w.id === workspaceId);
  const labelId = useId();
  const companySetting = workspace?.attendance_auto_approve_request
    ? t('users.autoApprove.automatic')
    : t('users.autoApprove.admin_approval');
  const hints: Record<(typeof AUTO_APPROVE_VALUES)[number], ReactNode> = {
    default: t('users.autoApprove.defaultHint', { setting: companySetting.toLowerCase() }),
    admin_approval: t('users.autoApprove.admin_approvalHint'),
    automatic: t('users.autoApprove.automaticHint'),
  };
  return (
    <Controller
      control={control}
      name="attendanceAutoApproveRequest"
      render={({ field }) => (
        <FormControl component="fieldset">
          <FormLabel component="legend" id={labelId}>
            {t('users.fields.autoApprove')}
          </FormLabel>
          <RadioGroup
            aria-labelledby={labelId}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            name={field.name}
          >
            {AUTO_APPROVE_VALUES.map((v) => (
              <FormControlLabel
                key={v}
                value={v}
                sx={{ alignItems: 'flex-start', mb: 1 }}
                control={
                  <Radio sx={{ mt: -0.75 }} slotProps={{ input: { 'data-testid': `auto-approve-${v}` } as object }} />
                }
                label={
                  <Box>
                    <Typography component="span" sx={{ fontWeight: 500 }}>
                      {t(`users.autoApprove.${v}`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {hints[v]}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
