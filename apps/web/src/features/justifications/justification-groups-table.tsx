import { Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { JustificationGroup } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellButton } from '../../components/list/row-actions';
import { useJustificationGroups } from './api/get-justifications';
import { EnabledChip, JustificationGrid } from './justification-grid';

/** The groups tab: the justification groups (a click edits, for those who may). */
export function GroupsTable({ canWrite, onEdit }: { canWrite: boolean; onEdit(g: JustificationGroup): void }) {
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
            <CellButton onClick={() => onEdit(row)} label={t('justifications.groups.editNamed', { name: row.name })}>
              {row.name}
            </CellButton>
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
        renderCell: ({ row }) => <EnabledChip enabled={!row.disabled} />,
      },
    ],
    [t, canWrite, onEdit],
  );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('justifications.groups.hint')}
      </Typography>
      <JustificationGrid<JustificationGroup>
        query={query}
        rows={query.data ?? []}
        columns={columns}
        canWrite={canWrite}
        onEdit={onEdit}
        initialState={{ sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
        hideFooter
        label={t('justifications.page.tabs.groups')}
        testId="groups-grid"
      />
    </>
  );
}
