import AttachFile from '@mui/icons-material/AttachFile';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { Box, Link, Stack, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminAnnouncement } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { catalogFor } from '../../i18n/languages';
import { audienceNames, audienceSummary, ReachSummary, StateChip } from './announcement-state';
import { announcementEditPath, announcementPath } from './links';
import { formatInZone } from './zone';
import { DeleteRowButton, EditRowLink } from '../../components/list/row-actions';

interface Options {
  timeZone: string | undefined;
  canWrite: boolean;
  onDelete(announcement: AdminAnnouncement): void;
}

/** The admin list's columns: title (with attachments and acknowledgement marks), state, time, recipients, reach. */
export function useAnnouncementColumns({ timeZone, canWrite, onDelete }: Options): GridColDef<AdminAnnouncement>[] {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  return useMemo<GridColDef<AdminAnnouncement>[]>(() => {
    // The row opens the announcement: its buttons act without opening it.
    const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
    return [
      {
        field: 'title',
        headerName: t('announcements.columns.title'),
        flex: 1.5,
        minWidth: phone ? 160 : 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, py: 0.5 }}>
            <Link
              component={RouterLink}
              to={announcementPath(row.id)}
              onClick={stop}
              underline="hover"
              variant="body2"
              noWrap
              sx={{ display: 'block', fontWeight: 500 }}
              data-testid="announcement-row-title"
            >
              {row.title}
            </Link>
            <Stack direction="row" spacing={1.5} sx={{ color: 'text.secondary', alignItems: 'center' }}>
              {row.attachments.length > 0 && (
                <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
                  <AttachFile sx={{ fontSize: 16 }} aria-hidden />
                  <Typography variant="caption">
                    {t('announcements.columns.attachments', { n: row.attachments.length })}
                  </Typography>
                </Stack>
              )}
              {row.requiresAck && (
                <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
                  <TaskAltOutlined sx={{ fontSize: 16 }} aria-hidden />
                  <Typography variant="caption">{t('announcements.ack.required')}</Typography>
                </Stack>
              )}
            </Stack>
          </Box>
        ),
      },
      {
        field: 'state',
        headerName: t('announcements.columns.state'),
        sortable: false,
        width: 140,
        renderCell: ({ row }) => <StateChip state={row.state} />,
      },
      {
        field: 'sendAt',
        headerName: t('announcements.columns.sendAt'),
        width: phone ? 150 : 160,
        renderCell: ({ row }) => (
          <Typography variant="body2" data-testid="announcement-row-send-at">
            {formatInZone(row.sendAt, timeZone, language)}
          </Typography>
        ),
      },
      {
        field: 'recipients',
        headerName: t('announcements.columns.recipients'),
        sortable: false,
        flex: 1,
        minWidth: 120,
        renderCell: ({ row }) => (
          <Tooltip title={row.audience.everyone ? '' : audienceNames(row.audience)}>
            <Typography variant="body2" noWrap data-testid="announcement-row-recipients">
              {audienceSummary(t, row.audience)}
            </Typography>
          </Tooltip>
        ),
      },
      {
        field: 'reach',
        headerName: t('announcements.columns.reach'),
        sortable: false,
        width: 170,
        renderCell: ({ row }) => <ReachSummary announcement={row} />,
      },
      ...(canWrite
        ? [
            {
              field: 'actions',
              headerName: t('announcements.columns.actions'),
              sortable: false,
              width: 90,
              align: 'right',
              headerAlign: 'right',
              renderCell: ({ row }) => (
                <Box sx={{ whiteSpace: 'nowrap' }}>
                  <EditRowLink
                    to={announcementEditPath(row.id)}
                    title={t('announcements.actions.edit')}
                    label={t('announcements.actions.editNamed', { title: row.title })}
                    testId="announcement-edit"
                  />
                  <DeleteRowButton
                    title={t('announcements.actions.delete')}
                    label={t('announcements.actions.deleteNamed', { title: row.title })}
                    onDelete={() => onDelete(row)}
                    testId="announcement-delete"
                  />
                </Box>
              ),
            } satisfies GridColDef<AdminAnnouncement>,
          ]
        : []),
    ];
  }, [t, language, timeZone, canWrite, onDelete, phone]);
}

/** Narrow screens drop the creation date, phones the recipients too. */
export function useAnnouncementColumnVisibility() {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return { createdAt: !narrow, recipients: !phone };
}
