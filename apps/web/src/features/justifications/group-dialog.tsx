import { zodResolver } from '@hookform/resolvers/zod';
import { Box, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import type { JustificationGroup } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useId, useMemo } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form/form-dialog';
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
        <GroupSwitch
          control={form.control}
          name="summarizeable"
          label={t('justifications.groups.summarizeableLabel')}
          hint={t('justifications.groups.summarizeableHint')}
        />
        <GroupSwitch
          control={form.control}
          name="disabled"
          label={t('justifications.groups.disabledLabel')}
          hint={t('justifications.groups.disabledHint')}
        />
      </Stack>
    </FormDialog>
  );
}

function GroupSwitch(props: {
  control: Control<GroupFormValues>;
  name: 'disabled' | 'summarizeable';
  label: string;
  hint: string;
}) {
  const hintId = useId();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={field.value}
                onChange={(e) => field.onChange(e.target.checked)}
                slotProps={{
                  input: { ref: field.ref, 'aria-describedby': hintId, 'data-testid': `group-${props.name}` } as object,
                }}
              />
            }
            label={props.label}
          />
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ ml: 7 }}>
            {props.hint}
          </Typography>
        </Box>
      )}
    />
  );
}
