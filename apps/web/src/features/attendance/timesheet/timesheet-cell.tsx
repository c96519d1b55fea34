import { Box, Popper, type SxProps, type Theme } from '@mui/material';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState, type FocusEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Duration } from '../duration';
import { formatMinutes } from '../format';
import type { CalendarCell } from '../calendar/month-grid';
import { BALANCE_COLOR, DAY_TINT } from '../status';
import type { Metric, TimesheetCell, TimesheetPerson } from './timesheet-model';

/**
 * The timesheet's cells: one day of one employee, the chosen figure, the four figures (expected, worked, justified,
 * balance) in its accessible name and in a tooltip; activating it (click, Enter, Space) opens the day's explanation.
 *
 * A page holds up to 50 × 31 of them, so each is a plain button styled once by the grid's container (`cellsSx`), with
 * no per-cell component, hook or style sheet, and one tooltip for the whole grid (`useCellTooltip`) instead of one per
 * cell: rendering the page took ~2 s of main-thread time with a MUI ButtonBase and Tooltip in every cell (issue 17's
 * Lighthouse figures).
 */

/** Styles of every cell, set once on the element that holds the grid. */
export const cellsSx: SxProps<Theme> = (theme) => ({
  '& .ts-cell': {
    appearance: 'none',
    border: 0,
    margin: 0,
    padding: 0,
    font: 'inherit',
    color: theme.palette.text.primary,
    background: 'transparent',
    cursor: 'pointer',
    boxSizing: 'border-box',
    width: '100%',
    height: '100%',
    minHeight: 44,
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: '0.75rem',
    fontVariantNumeric: 'tabular-nums',
    borderInlineEnd: `1px solid ${theme.palette.divider}`,
    outline: 'none',
    '&[data-tint="holiday"]': { backgroundColor: DAY_TINT.holiday },
    '&[data-tint="rest"]': { backgroundColor: DAY_TINT.rest },
    '&:hover, &:focus-visible': { boxShadow: `inset 0 0 0 2px ${theme.palette.primary.main}` },
  },
  '& .ts-fig': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  '& .ts-fig[data-sign="+"]': { color: BALANCE_COLOR.positive },
  '& .ts-fig[data-sign="-"]': { color: BALANCE_COLOR.negative },
  '& .ts-fig[data-sign="0"]': { color: theme.palette.text.secondary },
  '& .ts-dot': {
    position: 'absolute',
    top: 2,
    insetInlineEnd: 2,
    width: 6,
    height: 6,
    borderRadius: '50%',
    backgroundColor: BALANCE_COLOR.negative,
  },
});

/** What every cell of the page shares: the texts and the days' names, made once per render of the page. */
export interface CellContext {
  t: TFunction;
  metric: Metric;
  /** "giovedì 12 novembre", by date. */
  dayNames: ReadonlyMap<string, string>;
  onOpen(person: TimesheetPerson, date: string): void;
}

