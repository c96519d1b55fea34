import CompareArrows from '@mui/icons-material/CompareArrows';
import { Alert, Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { DiffRow, MonthLog } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { ListGrid } from '../../components/list/list-grid';
import { LoadFailure } from '../../components/load-failure';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { PAGE_SIZES } from '../../lib/use-list-params';
import { useMonthDiff } from './api/get-diff';
import { useMonthVersions } from './api/get-month-logs';
import { formatMinutes } from './format';

type Row = DiffRow & { id: string; delta: number };

/**
 * What changed from another completed version of the month (the previous one unless another is picked): per employee,
 * day and item, the minutes before and after. The first version has nothing to compare with.
 */
export function DiffTab({ log }: { log: MonthLog }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const [against, setAgainst] = useState<string | undefined>(undefined);
  const versions = useMonthVersions(log.month);
  const diff = useMonthDiff(log.id, against);
  const others = useMemo(
    () => (versions.data?.items ?? []).filter((v) => v.id !== log.id && v.status === 'completed'),
    [versions.data, log.id],
  );
  const rows = useMemo<Row[]>(
    () =>
      (diff.data?.rows ?? []).map((r) => ({
        ...r,
        id: `${r.userInfo.id}|${r.date}|${r.item}`,
        delta: r.after - r.before,
      })),
    [diff.data],
  );
  const columns = useMemo<GridColDef<Row>[]>(() => {
    const itemLabel = (r: DiffRow) =>
      r.item === 'worked' || r.item === 'overtime' ? t(`monthLogs.items.${r.item}`) : r.itemLabel;
    return [
      {
        field: 'name',
        headerName: t('monthLogs.diff.employee'),
        flex: 1,
        minWidth: 170,
        valueGetter: (_v, row) => row.userInfo.name,
        renderCell: ({ row }) => <bdi>{row.userInfo.name}</bdi>,
      },
      {
        field: 'date',
        headerName: t('monthLogs.diff.date'),
        width: 150,
        renderCell: ({ row }) => formatDate(row.date, language),
      },
      {
        field: 'item',
        headerName: t('monthLogs.diff.item'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => itemLabel(row),
      },
      {
        field: 'before',
        headerName: t('monthLogs.diff.before'),
        type: 'number',
        width: 100,
        renderCell: ({ row }) => <bdi dir="ltr">{formatMinutes(row.before)}</bdi>,
      },
      {
        field: 'after',
        headerName: t('monthLogs.diff.after'),
        type: 'number',
        width: 100,
        renderCell: ({ row }) => <bdi dir="ltr">{formatMinutes(row.after)}</bdi>,
      },
      {
        field: 'delta',
        headerName: t('monthLogs.diff.delta'),
        type: 'number',
        width: 110,
        renderCell: ({ row }) => (
          <Box component="bdi" dir="ltr" sx={{ color: row.delta < 0 ? 'error.main' : 'success.dark', fontWeight: 500 }}>
            {formatMinutes(row.delta, { signed: true })}
          </Box>
        ),
      },
    ];
  }, [t, language]);

  if (diff.isError) return <LoadFailure error={diff.error} onRetry={() => void diff.refetch()} />;
  const data = diff.data;
  const selected = against ?? data?.from?.id ?? '';
  const people = new Set(rows.map((r) => r.userInfo.id)).size;

  return (
    <Stack spacing={2} data-testid="month-log-diff">
      {others.length > 0 && (
        <TextField
          select
          size="small"
          label={t('monthLogs.diff.against')}
          value={others.some((v) => v.id === selected) ? selected : ''}
          onChange={(e) => setAgainst(e.target.value)}
          sx={{ maxWidth: 380 }}
          data-testid="diff-against"
        >
          {others.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {t('monthLogs.diff.versionOption', {
                n: v.versionNumber,
                when: formatDateTime(v.finishedAt ?? v.createdAt, language),
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
      {data && !data.from && (
        <Alert severity="info" data-testid="diff-first">
          {t('monthLogs.diff.first', { n: log.versionNumber })}
        </Alert>
      )}
      {data?.from && rows.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('monthLogs.diff.summary', { total: rows.length, people, n: data.from.versionNumber })}
        </Typography>
      )}
      {(!data || data.from) && (
        <ListGrid<Row>
          rows={rows}
          query={diff}
          columns={columns}
          initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
          pageSizeOptions={[...PAGE_SIZES]}
          overlayHeight={200}
          empty={
            <GridMessage
              icon={<CompareArrows />}
              title={t('monthLogs.diff.none', { n: data?.from?.versionNumber ?? '' })}
              body={t('monthLogs.diff.noneBody')}
            />
          }
          label={t('monthLogs.tabs.diff')}
          testId="diff-grid"
        />
      )}
    </Stack>
  );
}
