import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import type { Contract } from '@timbro/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form/form-date-field';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { serverSlotErrors, sortRows, type SlotRow } from '../../components/time-slots/slot-rows';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import type { ContractPayload } from './api/save-contract';
import { ContractAccrualsField } from './contract-accruals-field';
import { ContractSlotsField } from './contract-slots-field';
import { CONTRACT_FORM_FIELDS, CONTRACT_LIMITS, CONTRACT_TYPES, contractFormSchema, contractToForm, emptyContractForm, formToPayload, WORKER_TYPES, type ContractFormValues } from './schemas';

interface Props {
  /** The saved contract when editing. */
  contract?: Contract;
  employeeName: string;
  /** Shown above the form (e.g. "first contract" guidance). */
  banner?: ReactNode;
  submitLabel: string;
  onSubmit(payload: ContractPayload): Promise<void>;
  onCancel(): void;
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/**
 * The contract form (new and edit): type and worker type (fixed once saved), qualification, period, accruals and the
 * weekly time slots. Client checks mirror the server's; its answers land on their fields, rows and slots, and an
 * overlap with another contract (409) also shows above the form.
 */
export function ContractForm({ contract, employeeName, banner, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const editing = !!contract;
  const schema = useMemo(() => contractFormSchema(t), [t]);
  const { control, handleSubmit, setError, getValues, formState } = useForm<ContractFormValues>({
    resolver: zodResolver(schema),
    defaultValues: contract ? contractToForm(contract) : emptyContractForm(),
  });
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const [failure, setFailure] = useState<string | null>(null);
  const permanent = useWatch({ control, name: 'permanent' });
  const type = useWatch({ control, name: 'type' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(formToPayload(values));
    } catch (err) {
      // Slot errors name the slot's index in the body, which lists the slots by weekday.
      const sent = sortRows(getValues('timeSlots') as SlotRow[]);
      const slots = serverSlotErrors(fieldErrors(err), 'timeSlots', sent);
      const rows = getValues('timeSlots') as SlotRow[];
      for (const e of slots.rows) setError(`timeSlots.${rows.findIndex((r) => r.key === sent[e.index]!.key)}.${e.field}` as Path<ContractFormValues>, { type: 'server', message: e.message });
      const onFields = applyServerErrors(err, setError, CONTRACT_FORM_FIELDS.filter((f) => f !== 'timeSlots'));
      if (slots.list) setError('timeSlots', { type: 'server', message: slots.list });
      const conflict = err instanceof ApiError && err.status === 409;
      if (conflict || (!onFields && slots.rows.length === 0 && !slots.list)) setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={submitLabel} data-testid="contract-form">
      {banner}
      {failure && (
        <Alert severity="error" role="alert" data-testid="contract-form-error">
          {failure}
        </Alert>
      )}

      <SectionCard title={t('contracts.form.sections.contract')}>
        <Box sx={grid}>
          <Controller
            control={control}
            name="type"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField select required label={t('contracts.fields.type')} {...field} inputRef={ref} error={!!fieldState.error} helperText={fieldState.error?.message ?? (type ? t(`contracts.typeHints.${type}`) : undefined)} slotProps={{ htmlInput: { 'data-testid': 'contract-type' } }}>
                {CONTRACT_TYPES.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`contracts.types.${v}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Controller
            control={control}
            name="workerType"
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                select
                required
                label={t('contracts.fields.workerType')}
                {...field}
                inputRef={ref}
                disabled={editing}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? (editing ? t('contracts.form.workerTypeLocked') : t('contracts.form.workerTypeHint'))}
                slotProps={{ htmlInput: { 'data-testid': 'contract-worker-type' } }}
              >
                {WORKER_TYPES.map((v) => (
                  <MenuItem key={v} value={v}>
                    {t(`contracts.workerTypes.${v}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField control={control} name="qualification" label={t('contracts.fields.qualification')} helperText={t('contracts.form.qualificationHint')} autoComplete="off" slotProps={{ htmlInput: { maxLength: CONTRACT_LIMITS.qualification } }} />
          <FormTextField control={control} name="ccnlLevel" label={t('contracts.fields.ccnlLevel')} helperText={t('contracts.form.ccnlHint')} autoComplete="off" slotProps={{ htmlInput: { maxLength: CONTRACT_LIMITS.ccnlLevel } }} />
          <FormTextField control={control} name="description" label={t('contracts.fields.description')} multiline minRows={2} autoComplete="off" sx={{ gridColumn: { sm: '1 / -1' } }} slotProps={{ htmlInput: { maxLength: CONTRACT_LIMITS.description } }} />
        </Box>
      </SectionCard>

      <SectionCard title={t('contracts.form.sections.period')} description={t('contracts.form.periodHint', { name: employeeName })}>
        <Box sx={{ ...grid, alignItems: 'start' }}>
          <FormDateField control={control} name="startsAt" label={t('contracts.fields.startsAt')} required />
          <Controller
            control={control}
            name="permanent"
            render={({ field }) => (
              <FormControlLabel
                sx={{ justifySelf: 'start', mt: 1 }}
                control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ref: field.ref, 'data-testid': 'contract-permanent' } as object }} />}
                label={t('contracts.fields.permanent')}
              />
            )}
          />
          {!permanent && <FormDateField control={control} name="endsAt" label={t('contracts.fields.endsAt')} required helperText={t('contracts.form.endsAtHint')} />}
        </Box>
      </SectionCard>

      <SectionCard title={t('contracts.form.sections.slots')} description={t('contracts.form.slotsHint')}>
        <ContractSlotsField control={control} />
      </SectionCard>

      <SectionCard title={t('contracts.form.sections.accruals')} description={t('contracts.form.accrualsHint')}>
        <ContractAccrualsField control={control} saved={contract?.justificationAccruals} />
      </SectionCard>

      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting}
          startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="contract-form-submit"
        >
          {submitLabel}
        </Button>
      </Box>
      {leaveGuard.dialog}
    </Stack>
  );
}
