import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mui/material';
import type { JustificationGroup } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form/form-dialog';
import { FormSwitchField } from '../../components/form/form-switch-field';
import { FormTextField } from '../../components/form/form-text-field';
import { useGuardedDialogForm } from '../../components/form/use-dialog-form';
import { useSaveJustificationGroup } from './api/save-justification';
import { groupFormSchema, groupPayload, groupToForm, JUSTIFICATION_NAME_MAX, type GroupFormValues } from './schemas';

/** New / edit absence-type group: name, one line in summaries (summarizeable), disabled. */
export function GroupDialog({ group, onClose }: { group: JustificationGroup | null; onClose(): void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveJustificationGroup(group?.id ?? null);
  const schema = useMemo(() => groupFormSchema(t), [t]);
  // Closing with changes asks first, as leaving the page does.
  const form = useGuardedDialogForm<GroupFormValues>({
    resolver: zodResolver(schema),
    defaultValues: groupToForm(group),
    serverFields: ['name', 'disabled', 'summarizeable'],
    onClose,
  });
  const submit = form.submitWith(async (v) => {
    const saved = await save.mutateAsync(groupPayload(v));
    enqueueSnackbar(t(group ? 'justifications.groups.saved' : 'justifications.groups.created', { name: saved.name }), {
      variant: 'success',
    });
  });

  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      title={group ? t('justifications.groups.editTitle', { name: group.name }) : t('justifications.groups.newTitle')}
      testId="group-dialog"
      contentSx={{ pt: 1 }}
      submitLabel={group ? t('common.save') : t('justifications.groups.create')}
      submitTestId="group-submit"
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={form.control}
          name="name"
          label={t('justifications.groups.fields.name')}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: JUSTIFICATION_NAME_MAX, 'data-testid': 'group-name' } }}
        />
        {(['summarizeable', 'disabled'] as const).map((name) => (
          <FormSwitchField
            key={name}
            control={form.control}
            name={name}
            label={t(`justifications.groups.${name}Label`)}
            hint={t(`justifications.groups.${name}Hint`)}
            testId={`group-${name}`}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
