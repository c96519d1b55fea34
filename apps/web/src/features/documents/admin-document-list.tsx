import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ClearAll from '@mui/icons-material/FilterAltOff';
import SearchOff from '@mui/icons-material/SearchOff';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import {
  Box,
  Button,
  IconButton,
  Link,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminDocument } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { GridMessage } from '../../components/data/grid-overlay';
import { FilterBar } from '../../components/list/filter-bar';
import { ServerDataGrid } from '../../components/list/list-grid';
import { SearchField } from '../../components/list/search-field';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useServerList } from '../../lib/use-server-list';
import { useDeleteDocument } from './api/delete-document';
import { useDownloadDocument } from './api/download-document';
import {
  DOCUMENT_SORT_FIELDS,
  DOCUMENT_STATUSES,
  isDocumentStatus,
  useDocuments,
  type DocumentSortField,
} from './api/get-documents';
import { DocumentFormDialog } from './document-form-dialog';
import { EXPIRING_WITHIN_DAYS, ExpiryCell, OpenedCell } from './document-status';

const FILTER_KEYS = ['status'] as const;
/** Grid column → API sort field (the employee column sorts by last name). */
const SORTABLE: Record<string, DocumentSortField> = {
  label: 'label',
  employee: 'name',
  expiresAt: 'expiresAt',
  createdAt: 'createdAt',
};

export const userDocumentsPath = (userInfoId: string) => generatePath(paths.adminUserDocument, { id: userInfoId });
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
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
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
  const query = useDocuments({
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    status,
    search: params.search,
    userInfoId,
  });
  const download = useDownloadDocument('admin');
  const remove = useDeleteDocument();
  const [editing, setEditing] = useState<AdminDocument | null>(null);
  const [deleting, setDeleting] = useState<AdminDocument | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const downloadAsync = download.mutateAsync;
  const downloading = download.isPending ? download.variables?.id : undefined;

  const columns = useMemo<GridColDef<AdminDocument>[]>(() => {
    const onDownload = async (doc: AdminDocument) => {
      try {
        await downloadAsync(doc);
      } catch (err) {
        enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
      }
    };
    return [
      {
        field: 'label',
        headerName: t('documents.columns.label'),
        flex: 1.4,
        minWidth: phone ? 150 : 180,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap data-testid="document-row-label">
                {row.label}
              </Typography>
              {row.note && (
                <Tooltip title={t('documents.columns.noteTooltip', { note: row.note })}>
                  <StickyNote2Outlined
                    fontSize="small"
                    color="action"
                    aria-label={t('documents.fields.note')}
                    aria-hidden={false}
                    role="img"
                  />
                </Tooltip>
              )}
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div" noWrap>
              {row.description ?? row.attachment.name}
            </Typography>
          </Box>
        ),
      },
      ...(userInfoId
        ? []
        : [
            {
              field: 'employee',
              headerName: t('documents.columns.employee'),
              flex: 1,
              minWidth: 140,
              valueGetter: (_v: unknown, row: AdminDocument) => `${row.userInfo.lastName} ${row.userInfo.firstName}`,
              renderCell: ({ row, value }: { row: AdminDocument; value?: unknown }) => (
                <Link
                  component={RouterLink}
                  to={userDocumentsPath(row.userInfo.id)}
                  underline="hover"
                  sx={{ fontWeight: 500 }}
                  noWrap
                  data-testid="document-row-employee"
                >
                  {value as string}
                </Link>
              ),
            } satisfies GridColDef<AdminDocument>,
          ]),
      {
        field: 'expiresAt',
        headerName: t('documents.columns.expiresAt'),
        width: phone ? 150 : 210,
        renderCell: ({ row }) => <ExpiryCell doc={row} forAdmin />,
      },
      {
        field: 'opened',
        headerName: t('documents.columns.opened'),
        sortable: false,
        width: 190,
        renderCell: ({ row }) => <OpenedCell doc={row} />,
      },
      {
        field: 'createdAt',
        headerName: t('documents.columns.createdAt'),
        width: 140,
        renderCell: ({ row }) => formatDate(row.createdAt, language),
      },
      {
        field: 'actions',
        headerName: t('documents.columns.actions'),
        sortable: false,
        width: canWrite ? 140 : 70,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <Tooltip title={t('documents.actions.download')}>
              <span>
                <IconButton
                  aria-label={t('documents.actions.downloadNamed', { label: row.label })}
                  disabled={downloading === row.id}
                  onClick={() => void onDownload(row)}
                  data-testid="document-download"
                >
                  <DownloadOutlined fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            {canWrite && (
              <>
                <Tooltip title={t('documents.actions.edit')}>
                  <IconButton
                    aria-label={t('documents.actions.editNamed', { label: row.label })}
                    onClick={() => setEditing(row)}
                    data-testid="document-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('documents.actions.delete')}>
                  <IconButton
                    color="error"
                    aria-label={t('documents.actions.deleteNamed', { label: row.label })}
                    onClick={() => (setRefusal(null), setDeleting(row))}
                    data-testid="document-delete"
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Box>
        ),
      },
    ];
  }, [t, language, canWrite, userInfoId, downloadAsync, downloading, enqueueSnackbar, phone]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setRefusal(null);
    try {
      await remove.mutateAsync(deleting.id);
      enqueueSnackbar(t('documents.saved.deleted', { label: deleting.label }), { variant: 'success' });
      setDeleting(null);
    } catch (err) {
      setRefusal(errorMessage(err, t('errors.generic')));
    }
  };

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
          <TextField
            select
            size="small"
            label={t('documents.filter.label')}
            value={status ?? ''}
            onChange={(e) => update({ filters: { status: e.target.value } })}
            helperText={t('documents.filter.expiringHint', { days: EXPIRING_WITHIN_DAYS })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="documents-status-filter"
          >
            <MenuItem value="">{t('documents.filter.all')}</MenuItem>
            {DOCUMENT_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`documents.filter.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            onClick={clear}
            disabled={!hasFilters}
            startIcon={<ClearAll />}
            sx={{ justifySelf: 'start', whiteSpace: 'nowrap', mt: { md: 0.25 } }}
          >
            {t('documents.list.clear')}
          </Button>
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
      <ConfirmDialog
        open={!!deleting}
        title={t('documents.delete.title')}
        body={deleting ? t('documents.delete.body', { label: deleting.label, name: personName(deleting) }) : ''}
        confirmLabel={t('documents.actions.delete')}
        tone="error"
        busy={remove.isPending}
        error={refusal}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
        testId="document-delete-dialog"
      />
    </>
  );
}
