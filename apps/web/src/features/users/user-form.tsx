import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertTitle,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { User } from '@timbro/shared';
import { isValidCodiceFiscale, normalizeCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import dayjs from 'dayjs';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DateLocalization } from '../../components/data/date-localization';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import { useGroupLookup } from '../../lib/queries/group-lookup';
import { useSearchUnbound } from './api/search-unbound';
import { userDetailPath } from './user-list-page';
import {
  AUTO_APPROVE_VALUES,
  emptyUserForm,
  LIMITS,
  ROLE_VALUES,
  USER_FORM_FIELDS,
  userFormSchema,
  userToForm,
  type UserFormValues,
} from './schemas';
import { useCan } from '../../lib/auth/use-can';
import { FormShell, useFormScaffold } from '../../components/form/form-page';

export interface UserFormSubmit {
  values: UserFormValues;
}

interface Props {
  /** The saved record when editing; absent for a new employee. */
  user?: User;
  submitLabel: string;
  onSubmit(data: UserFormSubmit): Promise<void>;
  onCancel(): void;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;
/** Read-only fields look it: a tinted background, so they are not mistaken for editable ones. */
const readOnlySx = (readOnly: boolean): Record<string, { bgcolor: string }> =>
  readOnly ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : {};

/**
 * The employee form (new and edit): account, roles and approval, employee info, groups. Client checks mirror the
 * server's; the server's field errors land on their fields, anything else shows above the form.
 */
export function UserForm({ user, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const editing = !!user;
  const schema = useMemo(() => userFormSchema(t, { editing }), [t, editing]);
  const form = useFormScaffold<UserFormValues>({
    resolver: zodResolver(schema),
    defaultValues: user ? userToForm(user) : emptyUserForm,
    serverFields: USER_FORM_FIELDS,
  });
  const { control } = form;
  // Records the admin set aside ("Continua comunque"): hidden, and left out of the next search.
  const [dismissed, setDismissed] = useState<string[]>([]);
  const roles = useWatch({ control, name: 'roles' });
  const fiscalCode = useWatch({ control, name: 'fiscalCode' });
  const isEmployee = roles.includes('member');
  const memberLocked = !!user?.roles.includes('member');
  // The login e-mail is the person's: the workspace may only correct it before they ever logged in (ADR 0015).
  const emailLocked = editing && !user.loginEmailEditable;

  // New employee: a valid fiscal code may already have a record here that is not active (an invitation pending or
  // declined). The search never looks at other companies or at platform accounts.
  const normalized = normalizeCodiceFiscale(fiscalCode ?? '');
  const searchable = !editing && isValidCodiceFiscale(normalized) ? normalized : null;
  const unbound = useSearchUnbound(searchable, dismissed);
  const found = searchable ? (unbound.data ?? []).filter((p) => !dismissed.includes(p.id)) : [];

  const submit = form.submitWith((values) => onSubmit({ values }));

  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={submitLabel}
      testId="user-form"
      failureTestId="user-form-error"
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <SectionCard
        title={t('users.form.sections.account')}
        description={editing ? t('users.form.sections.accountEditHint') : t('users.form.sections.accountHint')}
      >
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="fiscalCode"
            label={t('auth.fields.fiscalCode')}
            required
            autoComplete="off"
            helperText={editing ? t('users.form.fiscalCodeLocked') : t('users.form.fiscalCodeHint')}
            transform={(v) => v.toUpperCase().replace(/\s+/g, '')}
            slotProps={{
              htmlInput: {
                readOnly: editing,
                maxLength: 16,
                dir: 'ltr',
                style: { textTransform: 'uppercase', fontFamily: 'monospace', letterSpacing: 1 },
                'data-testid': 'field-fiscalCode',
              },
              input: {
                endAdornment: unbound.isFetching ? (
                  <CircularProgress size={18} aria-label={t('common.loading')} />
                ) : undefined,
              },
            }}
            sx={{ gridColumn: { sm: '1 / -1' }, maxWidth: { sm: 'calc(50% - 8px)' }, ...readOnlySx(editing) }}
          />
          {!editing && found.length > 0 && (
            <Alert severity="info" sx={{ gridColumn: '1 / -1' }} data-testid="unbound-found">
              <AlertTitle>{t('users.existing.title')}</AlertTitle>
              {found.map((p) => (
                <Stack
                  key={p.id}
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ alignItems: { sm: 'center' }, mt: 0.5 }}
                >
                  <Typography variant="body2" sx={{ flexGrow: 1 }}>
                    {t(p.invitationStatus === 'declined' ? 'users.existing.declined' : 'users.existing.pending', {
                      name: `${p.firstName} ${p.lastName}`,
                    })}{' '}
                    <Box component="span" dir="ltr" sx={{ fontWeight: 500 }}>
                      {p.emailHint}
                    </Box>
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ alignSelf: 'flex-start', flexShrink: 0 }}>
                    <Button
                      size="small"
                      variant="contained"
                      component={RouterLink}
                      to={userDetailPath(p.id)}
                      data-testid="open-existing"
                    >
                      {t('users.existing.open')}
                    </Button>
                    <Button
                      size="small"
                      color="inherit"
                      onClick={() => setDismissed((d) => [...d, p.id])}
                      data-testid="dismiss-unbound"
                    >
                      {t('users.existing.dismiss')}
                    </Button>
                  </Stack>
                </Stack>
              ))}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="firstName"
            label={t('auth.fields.firstName')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
          />
          <FormTextField
            control={control}
            name="lastName"
            label={t('auth.fields.lastName')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
          />
          <FormTextField
            control={control}
            name="email"
            type="email"
            label={t('users.fields.email')}
            required
            autoComplete="off"
            helperText={
              emailLocked
                ? t('users.form.emailLocked')
                : editing
                  ? t('users.form.emailCorrectHint')
                  : t('users.form.emailHint')
            }
            slotProps={{
              htmlInput: { readOnly: emailLocked, maxLength: LIMITS.email, dir: 'ltr', 'data-testid': 'field-email' },
            }}
            sx={{ gridColumn: { sm: '1 / -1' }, ...readOnlySx(emailLocked) }}
          />
        </Box>
      </SectionCard>

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

      <SectionCard
        title={t('users.form.sections.employee')}
        description={isEmployee ? t('users.form.sections.employeeRequiredHint') : t('users.form.sections.employeeHint')}
      >
        <Box sx={grid}>
          <FormTextField
            control={control}
            name="workEmail"
            type="email"
            label={t('users.fields.workEmail')}
            required={isEmployee}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: LIMITS.email } }}
          />
          <FormTextField
            control={control}
            name="pec"
            type="email"
            label={t('users.fields.pec')}
            required={isEmployee}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: LIMITS.email } }}
          />
          <FormTextField
            control={control}
            name="phoneNumber"
            type="tel"
            label={t('users.fields.phoneNumber')}
            autoComplete="off"
            helperText={t('users.form.phoneHint')}
            slotProps={{ htmlInput: { dir: 'ltr', maxLength: LIMITS.phone } }}
          />
          <FormTextField
            control={control}
            name="iban"
            label={t('users.fields.iban')}
            autoComplete="off"
            slotProps={{ htmlInput: { dir: 'ltr', maxLength: LIMITS.iban, style: { textTransform: 'uppercase' } } }}
          />
          <FormTextField
            control={control}
            name="homeAddress"
            label={t('users.fields.homeAddress')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: LIMITS.address } }}
            sx={{ gridColumn: { sm: '1 / -1' } }}
          />
          <Controller
            control={control}
            name="birthday"
            render={({ field, fieldState }) => (
              <DateLocalization>
                <DatePicker
                  label={t('users.fields.birthday')}
                  value={field.value && field.value !== 'invalid' ? dayjs(field.value) : null}
                  onChange={(d) => field.onChange(d ? (d.isValid() ? d.format('YYYY-MM-DD') : 'invalid') : null)}
                  disableFuture
                  openTo="year"
                  views={['year', 'month', 'day']}
                  inputRef={field.ref}
                  slotProps={{
                    textField: {
                      fullWidth: true,
                      name: field.name,
                      onBlur: field.onBlur,
                      error: !!fieldState.error,
                      helperText: fieldState.error?.message,
                    },
                    field: { clearable: true },
                  }}
                />
              </DateLocalization>
            )}
          />
          <FormTextField
            control={control}
            name="birthplace"
            label={t('users.fields.birthplace')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: LIMITS.birthplace } }}
          />
        </Box>
      </SectionCard>

      <SectionCard title={t('users.form.sections.groups')} description={t('users.form.sections.groupsHint')}>
        <GroupsField control={control} />
      </SectionCard>
    </FormShell>
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