/** One cell (a plain element tree, not a component: see above). */
export function timesheetCell(ctx: CellContext, person: TimesheetPerson, day: CalendarCell, cell: TimesheetCell) {
  const { t, metric } = ctx;
  const value = cell[metric];
  const show = metric === 'balance' ? !cell.open && (cell.expected > 0 || cell.worked > 0) : value !== 0;
  const balance = formatMinutes(cell.balance, { signed: true });
  const label = [
    `${person.name}, ${ctx.dayNames.get(day.date) ?? day.date}`,
    cell.holiday ? t('timesheet.cell.holiday') : null,
    t('timesheet.cell.figures', {
      expected: formatMinutes(cell.expected),
      worked: formatMinutes(cell.worked),
      justified: formatMinutes(cell.justified),
    }),
    cell.open ? t('timesheet.cell.balanceOpen', { balance }) : t('memberCalendar.cellBalance', { balance }),
    cell.anomalies > 0 ? t('memberCalendar.cellAnomalies', { n: cell.anomalies }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const tint = cell.holiday ? 'holiday' : cell.expected === 0 && cell.worked === 0 ? 'rest' : undefined;
  const sign = metric !== 'balance' ? undefined : value > 0 ? '+' : value < 0 ? '-' : '0';
  return (
    <button
      type="button"
      className="ts-cell"
      aria-label={label}
      data-testid={`ts-${person.id}-${day.date}`}
      data-person={person.id}
      data-date={day.date}
      data-tint={tint}
      onClick={() => ctx.onOpen(person, day.date)}
    >
      {show && (
        <bdi dir="ltr" className="ts-fig" data-sign={sign}>
          {formatMinutes(value, { signed: metric === 'balance' })}
        </bdi>
      )}
      {cell.anomalies > 0 && <span className="ts-dot" aria-hidden />}
    </button>
  );
}

const TIP_ID = 'ts-cell-tip';

/**
 * One tooltip for every cell of the grid: shown after a moment on the cell under the pointer or with the focus,
 * described by it (`aria-describedby`) while shown, hidden with Escape, on leaving or on blur (WCAG 1.4.13).
 */
export function useCellTooltip(find: (personId: string, date: string) => [TimesheetPerson, TimesheetCell] | null) {
  const { t } = useTranslation();
  const [tip, setTip] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!tip) return;
    tip.setAttribute('aria-describedby', TIP_ID);
    // Escape dismisses it wherever the focus is (the pointer may rest on the cell).
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        clearTimeout(timer.current);
        setTip(null);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      tip.removeAttribute('aria-describedby');
      document.removeEventListener('keydown', onKey);
    };
  }, [tip]);

  const showSoon = (el: HTMLElement) => {
    clearTimeout(timer.current);
    if (el === tip) return;
    timer.current = setTimeout(() => setTip(el), tip ? 200 : 400);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setTip(null);
  };
  const cellOf = (target: EventTarget) =>
    target instanceof Element ? target.closest<HTMLElement>('button.ts-cell') : null;

  const handlers = {
    onPointerOver: (e: PointerEvent) => {
      const el = cellOf(e.target);
      if (el) showSoon(el);
      else hide();
    },
    onPointerLeave: hide,
    onFocus: (e: FocusEvent) => {
      const el = cellOf(e.target);
      if (el) showSoon(el);
    },
    onBlur: hide,
  };

  const found = tip ? find(tip.dataset.person ?? '', tip.dataset.date ?? '') : null;
  const metric = tip?.closest<HTMLElement>('[data-metric]')?.dataset.metric as Metric | undefined;
  const tooltip = (
    <Popper
      open={!!found}
      anchorEl={tip}
      placement="top"
      sx={(theme) => ({ zIndex: theme.zIndex.tooltip, pointerEvents: 'none' })}
    >
      {found && (
        <Box
          role="tooltip"
          id={TIP_ID}
          data-testid="ts-cell-tooltip"
          sx={(theme) => ({
            m: 1,
            px: 1,
            py: 0.75,
            maxWidth: 300,
            borderRadius: 1,
            fontSize: theme.typography.pxToRem(11),
            fontWeight: 500,
            color: theme.palette.common.white,
            backgroundColor: 'rgba(97, 97, 97, 0.92)',
          })}
        >
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 1.5, rowGap: 0.25 }}
          >
            {(['expected', 'worked', 'justified', 'balance'] as const).map((m) => (
              <Box key={m} sx={{ display: 'contents' }}>
                <Box component="dt" sx={{ fontWeight: m === metric ? 700 : 400 }}>
                  {m === 'balance' && found[1].open
                    ? t('timesheet.cell.balanceProvisional')
                    : t(`attendance.metrics.${m}`)}
                </Box>
                <Box component="dd" sx={{ m: 0, textAlign: 'end', fontWeight: m === metric ? 700 : 400 }}>
                  <Duration minutes={found[1][m]} signed={m === 'balance'} />
                </Box>
              </Box>
            ))}
          </Box>
          {found[1].anomalies > 0 && (
            <Box sx={{ mt: 0.5 }}>{t('memberCalendar.cellAnomalies', { n: found[1].anomalies })}</Box>
          )}
          <Box sx={{ mt: 0.5, opacity: 0.8 }}>{t('timesheet.cell.hint')}</Box>
        </Box>
      )}
    </Popper>
  );
  return { handlers, tooltip };
}
