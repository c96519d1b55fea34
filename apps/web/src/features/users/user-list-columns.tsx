import { Box, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { User } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { RoleChips, UserStatusChips } from './user-chips';
import { userDetailPath } from './user-paths';
import { CellLink } from '../../components/list/row-actions';

/**
 * The employee list's columns: the name links to the record and, where the e-mail column is hidden (`wide` false),
 * shows the e-mail under it.
 */
export function useUserColumns(wide: boolean): GridColDef<User>[] {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return useMemo<GridColDef<User>[]>(
    () => [
      {
        field: 'name',
        headerName: t('users.columns.name'),
        flex: 1.4,
        minWidth: 190,
        valueGetter: (_v, row) => `${row.lastName} ${row.firstName}`,
        renderCell: ({ row, value }) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <CellLink to={userDetailPath(row.id)} noWrap sx={{ display: 'block' }}>
              {value as string}
            </CellLink>
            {/* The e-mail under the name where its own column does not fit. */}
            {!wide && (
              <Typography
                variant="caption"
                color="text.secondary"
                component="div"
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
        field: 'email',
        headerName: t('users.columns.email'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ value }) => (
          <Box component="span" dir="ltr" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {value as string}
          </Box>
        ),
      },
      {
        field: 'fiscalCode',
        headerName: t('users.columns.fiscalCode'),
        width: 160,
        renderCell: ({ value }) => (
          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }} dir="ltr">
            {(value as string | null) ?? '—'}
          </Box>
        ),
      },
      {
        field: 'roles',
        headerName: t('users.columns.roles'),
        sortable: false,
        flex: 1,
        minWidth: 130,
        renderCell: ({ row }) => <RoleChips roles={row.roles} />,
      },
      {
        field: 'groups',
        headerName: t('users.columns.groups'),
        sortable: false,
        flex: 1,
        minWidth: 120,
        valueGetter: (_v, row) => row.groups.map((g) => g.name).join(', '),
        renderCell: ({ value }) =>
          value ? (
            (value as string)
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              —
            </Typography>
          ),
      },
      {
        field: 'status',
        headerName: t('users.columns.status'),
        sortable: false,
        width: 140,
        renderCell: ({ row }) => <UserStatusChips user={row} />,
      },
      {
        field: 'lastLoginWebAt',
        headerName: t('users.columns.lastLoginWeb'),
        width: 150,
        valueGetter: (_v, row) => row.lastLoginAt.web,
        renderCell: ({ value }) =>
          value ? (
            formatDateTime(value as string, language)
          ) : (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('users.never')}
            </Typography>
          ),
      },
    ],
    [t, language, wide],
  );
}
