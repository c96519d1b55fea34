import { Box, type SxProps, type Theme } from '@mui/material';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import type { CalendarCell } from '../calendar/month-grid';
import { DAY_TINT } from '../status';

export interface GridPerson {
  id: string;
  name: string;
}

interface Props<P extends GridPerson> {
  label: string;
  /** The name column's header ("Dipendente"). */
  nameHeader: string;
  days: CalendarCell[];
  people: P[];
  /** Dates shaded as holidays in the header. */
  holidays: ReadonlySet<string>;
  today: string | null;
  renderCell(person: P, day: CalendarCell): ReactNode;
  /** Extra columns after the days (totals). */
  trailing?: { key: string; header: ReactNode; render(person: P): ReactNode; width?: number }[];
  testId?: string;
  busy?: boolean;
}

const NAME_WIDTH = 200;
export const DAY_WIDTH = 52;

const sticky: SxProps<Theme> = { position: 'sticky', insetInlineStart: 0, zIndex: 1, bgcolor: 'background.paper' };

/**
 * Employees × days of a month (admin calendar, timesheet): a table that scrolls sideways with the names and the day
 * header kept in view (sticky in both reading directions), weekends and holidays shaded in the header.
 */
export function PeopleMonthGrid<P extends GridPerson>({
  label,
  nameHeader,
  days,
  people,
  holidays,
  today,
  renderCell,
  trailing = [],
  testId,
  busy,
}: Props<P>) {
  const { i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (
    <Box
      sx={{ overflow: 'auto', maxHeight: '70vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
      tabIndex={0}
      role="region"
      aria-label={label}
      data-testid={testId}
    >
      <Box
        component="table"
        aria-busy={busy || undefined}
        sx={{
          borderCollapse: 'separate',
          borderSpacing: 0,
          minWidth: '100%',
          '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 0 },
          // The layers, from the bottom: the day cells, the names (sticky sideways), the days' header (sticky on top),
          // and the corner above both (sticky both ways). Set here, where the header's rule would override a cell's
          // own (issue 30 item 17: the names covered the corner when scrolled).
          '& thead th': { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' },
          '& thead th.pmg-corner': { insetInlineStart: 0, zIndex: 3 },
          '& td.pmg-day': { height: 44 },
          '& td.pmg-total': {
            px: 1,
            textAlign: 'center',
            fontSize: '0.8125rem',
            borderInlineStart: (theme: Theme) => `1px solid ${theme.palette.divider}`,
          },
        }}
      >
        <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {label}
        </caption>
        <thead>
          <tr>
            <Box
              component="th"
              scope="col"
              className="pmg-corner"
              sx={{
                minWidth: NAME_WIDTH,
                textAlign: 'start',
                px: 1.5,
                fontWeight: 500,
                fontSize: '0.8125rem',
              }}
            >
              {nameHeader}
            </Box>
            {days.map((d) => {
              const weekend = d.weekday >= 6;
              const holiday = holidays.has(d.date);
              return (
                <Box
                  component="th"
                  scope="col"
                  key={d.date}
                  abbr={dayjs(d.date).locale(language).format('dddd D MMMM')}
                  sx={{
                    minWidth: DAY_WIDTH,
                    width: DAY_WIDTH,
                    py: 0.5,
                    fontWeight: 500,
                    fontSize: '0.75rem',
                    lineHeight: 1.3,
                    textAlign: 'center',
                    bgcolor: holiday
                      ? `${DAY_TINT.holiday} !important`
                      : weekend
                        ? `${DAY_TINT.rest} !important`
                        : undefined,
                    color: d.date === today ? 'primary.main' : 'text.primary',
                    boxShadow: d.date === today ? (theme) => `inset 0 -3px 0 ${theme.palette.primary.main}` : undefined,
                  }}
                >
                  <Box
                    component="span"
                    sx={{ display: 'block', textTransform: 'capitalize', color: 'text.secondary', fontWeight: 400 }}
                  >
                    {dayjs(d.date).locale(language).format('dd')}
                  </Box>
                  {d.day}
                </Box>
              );
            })}
            {trailing.map((c) => (
              <Box
                component="th"
                scope="col"
                key={c.key}
                sx={{
                  minWidth: c.width ?? 72,
                  px: 1,
                  fontWeight: 500,
                  fontSize: '0.75rem',
                  textAlign: 'center',
                  borderInlineStart: (theme) => `1px solid ${theme.palette.divider}`,
                }}
              >
                {c.header}
              </Box>
            ))}
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.id} data-testid="grid-person-row">
              <Box
                component="th"
                scope="row"
                sx={{
                  ...sticky,
                  textAlign: 'start',
                  px: 1.5,
                  py: 0.5,
                  fontWeight: 500,
                  fontSize: '0.875rem',
                  whiteSpace: 'nowrap',
                  maxWidth: NAME_WIDTH,
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  borderInlineEnd: (theme) => `1px solid ${theme.palette.divider}`,
                }}
              >
                {p.name}
              </Box>
              {/* Plain cells styled by the table (a page holds up to 50 × 31 of them). */}
              {days.map((d) => (
                <td key={d.date} className="pmg-day">
                  {renderCell(p, d)}
                </td>
              ))}
              {trailing.map((c) => (
                <td key={c.key} className="pmg-total">
                  {c.render(p)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
