import Add from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink } from '../../components/back-link';
import { GridMessage } from '../../components/data/grid-overlay';
import { ListGrid } from '../../components/list/list-grid';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useDeleteTemplate } from './api/save-template';
import { useCan } from '../../lib/auth/use-can';
import { CellLink, editDeleteColumn } from '../../components/list/row-actions';
import { DeleteRowDialog, useDeleteRow } from '../../components/list/use-delete-row';
import { LinkButton } from '../../components/link-button';

interface Row {
  id: string;
  name: string;
  description: string | null;
}

interface Props<R extends Row> {
  kind: 'day' | 'week';
  /** The templates (sorted here, on the client). */
  query: UseQueryResult<R[]>;
  /** The columns between the name and the actions. */
  columns: GridColDef<R>[];
  newPath: string;
  editPath(id: string): string;
  emptyIcon: ReactNode;
}

/** A list of daily or weekly templates (client-side sorting): name → edit, description, the kind's own columns, delete. */
export function TemplateList<R extends Row>({ kind, query, columns, newPath, editPath, emptyIcon }: Props<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('settings:write');
  const deletion = useDeleteRow<R>(useDeleteTemplate(kind), (template) =>
    t(`templates.${kind}.deleted`, { name: template.name }),
  );
  const askDelete = deletion.ask;

  const allColumns = useMemo<GridColDef<R>[]>(
    () => [
      {
        field: 'name',
        headerName: t('templates.columns.name'),
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => (canWrite ? <CellLink to={editPath(row.id)}>{row.name}</CellLink> : row.name),
      },
      {
        field: 'description',
        headerName: t('templates.columns.description'),
        flex: 1.2,
        minWidth: 160,
        valueGetter: (_v, row) => row.description ?? '',
      },
      ...columns,
      ...(canWrite
        ? [editDeleteColumn<R>({ t, keyPrefix: 'templates', width: 110, editPath, onDelete: askDelete })]
        : []),
    ],
    [t, canWrite, columns, editPath, askDelete],
  );

  const empty = (
    <GridMessage
      icon={emptyIcon}
      title={t(`templates.${kind}.empty.title`)}
      body={canWrite ? t(`templates.${kind}.empty.body`) : t('templates.emptyReadOnly')}
      action={
        canWrite ? (
          <LinkButton variant="contained" to={newPath} startIcon={<Add />}>
            {t(`templates.${kind}.actions.new`)}
          </LinkButton>
        ) : undefined
      }
    />
  );

  return (
    <>
      <BackLink to={paths.adminTimeSlot} label={t('templates.index.title')} />
      <PageHeader
        title={t(`templates.${kind}.list.title`)}
        subtitle={t(`templates.${kind}.list.subtitle`)}
        actions={
          canWrite && (
            <LinkButton variant="contained" to={newPath} startIcon={<Add />} data-testid={`template-${kind}-new`}>
              {t(`templates.${kind}.actions.new`)}
            </LinkButton>
          )
        }
      />
      <ListGrid<R>
        rows={query.data ?? []}
        query={query}
        columns={allColumns}
        initialState={{ sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
        hideFooter={(query.data?.length ?? 0) <= 25}
        autoRowHeight
        overlayHeight={260}
        onRowClick={canWrite ? ({ row }) => void navigate(editPath(row.id)) : undefined}
        empty={empty}
        label={t(`templates.${kind}.list.title`)}
        testId={`template-${kind}-grid`}
      />
      <DeleteRowDialog
        deletion={deletion}
        title={t(`templates.${kind}.deleteTitle`, { name: deletion.row?.name ?? '' })}
        body={t(`templates.${kind}.deleteBody`)}
        confirmLabel={t('templates.actions.delete')}
        testId="template-delete-dialog"
      />
    </>
  );
}
