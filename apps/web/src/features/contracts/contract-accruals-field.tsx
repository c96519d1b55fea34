import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Contract, Justification } from '@timbro/shared';
import { useEffect, useImperativeHandle, useMemo, useRef } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useJustificationLookup } from '../../lib/queries/justification-lookup';
import { CONTRACT_LIMITS, newRowKey, type ContractFormValues } from './schemas';

type Option = Pick<Justification, 'id' | 'code' | 'name' | 'unit'> & { unavailable?: boolean };
type Row = ContractFormValues['justificationAccruals'][number];
type RowErrors =
  | {
      readonly [index: number]:
        Partial<Record<'justificationId' | 'monthlyIncrease', { message?: string }>> | undefined;
    }
  | undefined;

/**
 * The contract's accruals: per absence type (unique), how much it earns a month, in the type's unit (hours or days).
 * The options are the usable types, plus those the contract already has even if since disabled.
 */
export function ContractAccrualsField({
  control,
  saved,
}: {
  control: Control<ContractFormValues>;
  saved?: Contract['justificationAccruals'];
}) {
  const lookup = useJustificationLookup();
  const options = useMemo<Option[]>(() => {
    const usable: Option[] = lookup.data ?? [];
    const kept = (saved ?? [])
      .filter((a) => !usable.some((u) => u.id === a.justificationId))
      .map((a) => ({ id: a.justificationId, code: a.code, name: a.name, unit: a.unit, unavailable: true }));
    return [...usable, ...kept];
  }, [lookup.data, saved]);
  return (
    <Controller
      control={control}
      name="justificationAccruals"
      render={({ field, fieldState }) => (
        <AccrualRows
          rows={field.value}
          onChange={field.onChange}
          errors={fieldState.error as RowErrors}
          options={options}
          handleRef={field.ref}
        />
      )}
    />
  );
}

function AccrualRows({
  rows,
  onChange,
  errors,
  options,
  handleRef,
}: {
  rows: Row[];
  onChange(rows: Row[]): void;
  errors: RowErrors;
  options: Option[];
  handleRef: (h: { focus(): void } | null) => void;
}) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const selects = useRef(new Map<string, { focus(): void }>());
  // The row field to focus once the rows that contain it are rendered (after adding or removing a row).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    (target === 'add'
      ? container.current?.querySelector<HTMLElement>('[data-testid="accrual-add"]')
      : selects.current.get(target)
    )?.focus();
    focusNext.current = null;
  }, [rows]);
  // The form focuses the first invalid field: here, the first row field with an error.
  useImperativeHandle(handleRef, () => ({
    focus: () =>
      setTimeout(
        () =>
          container.current
            ?.querySelector<HTMLElement>('.Mui-error[role="combobox"], .Mui-error input:not([aria-hidden="true"])')
            ?.focus(),
        0,
      ),
  }));

  const patch = (key: string, p: Partial<Row>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));
  const add = () => {
    const row = { key: newRowKey(), justificationId: '', monthlyIncrease: '' };
    focusNext.current = row.key;
    onChange([...rows, row]);
  };
  const remove = (i: number) => {
    const next = rows[i - 1] ?? rows[i + 1];
    focusNext.current = next ? next.key : 'add';
    onChange(rows.filter((_, j) => j !== i));
  };

  return (
    <Stack spacing={1.5} ref={container}>
      {rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('contracts.accruals.none')}
        </Typography>
      )}
      {rows.map((row, i) => {
        const option = options.find((o) => o.id === row.justificationId);
        const name = option ? option.name : t('contracts.accruals.rowLabel', { n: i + 1 });
        const error = errors?.[i];
        return (
          <Box
            key={row.key}
            role="group"
            aria-label={name}
            data-testid="accrual-row"
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr) 40px', sm: 'minmax(0, 2fr) minmax(180px, 1fr) 40px' },
            }}
          >
            <TextField
              select
              size="small"
              label={t('contracts.fields.justification')}
              value={options.some((o) => o.id === row.justificationId) ? row.justificationId : ''}
              onChange={(e) => patch(row.key, { justificationId: e.target.value })}
              error={!!error?.justificationId}
              helperText={error?.justificationId?.message}
              slotProps={{ htmlInput: { 'data-testid': 'accrual-justification' } }}
              // A select's input ref is a handle whose focus() focuses the select's button.
              inputRef={(el: { focus(): void } | null) => {
                if (el) selects.current.set(row.key, el);
                else selects.current.delete(row.key);
              }}
            >
              {options.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  <Box component="span" sx={{ fontFamily: 'monospace', color: 'text.secondary', mr: 1 }} dir="ltr">
                    {o.code}
                  </Box>
                  {o.name}
                  {o.unavailable ? ` ${t('contracts.accruals.unavailable')}` : ''}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('contracts.fields.monthlyIncrease')}
              value={row.monthlyIncrease}
              onChange={(e) => patch(row.key, { monthlyIncrease: e.target.value })}
              error={!!error?.monthlyIncrease}
              helperText={error?.monthlyIncrease?.message}
              sx={{ gridRow: { xs: 2, sm: 'auto' } }}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      {t(`contracts.accruals.perMonth.${option?.unit ?? 'none'}`)}
                    </InputAdornment>
                  ),
                },
                htmlInput: { inputMode: 'decimal', maxLength: 8, dir: 'ltr', 'data-testid': 'accrual-increase' },
              }}
            />
            <Tooltip title={t('contracts.accruals.remove')}>
              <IconButton
                onClick={() => remove(i)}
                color="error"
                aria-label={t('contracts.accruals.removeNamed', { name })}
                sx={{ mt: 0.25 }}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<Add />}
          onClick={add}
          disabled={rows.length >= CONTRACT_LIMITS.accruals}
          data-testid="accrual-add"
        >
          {t('contracts.accruals.add')}
        </Button>
      </Box>
    </Stack>
  );
}
