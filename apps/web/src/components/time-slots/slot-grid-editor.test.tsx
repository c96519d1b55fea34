import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { i18n } from '../../i18n/i18n';
import { SlotGridEditor, type SlotRowErrors } from './slot-grid-editor';
import { normalizeClock, rowsToSlots, slotListSchema, slotToRow, type SlotRow } from './slot-rows';

const user = userEvent.setup({ delay: null });
const t = i18n.t.bind(i18n);

const slot = (weekday: number, start: number, end: number, pause: [number, number] | null = null) =>
  slotToRow({
    weekday,
    startsAtMinutes: start,
    endsAtMinutes: end,
    pauseStartsAtMinutes: pause?.[0] ?? null,
    pauseEndsAtMinutes: pause?.[1] ?? null,
    description: null,
    descriptionColorRgb: null,
  });

/** The editor in a real form, validated by the same schema as the contract form; `onSubmit` sees the API slots. */
function Harness({
  initial = [],
  onSubmit = () => {},
}: {
  initial?: SlotRow[];
  onSubmit?: (slots: ReturnType<typeof rowsToSlots>) => void;
}) {
  const { control, handleSubmit } = useForm<{ timeSlots: SlotRow[] }>({
    resolver: zodResolver(z.object({ timeSlots: slotListSchema(t) })),
    defaultValues: { timeSlots: initial },
  });
  return (
    <form onSubmit={handleSubmit((v) => onSubmit(rowsToSlots(v.timeSlots)))} noValidate>
      <Controller
        control={control}
        name="timeSlots"
        render={({ field, fieldState }) => (
          <SlotGridEditor
            mode="week"
            rows={field.value}
            onChange={field.onChange}
            errors={fieldState.error as SlotRowErrors}
            listError={fieldState.error?.message}
            handleRef={field.ref}
          />
        )}
      />
      <button type="submit">Salva</button>
    </form>
  );
}

const total = () => screen.getByTestId('slot-total-value').textContent;
const dayTotal = (weekday: number) => screen.getByTestId(`slot-day-total-${weekday}`).textContent;

