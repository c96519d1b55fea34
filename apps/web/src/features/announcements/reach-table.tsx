import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import RemoveCircleOutlined from '@mui/icons-material/RemoveCircleOutlined';
import { Box, MenuItem, TextField, Typography } from '@mui/material';
import type { GridColDef, GridPaginationModel } from '@mui/x-data-grid';
import type { AdminAnnouncement } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GridMessage } from '../../components/data/grid-overlay';
import { ListGrid } from '../../components/list/list-grid';
import { catalogFor } from '../../i18n/languages';
import { PAGE_SIZES } from '../../lib/use-list-params';
import { useReach, type ReachRow, type ReachStatus } from './api/get-reach';
import { formatInZone } from './zone';

interface Props {
  announcement: AdminAnnouncement;
  timeZone: string | undefined;
}

/** Yes/no with an icon (the text is what screen readers and tests read). */
function YesNo({ yes, label }: { yes: boolean; label: string }) {
  const Icon = yes ? CheckCircleOutlined : RemoveCircleOutlined;
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Icon fontSize="small" color={yes ? 'success' : 'disabled'} aria-hidden />
      <Typography variant="body2">{label}</Typography>
    </Box>
  );
}

/**
 * Each recipient: when told, whether the e-mail went, when they opened it, when they acknowledged it (when asked) and
 * their last reminder; filtered by status, a page at a time from the server.
 */
export function ReachTable({ announcement, timeZone }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const [status, setStatus] = useState<ReachStatus>('all');
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const query = useReach(announcement.id, { page: pagination.page + 1, perPage: pagination.pageSize, status });
  const statuses: ReachStatus[] = announcement.requiresAck
    ? ['all', 'unread', 'read', 'unacknowledged', 'acknowledged']
    : ['all', 'unread', 'read'];
  const columns = useMemo<GridColDef<ReachRow>[]>(() => {
    const when = (v: string | null, none: string) => (v ? formatInZone(v, timeZone, language) : none);
    return [
      {
        field: 'name',
        headerName: t('announcements.reachTable.person'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => `${row.lastName} ${row.firstName}`,
      },
      {
        field: 'emailed',
        headerName: t('announcements.reachTable.emailed'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <YesNo yes={row.emailed} label={row.emailed ? t('common.yes') : t('common.no')} />,
      },
      {
        field: 'openedAt',
        headerName: t('announcements.reachTable.openedAt'),
        width: 190,
        sortable: false,
        renderCell: ({ row }) => (
          <YesNo yes={!!row.openedAt} label={when(row.openedAt, t('announcements.reachTable.notOpened'))} />
        ),
      },
      ...(announcement.requiresAck
        ? [
            {
              field: 'acknowledgedAt',
              headerName: t('announcements.reachTable.acknowledgedAt'),
              width: 190,
              sortable: false,
              renderCell: ({ row }) => (
                <YesNo
                  yes={!!row.acknowledgedAt}
                  label={when(row.acknowledgedAt, t('announcements.reachTable.notAcknowledged'))}
                />
              ),
            } satisfies GridColDef<ReachRow>,
          ]
        : []),
      {
        field: 'remindedAt',
        headerName: t('announcements.reachTable.remindedAt'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => when(row.remindedAt, '—'),
      },
    ];
  }, [t, language, timeZone, announcement.requiresAck]);

  return (
    <Box>
      <TextField
        select
        size="small"
        label={t('announcements.reachTable.filter')}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as ReachStatus);
          setPagination((p) => ({ ...p, page: 0 }));
        }}
        sx={{ mb: 2, minWidth: 240 }}
        data-testid="reach-status-filter"
      >
        {statuses.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`announcements.reachTable.status.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <ListGrid<ReachRow>
        rows={query.data?.items ?? []}
        rowCount={query.data?.total ?? 0}
        getRowId={(r) => r.userInfoId}
        query={query}
        columns={columns}
        paginationMode="server"
        paginationModel={pagination}
        onPaginationModelChange={setPagination}
        pageSizeOptions={[...PAGE_SIZES]}
        disableColumnSorting
        label={t('announcements.reachTable.title')}
        testId="reach-grid"
        overlayHeight={200}
        empty={
          <GridMessage
            title={status === 'all' ? t('announcements.reachTable.empty') : t('announcements.reachTable.emptyFiltered')}
          />
        }
      />
    </Box>
  );
}