function AutoApproveField({ control }: { control: ReturnType<typeof useForm<UserFormValues>>['control'] }) {
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

function GroupsField({ control }: { control: ReturnType<typeof useForm<UserFormValues>>['control'] }) {
  const { t } = useTranslation();
  const groups = useGroupLookup();
  const options = groups.data ?? [];
  const canCreateGroup = useCan('group:write');
  return (
    <Controller
      control={control}
      name="groups"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={options}
          value={field.value}
          onChange={(_e, value) => field.onChange(value.map((g) => ({ id: g.id, name: g.name })))}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          getOptionLabel={(g) => g.name}
          loading={groups.isLoading}
          loadingText={t('common.loading')}
          noOptionsText={
            options.length === 0 && canCreateGroup ? (
              <span>
                {t('users.form.noGroups')}{' '}
                <Link component={RouterLink} to={paths.adminGroupNew}>
                  {t('groups.actions.new')}
                </Link>
              </span>
            ) : (
              t('users.form.noGroupOptions')
            )
          }
          filterSelectedOptions
          renderValue={(value, getItemProps) =>
            value.map((g, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={g.name} {...itemProps} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={t('users.fields.groups')}
              placeholder={field.value.length === 0 ? t('users.form.groupsPlaceholder') : undefined}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-groups' },
              }}
            />
          )}
        />
      )}
    />
  );
}
