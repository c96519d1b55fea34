import TodayOutlined from '@mui/icons-material/TodayOutlined';
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TemplateDay } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router';
import { describeSlot, formatMinutes } from '../../components/time-slots/slot-rows';
import { paths } from '../../config/paths';
import { useTemplateDays } from '../../lib/queries/template-days';
import { TemplateList } from './template-list';

const editPath = (id: string) => generatePath(paths.adminTemplateDayEdit, { id });

/** /admin/setting/template-day: the daily templates with their slots and hours. */
export function TemplateDayListPage() {
  const { t } = useTranslation();
  const query = useTemplateDays();
  const columns = useMemo<GridColDef<TemplateDay>[]>(
    () => [
      {
        field: 'slots',
        headerName: t('templates.columns.slots'),
        sortable: false,
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }}>
            {row.timeSlots.map((s, i) => (
              <Box key={i}>{describeSlot(s, t)}</Box>
            ))}
          </Box>
        ),
      },
      {
        field: 'minutes',
        headerName: t('templates.columns.hours'),
        width: 120,
        renderCell: ({ row }) => (
          <Box component="span">{t('timeSlots.hours', { time: formatMinutes(row.minutes) })}</Box>
        ),
      },
    ],
    [t],
  );
  return (
    <TemplateList
      kind="day"
      query={query}
      columns={columns}
      newPath={paths.adminTemplateDayNew}
      editPath={editPath}
      emptyIcon={<TodayOutlined />}
    />
  );
}
