import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import type { Contract } from '@timbro/shared';
import { useMemo, type ReactNode } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../components/form/form-date-field';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { serverSlotErrors, sortRows, type SlotRow } from '../../components/time-slots/slot-rows';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import type { ContractPayload } from './api/save-contract';
import { ContractAccrualsField } from './contract-accruals-field';
import { ContractSlotsField } from './contract-slots-field';
import {
  CONTRACT_FORM_FIELDS,
  CONTRACT_LIMITS,
  CONTRACT_TYPES,
  contractFormSchema,
  contractToForm,
  emptyContractForm,
  formToPayload,
  WORKER_TYPES,
  type ContractFormValues,
} from './schemas';
import { FormShell, useFormScaffold } from '../../components/form/form-page';
import { FormSelectField } from '../../components/form/form-select-field';

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
  const form = useFormScaffold<ContractFormValues>({
    resolver: zodResolver(schema),
    defaultValues: contract ? contractToForm(contract) : emptyContractForm(),
    serverFields: CONTRACT_FORM_FIELDS,
    onServerError: (err, { getValues, setError }) => {
      // Slot errors name the slot's index in the body, which lists the slots by weekday.
      const sent = sortRows(getValues('timeSlots') as SlotRow[]);
      const slots = serverSlotErrors(fieldErrors(err), 'timeSlots', sent);
      const rows = getValues('timeSlots') as SlotRow[];
      for (const e of slots.rows)
        setError(
          `timeSlots.${rows.findIndex((r) => r.key === sent[e.index]!.key)}.${e.field}` as Path<ContractFormValues>,
          { type: 'server', message: e.message },
        );
      const onFields = applyServerErrors(
        err,
        setError,
        CONTRACT_FORM_FIELDS.filter((f) => f !== 'timeSlots'),
      );
      if (slots.list) setError('timeSlots', { type: 'server', message: slots.list });
      const conflict = err instanceof ApiError && err.status === 409;
      return conflict || (!onFields && slots.rows.length === 0 && !slots.list)
        ? errorMessage(err, t('errors.generic'))
        : null;
    },
  });
  const { control } = form;
  const permanent = useWatch({ control, name: 'permanent' });

  const submit = form.submitWith((values) => onSubmit(formToPayload(values)));

  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={submitLabel}
      testId="contract-form"
      failureTestId="contract-form-error"
      banner={banner}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <SectionCard title={t('contracts.form.sections.contract')}>
        <Box sx={grid}>
          <FormSelectField
            control={control}
            name="type"
            required
            label={t('contracts.fields.type')}
            options={CONTRACT_TYPES.map((v) => ({ value: v, label: t(`contracts.types.${v}`) }))}
            hint={(value) => (value ? t(`contracts.typeHints.${value}`) : undefined)}
            slotProps={{ htmlInput: { 'data-testid': 'contract-type' } }}
          />
          <FormSelectField
            control={control}
            name="workerType"
            required
            label={t('contracts.fields.workerType')}
            options={WORKER_TYPES.map((v) => ({ value: v, label: t(`contracts.workerTypes.${v}`) }))}
            disabled={editing}
            helperText={editing ? t('contracts.form.workerTypeLocked') : t('contracts.form.workerTypeHint')}
            slotProps={{ htmlInput: { 'data-testid': 'contract-worker-type' } }}
          />
          <FormTextField
            control={control}
            name="qualification"
            label={t('contracts.fields.qualification')}
            helperText={t('contracts.form.qualificationHint')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CONTRACT_LIMITS.qualification } }}
          />
          <FormTextField
            control={control}
            name="ccnlLevel"
            label={t('contracts.fields.ccnlLevel')}
            helperText={t('contracts.form.ccnlHint')}
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: CONTRACT_LIMITS.ccnlLevel } }}
          />
          <FormTextField
            control={control}
            name="description"
            label={t('contracts.fields.description')}
            multiline
            minRows={2}
            autoComplete="off"
            sx={{ gridColumn: { sm: '1 / -1' } }}
            slotProps={{ htmlInput: { maxLength: CONTRACT_LIMITS.description } }}
          />
        </Box>
      </SectionCard>

      <SectionCard
        title={t('contracts.form.sections.period')}
        description={t('contracts.form.periodHint', { name: employeeName })}
      >
        <Box sx={{ ...grid, alignItems: 'start' }}>
          <FormDateField control={control} name="startsAt" label={t('contracts.fields.startsAt')} required />
          <FormSwitchField
            control={control}
            name="permanent"
            label={t('contracts.fields.permanent')}
            testId="contract-permanent"
            sx={{ justifySelf: 'start', mt: 1 }}
          />
          {!permanent && (
            <FormDateField
              control={control}
              name="endsAt"
              label={t('contracts.fields.endsAt')}
              required
              helperText={t('contracts.form.endsAtHint')}
            />
          )}
        </Box>
      </SectionCard>

      <SectionCard title={t('contracts.form.sections.slots')} description={t('contracts.form.slotsHint')}>
        <ContractSlotsField control={control} />
      </SectionCard>

      <SectionCard title={t('contracts.form.sections.accruals')} description={t('contracts.form.accrualsHint')}>
        <ContractAccrualsField control={control} saved={contract?.justificationAccruals} />
      </SectionCard>
    </FormShell>
  );
}
