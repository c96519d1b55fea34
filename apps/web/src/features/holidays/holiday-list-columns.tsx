import { Box, Chip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Holiday } from '@timbro/shared';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { HolidayIcon } from '../../components/holiday-icons';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { CellLink, editDeleteColumn } from '../../components/list/row-actions';

/** A holiday as the list shows it: its next occurrence and a sortable date key (year, month, day). */
export type HolidayRow = Holiday & { next: string | null; dateKey: number };
export const editPath = (id: string) => generatePath(paths.adminHolidayEdit, { id });

/** "25 aprile" (recurring) or "5 aprile 2026" (one year), in the user's language. */
export const holidayDate = (h: Pick<Holiday, 'day' | 'month' | 'year'>, language: string) =>
  h.year === null
    ? dayjs(new Date(2024, h.month - 1, h.day))
        .locale(language)
        .format('D MMMM')
    : formatDate(new Date(h.year, h.month - 1, h.day), language);

/**
 * The holiday list's columns: name (a link to edit, for those who may), date, recurrence, kind, next occurrence
 * (`today` says which is today) and, for those who may, edit and delete (`onDelete` asks first).
 */
export function useHolidayColumns({
  canWrite,
  today,
  onDelete,
}: {
  canWrite: boolean;
  today: string;
  onDelete(holiday: Holiday): void;
}): GridColDef<HolidayRow>[] {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return useMemo<GridColDef<HolidayRow>[]>(
    () => [
      {
        field: 'name',
        headerName: t('holidays.columns.name'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <HolidayIcon name={row.icon} fontSize="small" color="primary" aria-hidden />
            {canWrite ? (
              <CellLink to={editPath(row.id)} noWrap>
                {row.name}
              </CellLink>
            ) : (
              <Typography variant="body2" noWrap>
                {row.name}
              </Typography>
            )}
          </Box>
        ),
      },
      // The calendar order: month and day, then the year of dated ones.
      // A movable feast (Easter Monday…) has no fixed date: its rule instead (sorted at this year's date).
      {
        field: 'dateKey',
        headerName: t('holidays.columns.date'),
        width: 170,
        renderCell: ({ row }) => (row.rule ? t(`holidays.movable.${row.rule}`) : holidayDate(row, language)),
        sortComparator: (a: number, b: number) => (a % 10000) - (b % 10000) || a - b,
      },
      {
        field: 'year',
        headerName: t('holidays.columns.recurrence'),
        width: 160,
        valueGetter: (_v, row) => row.year ?? 0,
        renderCell: ({ row }) =>
          row.year !== null ? (
            <Chip size="small" variant="outlined" label={t('holidays.onlyYear', { year: row.year })} />
          ) : (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={row.fromYear ? t('holidays.fromYear', { year: row.fromYear }) : t('holidays.recurring')}
            />
          ),
      },
      {
        field: 'kind',
        headerName: t('holidays.columns.kind'),
        width: 120,
        valueGetter: (_v, row) => t(`holidays.kinds.${row.kind}`),
        renderCell: ({ row, value }) =>
          row.kind === 'patron' ? (
            <Chip
              size="small"
              variant="outlined"
              label={value as string}
              sx={{ fontWeight: 500, borderColor: 'secondary.main' }}
            />
          ) : (
            (value as string)
          ),
      },
      {
        field: 'next',
        headerName: t('holidays.columns.next'),
        width: 150,
        renderCell: ({ row }) =>
          row.next ? (
            row.next === today ? (
              t('holidays.today')
            ) : (
              dayjs(row.next).locale(language).format('ddd D MMM YYYY')
            )
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('holidays.past')}
            </Typography>
          ),
      },
      ...(canWrite ? [editDeleteColumn<HolidayRow>({ t, keyPrefix: 'holidays', width: 110, editPath, onDelete })] : []),
    ],
    [t, language, canWrite, today, onDelete],
  );
}
