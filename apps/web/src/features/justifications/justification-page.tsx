import Add from '@mui/icons-material/Add';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  InputAdornment,
  Link,
  Paper,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Justification, JustificationGroup } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalizedDataGrid } from '../../components/data/localized-data-grid';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/error-message';
import { useJustificationGroups, useJustifications } from './api/get-justifications';
import { GroupDialog } from './group-dialog';
import { JustificationDialog } from './justification-dialog';
import { IMPACTS } from './schemas';
import { useCan } from '../../lib/auth/use-can';

type Editing<T> = { record: T | null } | null;

/** /admin/setting/justification: absence types (code, name, impact, unit, state, group) and their groups. */
export function JustificationPage() {
  const { t } = useTranslation();
  const canWrite = useCan('settings:write');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'groups' ? 'groups' : 'types';
  const [editing, setEditing] = useState<Editing<Justification>>(null);
  const [editingGroup, setEditingGroup] = useState<Editing<JustificationGroup>>(null);
  return (
    <>
      <PageHeader
        title={t('justifications.page.title')}
        subtitle={t('justifications.page.subtitle')}
        actions={
          canWrite &&
          (tab === 'types' ? (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({ record: null })}
              data-testid="justification-new"
            >
              {t('justifications.actions.new')}
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditingGroup({ record: null })}
              data-testid="group-new"
            >
              {t('justifications.groups.new')}
            </Button>
          ))
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_e, v: string) => setSearchParams(v === 'types' ? {} : { tab: v }, { replace: true })}
          aria-label={t('justifications.page.tabsLabel')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab
            value="types"
            label={t('justifications.page.tabs.types')}
            id="justification-tab-types"
            aria-controls="justification-panel"
            data-testid="justification-tab-types"
          />
          <Tab
            value="groups"
            label={t('justifications.page.tabs.groups')}
            id="justification-tab-groups"
            aria-controls="justification-panel"
            data-testid="justification-tab-groups"
          />
        </Tabs>
        <Box
          role="tabpanel"
          id="justification-panel"
          aria-labelledby={`justification-tab-${tab}`}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          {tab === 'types' ? (
            <TypesTable canWrite={canWrite} onEdit={(record) => setEditing({ record })} />
          ) : (
            <GroupsTable canWrite={canWrite} onEdit={(record) => setEditingGroup({ record })} />
          )}
        </Box>
      </Paper>
      {editing && <JustificationDialog justification={editing.record} onClose={() => setEditing(null)} />}
      {editingGroup && <GroupDialog group={editingGroup.record} onClose={() => setEditingGroup(null)} />}
    </>
  );
}

