import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import { Box, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminDocument } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { useDocumentDownload } from './use-document-download';
import { ExpiryCell, OpenedCell } from './document-status';

export const userDocumentsPath = (userInfoId: string) => generatePath(paths.adminUserDocument, { id: userInfoId });

/**
 * The admin document grid's columns: the label (with the note's marker and the description), the employee (on the
 * workspace's grid), the expiry, whether it was opened, the upload date, and download / edit / delete.
 */
export function useAdminDocumentColumns({
  userInfoId,
  canWrite,
  phone,
  onEdit,
  onDelete,
}: {
  userInfoId?: string;
  canWrite: boolean;
  phone: boolean;
  onEdit(doc: AdminDocument): void;
  onDelete(doc: AdminDocument): void;
}): GridColDef<AdminDocument>[] {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { download, start } = useDocumentDownload('admin');
  const downloading = download.isPending ? download.variables?.id : undefined;

  return useMemo<GridColDef<AdminDocument>[]>(() => {
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
                  onClick={() => void start(row)}
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
                    onClick={() => onEdit(row)}
                    data-testid="document-edit"
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('documents.actions.delete')}>
                  <IconButton
                    color="error"
                    aria-label={t('documents.actions.deleteNamed', { label: row.label })}
                    onClick={() => onDelete(row)}
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
  }, [t, language, canWrite, userInfoId, start, downloading, phone, onEdit, onDelete]);
}
