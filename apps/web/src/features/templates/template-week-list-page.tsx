import DateRangeOutlined from '@mui/icons-material/DateRangeOutlined';
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TemplateWeek } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { formatMinutes } from '../../components/time-slots/slot-rows';
import { paths } from '../../config/paths';
import { useTemplateWeeks } from '../../lib/queries/template-weeks';
import { TemplateList } from './template-list';

const editPath = (id: string) => generatePath(paths.adminTemplateWeekEdit, { id });

/** Consecutive weekdays with the same daily template, as runs: Monday–Friday "Giornata standard". */
function dayRuns(days: TemplateWeek['days']) {
  const runs: { from: number; to: number; id: string; name: string }[] = [];
  for (const d of [...days].sort((a, b) => a.weekday - b.weekday)) {
    const last = runs.at(-1);
    if (last && last.id === d.templateDayId && last.to === d.weekday - 1) last.to = d.weekday;
    else runs.push({ from: d.weekday, to: d.weekday, id: d.templateDayId, name: d.templateDayName });
  }
  return runs;
}

/** /admin/setting/template-week: the weekly templates, each day's daily template and the weekly hours. */
export function TemplateWeekListPage() {
  const { t } = useTranslation();
  const query = useTemplateWeeks();
  const columns = useMemo<GridColDef<TemplateWeek>[]>(
    () => [
      {
        field: 'days',
        headerName: t('templates.columns.days'),
        sortable: false,
        flex: 1.4,
        minWidth: 220,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }}>
            {row.days.length === 0
              ? t('templates.week.allDaysOff')
              : dayRuns(row.days).map((run) => (
                  <Box key={run.from}>
                    {t('templates.week.dayLine', {
                      day:
                        run.from === run.to
                          ? t(`timeSlots.weekdaysShort.${run.from}`)
                          : `${t(`timeSlots.weekdaysShort.${run.from}`)}–${t(`timeSlots.weekdaysShort.${run.to}`)}`,
                      name: run.name,
                    })}
                  </Box>
                ))}
          </Box>
        ),
      },
      {
        field: 'weeklyMinutes',
        headerName: t('templates.columns.weeklyHours'),
        width: 150,
        renderCell: ({ row }) => (
          <Box component="span">{t('timeSlots.hours', { time: formatMinutes(row.weeklyMinutes) })}</Box>
        ),
      },
    ],
    [t],
  );
  return (
    <TemplateList
      kind="week"
      query={query}
      columns={columns}
      newPath={paths.adminTemplateWeekNew}
      editPath={editPath}
      emptyIcon={<DateRangeOutlined />}
    />
  );
}