/** "Effetto sulle ore" with its explanation, reachable by keyboard (the info button) and by pointer. */
function ImpactHeader() {
  const { t } = useTranslation();
  const explanation = (
    <Box component="dl" sx={{ m: 0 }}>
      {IMPACTS.map((i) => (
        <Box key={i} sx={{ mb: 0.5 }}>
          <Box component="dt" sx={{ fontWeight: 700 }}>
            {t(`justifications.impactLong.${i}`)}
          </Box>
          <Box component="dd" sx={{ m: 0 }}>
            {t(`justifications.impactHints.${i}`)}
          </Box>
        </Box>
      ))}
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <span>{t('justifications.columns.impact')}</span>
      <Tooltip title={explanation} slotProps={{ tooltip: { sx: { maxWidth: 360, fontSize: '0.8125rem' } } }}>
        <IconButton
          size="small"
          aria-label={t('justifications.impactHelp')}
          onClick={(e) => e.stopPropagation()}
          data-testid="impact-help"
        >
          <InfoOutlined fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

function TypesTable({ canWrite, onEdit }: { canWrite: boolean; onEdit(j: Justification): void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('xl'));
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const query = useJustifications();
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const rows = (query.data ?? []).filter(
    (j) =>
      !q ||
      j.code.toLowerCase().includes(q) ||
      j.name.toLowerCase().includes(q) ||
      (j.groupName ?? '').toLowerCase().includes(q),
  );
  const columns = useMemo<GridColDef<Justification>[]>(
    () => [
      {
        field: 'code',
        headerName: t('justifications.columns.code'),
        width: 96,
        renderCell: ({ row }) =>
          canWrite ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={(e: React.MouseEvent) => (e.stopPropagation(), onEdit(row))}
              sx={{ fontFamily: 'monospace', fontWeight: 500 }}
              aria-label={t('justifications.actions.editNamed', { name: row.name })}
            >
              {row.code}
            </Link>
          ) : (
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {row.code}
            </Box>
          ),
      },
      {
        field: 'name',
        headerName: t('justifications.columns.name'),
        flex: 1.3,
        minWidth: 180,
        renderCell: ({ value }) => (
          <Typography variant="body2" noWrap title={value as string}>
            {value as string}
          </Typography>
        ),
      },
      {
        field: 'impact',
        headerName: t('justifications.columns.impact'),
        width: 170,
        renderHeader: () => <ImpactHeader />,
        valueGetter: (_v, row) => t(`justifications.impact.${row.impact}`),
        renderCell: ({ row, value }) => (
          <Tooltip title={t(`justifications.impactHints.${row.impact}`)}>
            <Chip
              size="small"
              variant="outlined"
              label={value as string}
              color={row.impact === 'increase' ? 'success' : row.impact === 'decrease' ? 'error' : 'default'}
            />
          </Tooltip>
        ),
      },
      {
        field: 'unit',
        headerName: t('justifications.columns.unit'),
        width: 90,
        valueGetter: (_v, row) => t(`justifications.units.${row.unit}`),
      },
      {
        field: 'enabled',
        headerName: t('justifications.columns.enabled'),
        width: 120,
        valueGetter: (_v, row) => (row.enabled ? 1 : 0),
        renderCell: ({ row }) =>
          row.enabled ? (
            <Chip size="small" color="success" variant="outlined" label={t('justifications.status.enabled')} />
          ) : (
            <Chip size="small" label={t('justifications.status.disabled')} />
          ),
      },
      {
        field: 'groupName',
        headerName: t('justifications.columns.group'),
        flex: 1,
        minWidth: 150,
        valueGetter: (_v, row) => row.groupName ?? t('justifications.noGroup'),
        renderCell: ({ value }) => (
          <Typography variant="body2" noWrap title={value as string}>
            {value as string}
          </Typography>
        ),
      },
      {
        field: 'payrollCode',
        headerName: t('justifications.columns.payrollCode'),
        width: 120,
        renderCell: ({ row }) => (
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {row.payrollCode ?? '—'}
          </Box>
        ),
      },
    ],
    [t, canWrite, onEdit],
  );
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          size="small"
          label={t('justifications.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ maxWidth: { sm: 360 } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'justifications-search' },
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('justifications.disableNote')}
        </Typography>
      </Box>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(query.error, t('errors.generic'))}
        </Alert>
      )}
      <LocalizedDataGrid<Justification>
        rows={rows}
        columns={columns}
        loading={query.isFetching}
        initialState={{
          sorting: { sortModel: [{ field: 'name', sort: 'asc' }] },
          pagination: { paginationModel: { pageSize: 50 } },
        }}
        pageSizeOptions={[25, 50, 100]}
        columnVisibilityModel={{ payrollCode: wide, groupName: !narrow, unit: !narrow }}
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        autoHeight
        onRowClick={canWrite ? ({ row }) => onEdit(row) : undefined}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        label={t('justifications.page.tabs.types')}
        data-testid="justifications-grid"
        sx={{
          '--DataGrid-overlayHeight': '220px',
          '& .MuiDataGrid-row': { cursor: canWrite ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
      />
    </>
  );
}

function GroupsTable({ canWrite, onEdit }: { canWrite: boolean; onEdit(g: JustificationGroup): void }) {
  const { t } = useTranslation();
  const query = useJustificationGroups();
  const columns = useMemo<GridColDef<JustificationGroup>[]>(
    () => [
      {
        field: 'name',
        headerName: t('justifications.groups.columns.name'),
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) =>
          canWrite ? (
            <Link
              component="button"
              type="button"
              underline="hover"
              onClick={(e: React.MouseEvent) => (e.stopPropagation(), onEdit(row))}
              sx={{ fontWeight: 500 }}
              aria-label={t('justifications.groups.editNamed', { name: row.name })}
            >
              {row.name}
            </Link>
          ) : (
            row.name
          ),
      },
      {
        field: 'justificationsCount',
        headerName: t('justifications.groups.columns.count'),
        type: 'number',
        width: 150,
      },
      {
        field: 'summarizeable',
        headerName: t('justifications.groups.columns.summarizeable'),
        width: 170,
        valueGetter: (_v, row) => (row.summarizeable ? t('common.yes') : t('common.no')),
      },
      {
        field: 'disabled',
        headerName: t('justifications.groups.columns.state'),
        width: 140,
        renderCell: ({ row }) =>
          row.disabled ? (
            <Chip size="small" label={t('justifications.status.disabled')} />
          ) : (
            <Chip size="small" color="success" variant="outlined" label={t('justifications.status.enabled')} />
          ),
      },
    ],
    [t, canWrite, onEdit],
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('justifications.groups.hint')}
      </Typography>
      {query.isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(query.error, t('errors.generic'))}
        </Alert>
      )}
      <LocalizedDataGrid<JustificationGroup>
        rows={query.data ?? []}
        columns={columns}
        loading={query.isFetching}
        initialState={{ sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
        disableColumnFilter
        disableColumnSelector
        disableRowSelectionOnClick
        hideFooter
        autoHeight
        onRowClick={canWrite ? ({ row }) => onEdit(row) : undefined}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
        label={t('justifications.page.tabs.groups')}
        data-testid="groups-grid"
        sx={{
          '--DataGrid-overlayHeight': '220px',
          '& .MuiDataGrid-row': { cursor: canWrite ? 'pointer' : 'default' },
          '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' },
        }}
      />
    </>
  );
}
