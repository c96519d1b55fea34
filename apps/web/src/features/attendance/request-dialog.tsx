import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertTitle,
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  ListSubheader,
  MenuItem,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { DayPause, Justification, JustificationRequest, RequestWriteResult } from '@timbro/shared';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form/form-date-field';
import { FormTextField } from '../../components/form/form-text-field';
import { normalizeClock } from '../../components/time-slots/slot-rows';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useJustificationLookup } from '../../lib/queries/justification-lookup';
import { useUserLookup, type UserLookupItem } from '../../lib/queries/user-lookup';
import { useAuth } from '../../lib/auth/auth-context';
import { useSaveRequest, type RequestScope } from './api/save-request';
import { StatusChip } from './request-chip';
import { RequestBalance } from './request-balance';
import {
  emptyRequestForm,
  estimateUsage,
  formToPayload,
  REQUEST_FORM_FIELDS,
  REQUEST_LIMITS,
  REQUEST_MODES,
  requestFormSchema,
  requestToForm,
  type RequestFormValues,
} from './request-form';
import { describeRequest } from './request-text';

export interface RequestDialogProps {
  open: boolean;
  /** An employee's own request, or an admin filing for employees (approved at once). */
  scope: RequestScope;
  /** Editing this request (one date); otherwise a new one. */
  request?: JustificationRequest | null;
  /** Prefilled date (the day clicked in a calendar). */
  initialDate?: string | null;
  /** Admin: prefilled employees (the row of the admin calendar). */
  initialEmployees?: { id: string; name: string }[];
  /** The day's expected minutes, when known, to estimate what a whole day uses. */
  expectedMinutes?: number | null;
  /** The day's pauses, when known: a time range does not count them. */
  pauses?: readonly DayPause[];
  onClose(): void;
}

/** API field paths → form fields (the server names the time range in minutes). */
const SERVER_FIELDS: Record<string, keyof RequestFormValues> = { startsAtMinutes: 'start', endsAtMinutes: 'end' };

/**
 * "Nuova richiesta" / "Modifica richiesta": absence type (with its unit), whole day / time range / quantity, one date or
 * a period, certificate code where the type asks for one, note; the balance of the type and a live over-balance hint.
 * After saving: the server's warnings (over quota) as warnings, and whether it was approved or awaits approval.
 */
export function RequestDialog(props: RequestDialogProps) {
  // A fresh form for every opening (new date, other request).
  return props.open ? <RequestDialogContent {...props} /> : null;
}

