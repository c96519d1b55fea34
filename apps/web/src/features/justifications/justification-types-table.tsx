import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Box, Chip, IconButton, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Justification } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellButton } from '../../components/list/row-actions';
import { SearchField } from '../../components/list/search-field';
import { useJustifications } from './api/get-justifications';
import { EnabledChip, JustificationGrid } from './justification-grid';
import { IMPACTS } from './schemas';

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

/** The absence types tab: a search over code, name and group, and the grid (a click edits, for those who may). */
export function TypesTable({ canWrite, onEdit }: { canWrite: boolean; onEdit(j: Justification): void }) {
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
            <CellButton
              onClick={() => onEdit(row)}
              label={t('justifications.actions.editNamed', { name: row.name })}
              sx={{ fontFamily: 'monospace' }}
            >
              {row.code}
            </CellButton>
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
        renderCell: ({ row }) => <EnabledChip enabled={row.enabled} />,
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
        <SearchField
          label={t('justifications.search')}
          value={search}
          onChange={setSearch}
          sx={{ maxWidth: { sm: 360 } }}
          testId="justifications-search"
        />
        <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 280px' }}>
          {t('justifications.disableNote')}
        </Typography>
      </Box>
      <JustificationGrid<Justification>
        query={query}
        rows={rows}
        columns={columns}
        canWrite={canWrite}
        onEdit={onEdit}
        initialState={{
          sorting: { sortModel: [{ field: 'name', sort: 'asc' }] },
          pagination: { paginationModel: { pageSize: 50 } },
        }}
        pageSizeOptions={[25, 50, 100]}
        columnVisibilityModel={{ payrollCode: wide, groupName: !narrow, unit: !narrow }}
        label={t('justifications.page.tabs.types')}
        testId="justifications-grid"
      />
    </>
  );
}
