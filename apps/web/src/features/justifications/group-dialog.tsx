import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import type { JustificationGroup } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import { hasUnsavedChanges, useUnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { errorMessage } from '../../lib/error-message';
import { useSaveJustificationGroup } from './api/save-justification';
import { groupFormSchema, groupPayload, groupToForm, JUSTIFICATION_NAME_MAX, type GroupFormValues } from './schemas';

/** New / edit absence-type group: name, one line in summaries (summarizeable), disabled. */
export function GroupDialog({ group, onClose }: { group: JustificationGroup | null; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveJustificationGroup(group?.id ?? null);
  const schema = useMemo(() => groupFormSchema(t), [t]);
  const { control, handleSubmit, setError, formState } = useForm<GroupFormValues>({
    resolver: zodResolver(schema),
    defaultValues: groupToForm(group),
  });
  // Closing with changes asks first, as leaving the page does.
  const leaveGuard = useUnsavedChangesGuard(hasUnsavedChanges(formState));
  const close = () => leaveGuard.confirmLeave(onClose);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(groupPayload(v));
      enqueueSnackbar(
        t(group ? 'justifications.groups.saved' : 'justifications.groups.created', { name: saved.name }),
        { variant: 'success' },
      );
      onClose();
    } catch (err) {
      if (!applyServerErrors(err, setError, ['name', 'disabled', 'summarizeable']))
        setFailure(errorMessage(err, t('errors.generic')));
    }
  });

  return (
    <Dialog
      open
      onClose={() => !formState.isSubmitting && close()}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="group-dialog"
    >
      <DialogTitle id={titleId}>
        {group ? t('justifications.groups.editTitle', { name: group.name }) : t('justifications.groups.newTitle')}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <DialogContent sx={{ pt: 1 }}>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="name"
              label={t('justifications.groups.fields.name')}
              required
              autoComplete="off"
              slotProps={{ htmlInput: { maxLength: JUSTIFICATION_NAME_MAX, 'data-testid': 'group-name' } }}
            />
            <GroupSwitch
              control={control}
              name="summarizeable"
              label={t('justifications.groups.summarizeableLabel')}
              hint={t('justifications.groups.summarizeableHint')}
            />
            <GroupSwitch
              control={control}
              name="disabled"
              label={t('justifications.groups.disabledLabel')}
              hint={t('justifications.groups.disabledHint')}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="group-submit"
          >
            {group ? t('common.save') : t('justifications.groups.create')}
          </Button>
        </DialogActions>
      </Box>
      {leaveGuard.dialog}
    </Dialog>
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
