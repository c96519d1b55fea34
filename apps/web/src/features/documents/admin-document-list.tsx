import ClearAll from '@mui/icons-material/FilterAltOff';
import SearchOff from '@mui/icons-material/SearchOff';
import { Box, Button, useMediaQuery, useTheme } from '@mui/material';
import type { AdminDocument } from '@timbro/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteRowDialog, useDeleteRow } from '../../components/list/use-delete-row';
import { GridMessage } from '../../components/data/grid-overlay';
import { ClearFiltersButton, FilterBar, FilterSelect } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { pageQuery } from '../../components/list/page-query';
import { useCan } from '../../lib/auth/use-can';
import { useServerList } from '../../lib/use-server-list';
import { useDeleteDocument } from './api/delete-document';
import {
  DOCUMENT_SORT_FIELDS,
  DOCUMENT_STATUSES,
  isDocumentStatus,
  useDocuments,
  type DocumentSortField,
} from './api/get-documents';
import { useAdminDocumentColumns } from './admin-document-columns';
import { DocumentFormDialog } from './document-form-dialog';
import { EXPIRING_WITHIN_DAYS } from './document-status';

const FILTER_KEYS = ['status'] as const;
/** Grid column → API sort field (the employee column sorts by last name). */
const SORTABLE: Record<string, DocumentSortField> = {
  label: 'label',
  employee: 'name',
  expiresAt: 'expiresAt',
  createdAt: 'createdAt',
};

const personName = (doc: AdminDocument) => `${doc.userInfo.firstName} ${doc.userInfo.lastName}`;

interface Props {
  /** One employee's documents; the whole workspace's without it (with the employee column). */
  userInfoId?: string;
  /** What the grid shows without any document at all (not filtered). */
  empty: ReactNode;
  label: string;
  testId: string;
}

/**
 * The admin's grid of documents (one employee's or the workspace's): server-side pages, sort, search and the expiry
 * filter in the URL; each row with its expiry (and "Scaduto" / "In scadenza"), whether the employee opened it, and
 * download / edit / delete.
 */
export function AdminDocumentList({ userInfoId, empty, label, testId }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const canWrite = useCan('document:write');
  const list = useServerList({
    sortFields: DOCUMENT_SORT_FIELDS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    filterKeys: FILTER_KEYS,
    sortColumns: SORTABLE,
  });
  const { params, update, hasFilters, clear } = list;
  const status = isDocumentStatus(params.filters.status) ? params.filters.status : undefined;
  const query = useDocuments({ ...pageQuery(params), status, search: params.search, userInfoId });
  const [editing, setEditing] = useState<AdminDocument | null>(null);
  const deletion = useDeleteRow<AdminDocument>(useDeleteDocument(), (doc) =>
    t('documents.saved.deleted', { label: doc.label }),
  );
  const columns = useAdminDocumentColumns({
    userInfoId,
    canWrite,
    phone,
    onEdit: setEditing,
    onDelete: deletion.ask,
  });

  const emptyMessage = hasFilters ? (
    <GridMessage
      icon={<SearchOff />}
      title={t('documents.empty.filteredTitle')}
      body={t('documents.empty.filteredBody')}
      action={
        <Button onClick={clear} startIcon={<ClearAll />}>
          {t('documents.list.clear')}
        </Button>
      }
    />
  ) : (
    empty
  );

  return (
    <>
      <FilterBar label={t('documents.list.searchLabel')}>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr auto' }, alignItems: 'start' }}
        >
          <SearchField
            label={t('documents.list.search')}
            placeholder={userInfoId ? t('documents.list.searchUserHint') : t('documents.list.searchHint')}
            value={list.searchText}
            onChange={list.setSearchText}
            testId="documents-search"
          />
          <FilterSelect
            label={t('documents.filter.label')}
            value={status ?? ''}
            onChange={(v) => update({ filters: { status: v } })}
            all={t('documents.filter.all')}
            showAll
            options={DOCUMENT_STATUSES.map((s) => ({ value: s, label: t(`documents.filter.${s}`) }))}
            helperText={t('documents.filter.expiringHint', { days: EXPIRING_WITHIN_DAYS })}
            testId="documents-status-filter"
          />
          <ClearFiltersButton
            onClick={clear}
            disabled={!hasFilters}
            label={t('documents.list.clear')}
            sx={{ mt: { md: 0.25 } }}
          />
        </Box>
      </FilterBar>
      <ServerDataGrid<AdminDocument>
        list={list}
        query={query}
        columns={columns}
        columnVisibilityModel={{ createdAt: !narrow, opened: !phone }}
        autoRowHeight
        empty={emptyMessage}
        label={label}
        testId={testId}
      />
      {editing && (
        <DocumentFormDialog
          userInfoId={editing.userInfo.id}
          name={personName(editing)}
          document={editing}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteRowDialog
        deletion={deletion}
        title={t('documents.delete.title')}
        body={
          deletion.row ? t('documents.delete.body', { label: deletion.row.label, name: personName(deletion.row) }) : ''
        }
        confirmLabel={t('documents.actions.delete')}
        testId="document-delete-dialog"
      />
    </>
  );
}