describe('time-slot grid editor', { timeout: 60_000 }, () => {
  it('lists the week from Monday, with per-day and weekly totals that follow the typing (pauses excluded)', async () => {
    render(<Harness initial={[slot(1, 540, 1080, [780, 840]), slot(2, 540, 780), slot(2, 840, 1080)]} />);
    const days = screen.getAllByRole('group').filter((g) => g.dataset.testid?.startsWith('slot-day-'));
    expect(days.map((d) => d.getAttribute('aria-label'))).toEqual([
      'Lunedì',
      'Martedì',
      'Mercoledì',
      'Giovedì',
      'Venerdì',
      'Sabato',
      'Domenica',
    ]);
    expect(dayTotal(1)).toBe('08:00 ore');
    expect(dayTotal(2)).toBe('08:00 ore');
    expect(dayTotal(7)).toBe('00:00 ore');
    expect(total()).toBe('16:00 ore');
    expect(within(screen.getByTestId('slot-day-7')).getByText('Riposo')).toBeInTheDocument();

    // Shortening Tuesday's afternoon to 17:00 updates both totals at once.
    const end = screen.getByLabelText('Martedì, fascia 2: Fine');
    await user.clear(end);
    await user.type(end, '17:00');
    expect(dayTotal(2)).toBe('07:00 ore');
    expect(total()).toBe('15:00 ore');
  });

  it('is usable from the keyboard: add focuses the new start, times are normalized, remove moves the focus back, Enter never submits', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    const addWednesday = screen.getByRole('button', { name: 'Aggiungi una fascia a Mercoledì' });
    addWednesday.focus();
    await user.keyboard('{Enter}');
    const start = screen.getByLabelText('Mercoledì, fascia 1: Inizio');
    expect(start).toHaveFocus();
    await user.keyboard('9');
    await user.tab();
    expect(screen.getByLabelText('Mercoledì, fascia 1: Fine')).toHaveFocus();
    expect(start).toHaveValue('09:00');
    await user.keyboard('1330{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.tab();
    expect(screen.getByLabelText('Mercoledì, fascia 1: Fine')).toHaveValue('13:30');
    expect(dayTotal(3)).toBe('04:30 ore');

    // A second slot, then remove it with the keyboard: the focus returns to the first slot.
    screen.getByRole('button', { name: 'Aggiungi una fascia a Mercoledì' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Mercoledì, fascia 2: Inizio')).toHaveFocus();
    screen.getByRole('button', { name: 'Rimuovi Mercoledì, fascia 2' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByLabelText('Mercoledì, fascia 2: Inizio')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mercoledì, fascia 1: Inizio')).toHaveFocus();
    // Removing the last slot of the day focuses the day's add button.
    screen.getByRole('button', { name: 'Rimuovi Mercoledì, fascia 1' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Aggiungi una fascia a Mercoledì' })).toHaveFocus();
    expect(total()).toBe('00:00 ore');
  });

  it('an empty week is refused: at least one slot', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Inserisci almeno una fascia oraria')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  /** A week with an overlap (Monday), an end before the start (Tuesday), a pause outside and a bad colour (Wednesday). */
  const invalidWeek = () => [slot(1, 540, 780), slot(1, 720, 1080), slot(2, 600, 540), slot(3, 540, 1080, [480, 600])];

  it('shows the server rules in Italian: overlap, end before start, pause outside, colour', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} initial={invalidWeek()} />);
    await user.type(screen.getByLabelText('Mercoledì, fascia 1: Colore'), '#12345');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const monday2 = screen.getByRole('group', { name: 'Lunedì, fascia 2' });
    expect(
      await within(monday2).findByText('Inizio: Si sovrappone alla fascia 09:00–13:00 dello stesso giorno'),
    ).toBeInTheDocument();
    expect(within(monday2).getByLabelText('Lunedì, fascia 2: Inizio')).toHaveAttribute('aria-invalid', 'true');
    expect(
      within(screen.getByRole('group', { name: 'Martedì, fascia 1' })).getByText(
        "Fine: L'orario di fine deve essere dopo quello di inizio",
      ),
    ).toBeInTheDocument();
    const wednesday = screen.getByRole('group', { name: 'Mercoledì, fascia 1' });
    expect(
      within(wednesday).getByText("Inizio pausa: La pausa deve essere completa e compresa nell'orario"),
    ).toBeInTheDocument();
    expect(within(wednesday).getByText('Colore: Il colore non è valido (formato #RRGGBB)')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    // The first invalid field gets the focus.
    expect(screen.getByLabelText('Lunedì, fascia 2: Inizio')).toHaveFocus();
  });

  it('once fixed, the week is saved: touching slots do not overlap, 24:00 is a valid end', async () => {
    const onSubmit = vi.fn();
    render(<Harness onSubmit={onSubmit} initial={invalidWeek()} />);
    const start = screen.getByLabelText('Lunedì, fascia 2: Inizio');
    await user.clear(start);
    await user.type(start, '13:00');
    await user.click(screen.getByRole('button', { name: 'Rimuovi Martedì, fascia 1' }));
    await user.click(screen.getByRole('button', { name: 'Rimuovi Mercoledì, fascia 1' }));
    await user.click(screen.getByRole('button', { name: 'Aggiungi una fascia a Domenica' }));
    await user.keyboard('20{Tab}24');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSubmit).toHaveBeenCalledWith([
      {
        weekday: 1,
        startsAtMinutes: 540,
        endsAtMinutes: 780,
        pauseStartsAtMinutes: null,
        pauseEndsAtMinutes: null,
        description: null,
        descriptionColorRgb: null,
      },
      {
        weekday: 1,
        startsAtMinutes: 780,
        endsAtMinutes: 1080,
        pauseStartsAtMinutes: null,
        pauseEndsAtMinutes: null,
        description: null,
        descriptionColorRgb: null,
      },
      {
        weekday: 7,
        startsAtMinutes: 1200,
        endsAtMinutes: 1440,
        pauseStartsAtMinutes: null,
        pauseEndsAtMinutes: null,
        description: null,
        descriptionColorRgb: null,
      },
    ]);
  });

  it('reads what people type as hh:mm', () => {
    expect(['9', '930', '0930', '9.30', '9:3', '24', '13,15', 'boh'].map(normalizeClock)).toEqual([
      '09:00',
      '09:30',
      '09:30',
      '09:30',
      '09:30',
      '24:00',
      '13:15',
      'boh',
    ]);
  });
});

/** A controlled editor outside any form (the daily-template mode). */
function DayEditor() {
  const [rows, setRows] = useState<SlotRow[]>([]);
  return <SlotGridEditor mode="day" rows={rows} onChange={setRows} />;
}

describe('daily mode', () => {
  it('has one day without weekday names and a daily total', async () => {
    render(<DayEditor />);
    expect(screen.getByText('Totale della giornata')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aggiungi fascia' }));
    expect(screen.getByLabelText('Fascia 1: Inizio')).toHaveFocus();
    await user.keyboard('8{Tab}12');
    await user.tab();
    expect(total()).toBe('04:00 ore');
    expect(screen.queryByText('Lunedì')).not.toBeInTheDocument();
  });
});
