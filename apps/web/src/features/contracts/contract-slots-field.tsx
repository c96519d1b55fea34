import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DateRangeOutlined from '@mui/icons-material/DateRangeOutlined';
import { Button, Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SlotGridEditor, type SlotRowErrors } from '../../components/time-slots/slot-grid-editor';
import type { SlotRow } from '../../components/time-slots/slot-rows';
import { ApplyDayTemplateDialog, ApplyWeekTemplateDialog } from '../../components/time-slots/apply-template-dialogs';
import type { ContractFormValues } from './schemas';

/** The contract's weekly slots: the grid editor, and the weekly / daily templates that fill it. */
export function ContractSlotsField({ control }: { control: Control<ContractFormValues> }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [dialog, setDialog] = useState<'week' | 'day' | null>(null);
  return (
    <Controller
      control={control}
      name="timeSlots"
      render={({ field, fieldState }) => {
        const rows = field.value as SlotRow[];
        const apply = (next: SlotRow[], name: string) => {
          field.onChange(next);
          setDialog(null);
          enqueueSnackbar(t('templates.apply.applied', { name }), { variant: 'success' });
        };
        return (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
              <Button
                variant="outlined"
                startIcon={<DateRangeOutlined />}
                onClick={() => setDialog('week')}
                data-testid="apply-week"
              >
                {t('templates.apply.week.button')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<ContentCopyOutlined />}
                onClick={() => setDialog('day')}
                data-testid="apply-day"
              >
                {t('templates.apply.day.button')}
              </Button>
            </Stack>
            <SlotGridEditor
              mode="week"
              rows={rows}
              onChange={field.onChange}
              errors={fieldState.error as SlotRowErrors}
              listError={fieldState.error?.message ?? fieldState.error?.root?.message}
              // The form focuses the first invalid field: here, the first slot field with an error.
              handleRef={field.ref}
            />
            <ApplyWeekTemplateDialog
              open={dialog === 'week'}
              rows={rows}
              onApply={apply}
              onClose={() => setDialog(null)}
            />
            <ApplyDayTemplateDialog
              open={dialog === 'day'}
              rows={rows}
              onApply={apply}
              onClose={() => setDialog(null)}
            />
          </>
        );
      }}
    />
  );
}
