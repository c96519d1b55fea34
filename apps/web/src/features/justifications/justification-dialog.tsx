import { zodResolver } from '@hookform/resolvers/zod';
import { Box, MenuItem, Stack, TextField } from '@mui/material';
import type { Justification } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form/form-dialog';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormTextField } from '../../components/form/form-text-field';
import { useGuardedDialogForm } from '../../components/form/use-dialog-form';
import { useJustificationGroups } from './api/get-justifications';
import { useSaveJustification } from './api/save-justification';
import {
  IMPACTS,
  JUSTIFICATION_NAME_MAX,
  justificationFormSchema,
  justificationPayload,
  justificationToForm,
  UNITS,
  type JustificationFormValues,
} from './schemas';
import { ChoiceField } from './justification-fields';

const FIELDS = ['code', 'name', 'impact', 'unit', 'enabled', 'groupId', 'requiresCertificate', 'payrollCode'] as const;

/** New / edit absence type, in a dialog over the table. Types are never deleted: "Attivo" off hides them from requests. */
export function JustificationDialog({
  justification,
  onClose,
}: {
  justification: Justification | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const groups = useJustificationGroups();
  const save = useSaveJustification(justification?.id ?? null);
  const schema = useMemo(() => justificationFormSchema(t), [t]);
  // Closing with changes asks first, as leaving the page does.
  const form = useGuardedDialogForm<JustificationFormValues>({
    resolver: zodResolver(schema),
    defaultValues: justificationToForm(justification),
    serverFields: FIELDS,
    onClose,
  });
  const title = justification
    ? t('justifications.form.editTitle', { name: justification.name })
    : t('justifications.form.newTitle');

  const submit = form.submitWith(async (v) => {
    const saved = await save.mutateAsync(justificationPayload(v));
    enqueueSnackbar(
      t(justification ? 'justifications.form.saved' : 'justifications.form.created', { name: saved.name }),
      { variant: 'success' },
    );
  });

  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      title={title}
      testId="justification-dialog"
      contentSx={{ pt: 1 }}
      submitLabel={justification ? t('common.save') : t('justifications.form.create')}
      submitTestId="justification-submit"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, alignItems: 'start' }}>
          <FormTextField
            control={form.control}
            name="code"
            label={t('justifications.fields.code')}
            required
            autoComplete="off"
            helperText={t('justifications.form.codeHint')}
            transform={(v) => v.toUpperCase()}
            slotProps={{ htmlInput: { maxLength: 10, dir: 'ltr', 'data-testid': 'justification-code' } }}
          />
          <FormTextField
            control={form.control}
            name="name"
            label={t('justifications.fields.name')}
            required
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: JUSTIFICATION_NAME_MAX, 'data-testid': 'justification-name' } }}
          />
        </Box>
        <ChoiceField
          control={form.control}
          name="impact"
          label={t('justifications.fields.impact')}
          options={IMPACTS.map((v) => ({
            value: v,
            label: t(`justifications.impactLong.${v}`),
            hint: t(`justifications.impactHints.${v}`),
          }))}
        />
        <ChoiceField
          control={form.control}
          name="unit"
          label={t('justifications.fields.unit')}
          row
          options={UNITS.map((v) => ({ value: v, label: t(`justifications.units.${v}`) }))}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, alignItems: 'start' }}>
          <Controller
            control={form.control}
            name="groupId"
            render={({ field: { ref, ...field } }) => (
              <TextField
                select
                label={t('justifications.fields.group')}
                {...field}
                value={groups.data?.some((g) => g.id === field.value) ? field.value : ''}
                inputRef={ref}
                slotProps={{ htmlInput: { 'data-testid': 'justification-group' } }}
              >
                <MenuItem value="">
                  <em>{t('justifications.noGroup')}</em>
                </MenuItem>
                {(groups.data ?? []).map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {g.disabled ? t('justifications.groupDisabled', { name: g.name }) : g.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField
            control={form.control}
            name="payrollCode"
            label={t('justifications.fields.payrollCode')}
            autoComplete="off"
            helperText={t('justifications.form.payrollHint')}
            transform={(v) => v.toUpperCase()}
            slotProps={{ htmlInput: { maxLength: 4, dir: 'ltr' } }}
          />
        </Box>
        <FormSwitchField
          control={form.control}
          name="enabled"
          label={t('justifications.form.enabled')}
          hint={t('justifications.form.enabledHint')}
          testId="justification-enabled"
        />
        <FormSwitchField
          control={form.control}
          name="requiresCertificate"
          label={t('justifications.form.certificate')}
          hint={t('justifications.form.certificateHint')}
        />
      </Stack>
    </FormDialog>
  );
}
