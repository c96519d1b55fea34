import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/dates';
import { formatSize } from '../../lib/format-size';
import type { PlatformWorkspace } from './api/get-platform-workspaces';
import type { WorkspaceStateAction } from './api/set-workspace-state';

/** The workspace's state: active, or disabled since a date. */
export function WorkspaceStateChip({
  workspace,
  t,
  language,
}: {
  workspace: PlatformWorkspace;
  t: TFunction;
  language: string;
}) {
  if (!workspace.disabledAt)
    return <Chip size="small" color="success" variant="outlined" label={t('platform.state.active')} />;
  return (
    <Tooltip title={t('platform.state.disabledSince', { date: formatDate(workspace.disabledAt, language) })}>
      <Chip
        size="small"
        color="default"
        label={t('platform.state.disabled')}
        data-testid={`workspace-disabled-${workspace.id}`}
      />
    </Tooltip>
  );
}

/** The platform list's columns: the company, its head counts, when it was created, its state and the one action. */
export function workspaceColumns(
  t: TFunction,
  language: string,
  onAction: (workspace: PlatformWorkspace, action: WorkspaceStateAction) => void,
  onQuota: (workspace: PlatformWorkspace) => void = () => undefined,
): GridColDef<PlatformWorkspace>[] {
  return [
    {
      field: 'name',
      headerName: t('platform.columns.name'),
      flex: 1,
      minWidth: 220,
      renderCell: ({ row }) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
            {/* bdi: a Latin name keeps its own direction in Arabic ("Beta S.p.A.", not ".Beta S.p.A"). */}
            <bdi>{row.name}</bdi>
          </Typography>
          {row.email && (
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              noWrap
              dir="ltr"
              sx={{ textAlign: 'start' }}
            >
              {row.email}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'vatNumber',
      headerName: t('platform.columns.vatNumber'),
      sortable: false,
      width: 140,
      valueGetter: (_v, row) => row.vatNumber ?? '—',
    },
    { field: 'employeesCount', headerName: t('platform.columns.employees'), type: 'number', width: 150 },
    {
      field: 'adminsCount',
      headerName: t('platform.columns.admins'),
      type: 'number',
      width: 170,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end', width: '100%' }}>
          {row.pendingAdminsCount > 0 && (
            <Tooltip title={t('platform.admins.pendingHint')}>
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                label={t('platform.admins.pending', { n: row.pendingAdminsCount })}
              />
            </Tooltip>
          )}
          <span>{row.adminsCount}</span>
        </Stack>
      ),
    },
    {
      // The file storage used against the quota (issue 30 item 8); the operator changes the quota from here.
      field: 'storage',
      headerName: t('platform.columns.storage'),
      sortable: false,
      width: 170,
      renderCell: ({ row }) => {
        const used = formatSize(row.storage.usedBytes, language);
        const quota = formatSize(row.storage.quotaMb * 1024 * 1024, language);
        return (
          <Button
            size="small"
            onClick={() => onQuota(row)}
            aria-label={t('platform.actions.storageEdit', { name: row.name, used, quota })}
            data-testid={`workspace-quota-${row.id}`}
            sx={{ textTransform: 'none', px: 0.5 }}
          >
            <bdi>
              {used} / {quota}
            </bdi>
          </Button>
        );
      },
    },
    {
      field: 'createdAt',
      headerName: t('platform.columns.createdAt'),
      width: 150,
      renderCell: ({ row }) => formatDate(row.createdAt, language),
    },
    {
      field: 'state',
      headerName: t('platform.columns.state'),
      sortable: false,
      width: 130,
      renderCell: ({ row }) => <WorkspaceStateChip workspace={row} t={t} language={language} />,
    },
    {
      field: 'actions',
      headerName: t('platform.columns.actions'),
      sortable: false,
      width: 130,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => {
        const action: WorkspaceStateAction = row.disabledAt ? 'enable' : 'disable';
        return (
          <Button
            size="small"
            color={action === 'disable' ? 'error' : 'primary'}
            aria-label={t(action === 'disable' ? 'platform.actions.disableNamed' : 'platform.actions.enableNamed', {
              name: row.name,
            })}
            onClick={() => onAction(row, action)}
            data-testid={`workspace-${action}-${row.id}`}
          >
            {t(action === 'disable' ? 'platform.actions.disable' : 'platform.actions.enable')}
          </Button>
        );
      },
    },
  ];
}