function RequestDialogContent({
  scope,
  request,
  initialDate,
  initialEmployees,
  expectedMinutes,
  pauses = [],
  onClose,
}: RequestDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { current } = useAuth();
  const admin = scope === 'admin';
  const editing = !!request;
  const schema = useMemo(() => requestFormSchema(t, { admin }), [t, admin]);
  const justifications = useJustificationLookup();
  const people = useUserLookup(false);
  const save = useSaveRequest(scope);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<RequestWriteResult | null>(null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<RequestFormValues>({
    resolver: zodResolver(schema),
    defaultValues: request
      ? requestToForm(request)
      : emptyRequestForm({ date: initialDate, userInfoIds: initialEmployees?.map((e) => e.id) }),
  });
  const values = useWatch({ control }) as RequestFormValues;
  const justification =
    justifications.data?.find((j) => j.id === values.justificationId) ??
    (request ? ({ ...request.justification, requiresCertificate: false } as Justification) : undefined);
  const firstDate = values.multiDay ? values.startDate : values.date;
  // The balance is one person's: mine, or the one employee chosen by the admin.
  const balanceOwner = admin ? (values.userInfoIds.length === 1 ? values.userInfoIds[0]! : null) : null;
  const showBalance = !admin || balanceOwner !== null;
  const sameDay = !values.multiDay && values.date === initialDate;
  const requested = justification
    ? estimateUsage(values, justification.unit, sameDay ? (expectedMinutes ?? null) : null, sameDay ? pauses : [])
    : null;

  const submit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      setResult(await save.mutateAsync({ id: request?.id, payload: formToPayload(v, { admin, editing }) }));
    } catch (err) {
      let placed = false;
      for (const [path, message] of Object.entries(fieldErrors(err))) {
        const head = path.split('.')[0]!;
        let field = SERVER_FIELDS[head] ?? (REQUEST_FORM_FIELDS as readonly string[]).find((f) => f === head);
        if (field === 'date' && v.multiDay) field = 'startDate';
        if (field) {
          setError(field as Path<RequestFormValues>, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  const close = () => {
    if (!save.isPending) onClose();
  };

  if (result)
    return <RequestResult result={result} scope={scope} editing={editing} titleId={titleId} onClose={onClose} />;

  const grouped = groupJustifications(justifications.data ?? []);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="request-dialog">
      <DialogTitle id={titleId}>
        {editing ? t('requestDialog.editTitle') : admin ? t('requestDialog.adminTitle') : t('requestDialog.title')}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="request-approval-note">
            {admin
              ? t('requestDialog.adminNote')
              : current?.attendanceAutoApprove
                ? t('requestDialog.autoApproveNote')
                : t('requestDialog.approvalNote')}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="request-error">
              {failure}
            </Alert>
          )}
          <Stack spacing={2}>
            {admin && !editing && (
              <Controller
                control={control}
                name="userInfoIds"
                render={({ field, fieldState }) => {
                  const options = people.data ?? [];
                  const known = new Map([
                    ...(initialEmployees ?? []).map((e) => [e.id, { id: e.id, name: e.name, enabled: true }] as const),
                    ...options.map((o) => [o.id, o] as const),
                  ]);
                  const selected = field.value.map((id) => known.get(id)).filter((o): o is UserLookupItem => !!o);
                  return (
                    <Autocomplete<UserLookupItem, true>
                      multiple
                      options={options}
                      value={selected}
                      onChange={(_e, v) => field.onChange(v.map((o) => o.id))}
                      isOptionEqualToValue={(a, b) => a.id === b.id}
                      getOptionLabel={(o) => o.name}
                      filterSelectedOptions
                      loading={people.isLoading}
                      loadingText={t('common.loading')}
                      noOptionsText={t('requestDialog.noPeople')}
                      renderInput={(params) => (
                        <TextField
                          {...params}
                          required
                          inputRef={field.ref}
                          label={t('requestDialog.fields.employees')}
                          error={!!fieldState.error}
                          helperText={fieldState.error?.message ?? t('requestDialog.employeesHint')}
                          slotProps={{
                            ...params.slotProps,
                            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'request-employees' },
                          }}
                        />
                      )}
                    />
                  );
                }}
              />
            )}
            {admin && editing && request && (
              <Typography>
                <strong>{t('requestDialog.fields.employee')}:</strong> {request.employee.firstName}{' '}
                {request.employee.lastName}
              </Typography>
            )}
            <Controller
              control={control}
              name="justificationId"
              render={({ field: { ref, ...field }, fieldState }) => (
                <TextField
                  select
                  required
                  label={t('requestDialog.fields.justification')}
                  {...field}
                  inputRef={ref}
                  error={!!fieldState.error}
                  helperText={
                    fieldState.error?.message ??
                    (justification ? t(`requestDialog.unitHint.${justification.unit}`) : undefined)
                  }
                  slotProps={{
                    htmlInput: { 'data-testid': 'request-justification' },
                    select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 420 } } } } },
                  }}
                >
                  {grouped.flatMap(([group, items]) => [
                    <ListSubheader key={`g-${group}`}>{group || t('requestDialog.otherTypes')}</ListSubheader>,
                    ...items.map((j) => (
                      <MenuItem key={j.id} value={j.id}>
                        {j.name} ({t(`attendance.unitNames.${j.unit}`)})
                      </MenuItem>
                    )),
                  ])}
                  {request && !justifications.data?.some((j) => j.id === request.justification.id) && (
                    <MenuItem value={request.justification.id}>{request.justification.name}</MenuItem>
                  )}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <Box>
                  <Typography variant="body2" color="text.secondary" id={`${titleId}-mode`} sx={{ mb: 0.5 }}>
                    {t('requestDialog.fields.mode')}
                  </Typography>
                  <ToggleButtonGroup
                    exclusive
                    size="small"
                    color="primary"
                    value={field.value}
                    onChange={(_e, v: RequestFormValues['mode'] | null) => {
                      if (!v) return;
                      // A time range makes no sense for a quantity and vice versa: what the other mode left goes.
                      if (v !== 'range') {
                        setValue('start', '');
                        setValue('end', '');
                      }
                      if (v !== 'amount') setValue('amount', '');
                      field.onChange(v);
                    }}
                    aria-labelledby={`${titleId}-mode`}
                    sx={{ flexWrap: 'wrap' }}
                  >
                    {REQUEST_MODES.map((m) => (
                      <ToggleButton key={m} value={m} data-testid={`request-mode-${m}`}>
                        {t(`requestDialog.modes.${m}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
              )}
            />
            {!editing && (
              <Controller
                control={control}
                name="multiDay"
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(e) => {
                            field.onChange(e.target.checked);
                            if (e.target.checked && !values.startDate) setValue('startDate', values.date);
                            if (!e.target.checked && !values.date) setValue('date', values.startDate);
                          }}
                          slotProps={{ input: { 'aria-describedby': `${titleId}-period` } }}
                          data-testid="request-multi-day"
                        />
                      }
                      label={t('requestDialog.fields.multiDay')}
                    />
                    <FormHelperText id={`${titleId}-period`} sx={{ mt: 0 }}>
                      {t('requestDialog.periodHint')}
                    </FormHelperText>
                  </Box>
                )}
              />
            )}
            {values.multiDay && !editing ? (
              <Box
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' }}
              >
                <FormDateField
                  control={control}
                  name="startDate"
                  label={t('requestDialog.fields.startDate')}
                  required
                />
                <FormDateField control={control} name="endDate" label={t('requestDialog.fields.endDate')} required />
              </Box>
            ) : (
              <FormDateField control={control} name="date" label={t('requestDialog.fields.date')} required />
            )}
            {values.mode === 'range' && (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr', alignItems: 'start' }}>
                {(['start', 'end'] as const).map((name) => (
                  <Controller
                    key={name}
                    control={control}
                    name={name}
                    render={({ field: { ref, ...field }, fieldState }) => (
                      <TextField
                        {...field}
                        inputRef={ref}
                        required
                        label={t(`requestDialog.fields.${name}`)}
                        placeholder={t('requestDialog.timePlaceholder')}
                        onBlur={() => {
                          field.onChange(normalizeClock(field.value));
                          field.onBlur();
                        }}
                        error={!!fieldState.error}
                        helperText={fieldState.error?.message}
                        slotProps={{
                          htmlInput: {
                            inputMode: 'numeric',
                            dir: 'ltr',
                            maxLength: 5,
                            autoComplete: 'off',
                            'data-testid': `request-${name}`,
                          },
                        }}
                      />
                    )}
                  />
                ))}
              </Box>
            )}
            {values.mode === 'amount' && (
              <FormTextField
                control={control}
                name="amount"
                required
                label={t('requestDialog.fields.amount')}
                helperText={t('requestDialog.amountHint', { max: REQUEST_LIMITS.amountMax })}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', dir: 'ltr', maxLength: 6, 'data-testid': 'request-amount' },
                  input: {
                    endAdornment: justification ? (
                      <InputAdornment position="end">{t(`attendance.unitNames.${justification.unit}`)}</InputAdornment>
                    ) : undefined,
                  },
                }}
              />
            )}
            {justification?.requiresCertificate && (
              <FormTextField
                control={control}
                name="certificateCode"
                label={t('requestDialog.fields.certificateCode')}
                helperText={t('requestDialog.certificateHint')}
                transform={(v) => v.toUpperCase()}
                slotProps={{
                  htmlInput: {
                    maxLength: REQUEST_LIMITS.certificate,
                    dir: 'ltr',
                    'data-testid': 'request-certificate',
                  },
                }}
              />
            )}
            <FormTextField
              control={control}
              name="note"
              label={t('requestDialog.fields.note')}
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.note, 'data-testid': 'request-note' } }}
            />
            {justification && firstDate && /^\d{4}-\d{2}-\d{2}$/.test(firstDate) && showBalance && (
              <RequestBalance
                scope={scope}
                justification={justification}
                userInfoId={balanceOwner}
                date={firstDate}
                requested={requested}
                excludeRequestId={request?.id}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending || formState.isSubmitting}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="request-submit"
          >
            {editing ? t('common.save') : admin ? t('requestDialog.submitAdmin') : t('requestDialog.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );

  function groupJustifications(list: Justification[]): [string, Justification[]][] {
    const map = new Map<string, Justification[]>();
    for (const j of list) map.set(j.groupName ?? '', [...(map.get(j.groupName ?? '') ?? []), j]);
    return [...map.entries()];
  }
}

/** After saving: approved or awaiting approval, the rows written and the server's warnings (over quota). */
function RequestResult({
  result,
  scope,
  editing,
  titleId,
  onClose,
}: {
  result: RequestWriteResult;
  scope: RequestScope;
  editing: boolean;
  titleId: string;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const approved = result.items.length > 0 && result.items.every((r) => r.status === 'approved');
  const shown = result.items.slice(0, 8);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth data-testid="request-result">
      <DialogTitle id={titleId}>
        {editing ? t('requestDialog.result.updatedTitle') : t('requestDialog.result.title')}
      </DialogTitle>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            data-testid="request-result-status"
          >
            <StatusChip status={approved ? 'approved' : 'open'} />
            <Typography>
              {approved
                ? scope === 'admin'
                  ? t('requestDialog.result.approvedAdmin')
                  : t('requestDialog.result.approvedAuto')
                : t('requestDialog.result.pending')}
            </Typography>
          </Box>
          {result.items.length > 1 && (
            <Typography variant="body2">{t('requestDialog.result.count', { n: result.items.length })}</Typography>
          )}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {shown.map((r) => (
              <Typography component="li" variant="body2" key={r.id}>
                {formatDate(r.date, language)} · {r.justification.name} · {describeRequest(r, t, language)}
                {scope === 'admin' && ` · ${r.employee.firstName} ${r.employee.lastName}`}
              </Typography>
            ))}
            {result.items.length > shown.length && (
              <Typography component="li" variant="body2" color="text.secondary">
                {t('requestDialog.result.more', { n: result.items.length - shown.length })}
              </Typography>
            )}
          </Box>
          {result.warnings.length > 0 && (
            <Alert severity="warning" data-testid="request-warnings">
              <AlertTitle>{t('requestDialog.result.warningTitle')}</AlertTitle>
              {result.warnings.map((w, i) => (
                <Typography variant="body2" key={i} data-testid={`request-warning-${w.code}`}>
                  {w.message}
                </Typography>
              ))}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="request-result-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
