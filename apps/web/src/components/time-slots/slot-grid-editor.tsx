import Add from '@mui/icons-material/Add';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { Fragment, useEffect, useImperativeHandle, useRef, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { SlotRowFields } from './slot-row-fields';
import { emptySlot, formatMinutes, slotTotals, WEEKDAYS, type SlotField, type SlotRow } from './slot-rows';

/** What react-hook-form reports for an array field: per row, per field, a message. */
export type SlotRowErrors =
  { readonly [index: number]: Partial<Record<SlotField, { message?: string }>> | undefined } | undefined;

export interface SlotGridEditorHandle {
  /** Focuses the first field with an error (after the errors rendered), else the first field. */
  focus(): void;
}

interface Props {
  rows: SlotRow[];
  onChange(rows: SlotRow[]): void;
  /** `week`: Monday … Sunday, each with 0..n slots; `day`: the slots of one day (a daily template). */
  mode: 'week' | 'day';
  errors?: SlotRowErrors;
  /** A message about the whole list ("at least one slot"). */
  listError?: string;
  readOnly?: boolean;
  handleRef?: Ref<SlotGridEditorHandle>;
}

/**
 * The time-slot grid: per weekday its slots (start, end, pause, description, colour), per-day totals and the weekly
 * total, live. Keyboard: every field is labelled with its day and slot, "Aggiungi fascia" focuses the new slot's start,
 * removing a slot moves the focus to the previous one (or the day's add button), Enter never submits the form.
 */
export function SlotGridEditor({ rows, onChange, mode, errors, listError, readOnly = false, handleRef }: Props) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const fields = useRef(new Map<string, HTMLElement>());
  // The field to focus once the rows that contain it are rendered (after adding or removing a slot).
  const focusNext = useRef<string | null>(null);
  const totals = slotTotals(rows);
  const days = mode === 'week' ? WEEKDAYS : ([1] as const);

  useEffect(() => {
    if (!focusNext.current) return;
    fields.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  }, [rows]);

  useImperativeHandle(handleRef, () => ({
    focus: () =>
      setTimeout(() => {
        const target =
          container.current?.querySelector<HTMLElement>('input[aria-invalid="true"]') ??
          container.current?.querySelector<HTMLElement>('input, button');
        target?.focus();
      }, 0),
  }));

  const register = (id: string) => (el: HTMLElement | null) => {
    if (el) fields.current.set(id, el);
    else fields.current.delete(id);
  };

  const add = (weekday: number) => {
    const row = emptySlot(weekday);
    const last = rows.findLastIndex((r) => r.weekday <= weekday);
    focusNext.current = `${row.key}:start`;
    onChange([...rows.slice(0, last + 1), row, ...rows.slice(last + 1)]);
  };

  const remove = (row: SlotRow) => {
    const sameDay = rows.filter((r) => r.weekday === row.weekday);
    const previous = sameDay[sameDay.indexOf(row) - 1] ?? sameDay[sameDay.indexOf(row) + 1];
    focusNext.current = previous ? `${previous.key}:start` : `add:${row.weekday}`;
    onChange(rows.filter((r) => r.key !== row.key));
  };

  const patch = (key: string, p: Partial<SlotRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...p } : r)));

  // Enter in a slot field would submit the whole form: here it does nothing.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
  };

  return (
    <Box ref={container} onKeyDown={onKeyDown} data-testid="slot-grid">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 1.5 }}
        aria-live="polite"
        data-testid="slot-total"
      >
        <Typography component="span" sx={{ fontWeight: 500 }}>
          {mode === 'week' ? t('timeSlots.weeklyTotal') : t('timeSlots.dailyTotal')}
        </Typography>
        <Typography component="span" variant="h6" data-testid="slot-total-value">
          {t('timeSlots.hours', { time: formatMinutes(totals.week) })}
        </Typography>
      </Stack>
      {listError && (
        <Alert severity="error" sx={{ mb: 1.5 }} data-testid="slot-list-error">
          {listError}
        </Alert>
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {days.map((weekday, dayIndex) => {
          const dayRows = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.weekday === weekday);
          const dayName = mode === 'week' ? t(`timeSlots.weekdays.${weekday}`) : t('timeSlots.theDay');
          return (
            <Fragment key={weekday}>
              {dayIndex > 0 && <Divider />}
              <Box
                role="group"
                aria-label={mode === 'week' ? dayName : undefined}
                data-testid={`slot-day-${weekday}`}
                sx={{
                  display: 'grid',
                  gap: { xs: 1, md: 2 },
                  gridTemplateColumns: { xs: '1fr', md: mode === 'week' ? '132px 1fr' : '1fr' },
                  p: { xs: 1.5, md: 2 },
                }}
              >
                {mode === 'week' && (
                  <Box
                    sx={{
                      display: 'flex',
                      flexDirection: { xs: 'row', md: 'column' },
                      gap: { xs: 1, md: 0 },
                      alignItems: { xs: 'baseline', md: 'flex-start' },
                    }}
                  >
                    <Typography sx={{ fontWeight: 500 }}>{dayName}</Typography>
                    <Typography variant="body2" color="text.secondary" data-testid={`slot-day-total-${weekday}`}>
                      {t('timeSlots.hours', { time: formatMinutes(totals.day(weekday)) })}
                    </Typography>
                  </Box>
                )}
                <Stack spacing={1.5} sx={{ minWidth: 0 }}>
                  {dayRows.length === 0 && (
                    <Typography variant="body2" color="text.secondary" sx={{ pt: { md: 0.5 } }}>
                      {mode === 'week' ? t('timeSlots.dayOff') : t('timeSlots.noSlots')}
                    </Typography>
                  )}
                  {dayRows.map(({ row, index }, n) => {
                    const label =
                      mode === 'week'
                        ? t('timeSlots.slotLabel', { day: dayName, n: n + 1 })
                        : t('timeSlots.slotLabelDay', { n: n + 1 });
                    return (
                      <SlotRowFields
                        key={row.key}
                        row={row}
                        label={label}
                        error={(field) => errors?.[index]?.[field]?.message}
                        readOnly={readOnly}
                        onChange={(p) => patch(row.key, p)}
                        onRemove={() => remove(row)}
                        register={(field, el) => register(`${row.key}:${field}`)(el)}
                      />
                    );
                  })}
                  {!readOnly && (
                    <Box>
                      <Button
                        size="small"
                        startIcon={<Add />}
                        onClick={() => add(weekday)}
                        ref={register(`add:${weekday}`)}
                        aria-label={
                          mode === 'week' ? t('timeSlots.actions.addTo', { day: dayName }) : t('timeSlots.actions.add')
                        }
                        data-testid={`slot-add-${weekday}`}
                      >
                        {t('timeSlots.actions.add')}
                      </Button>
                    </Box>
                  )}
                </Stack>
              </Box>
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
