import { Box, Link, Stack, Typography, type SxProps, type Theme } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Swap } from '@timbro/shared';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { catalogFor } from '../../../i18n/languages';
import { formatDateTime } from '../../../lib/dates';
import type { SwapSide } from '../api/swap-detail';
import { swapPath } from './swap-links';
import { personName, ShiftLine } from './swap-shift';
import { SwapStatusChip } from './swap-status';

/** A person's name linking to the swap, in a grid row (the click opens the link, not the row). */
function NameLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      onClick={(e) => e.stopPropagation()}
      underline="hover"
      variant="body2"
      sx={{ display: 'block', fontWeight: 500 }}
    >
      {children}
    </Link>
  );
}

/** A shift with whose it is, in a cell: "Mario Rossi" above "lun 23 nov 2026 · 22:00–06:00 (+1)". */
function ShiftCell({
  name,
  shift,
  to,
  testId,
}: {
  name: string;
  shift: Swap['sourceShift'];
  to?: string;
  testId: string;
}) {
  return (
    <Box sx={{ minWidth: 0, py: 0.5 }} data-testid={testId}>
      {to ? (
        <NameLink to={to}>{name}</NameLink>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
      )}
      <ShiftLine shift={shift} />
    </Box>
  );
}

/** The admin's requester cell: who asked, linked to the swap, above the shift they give. */
function RequesterCell({ row }: { row: Swap }) {
  return (
    <ShiftCell
      name={personName(row.requester)}
      shift={row.sourceShift}
      to={swapPath('admin', row.id)}
      testId="swap-row-source"
    />
  );
}

/** The admin's target cell: the colleague asked, above the shift they would give back. */
function TargetCell({ row }: { row: Swap }) {
  return <ShiftCell name={personName(row.target)} shift={row.targetShift} testId="swap-row-target" />;
}

/** The member's colleague cell: the other person, linked to the swap, above which way the request goes. */
function ColleagueCell({ row, asked, sx }: { row: Swap; asked: boolean; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Box sx={sx} data-testid="swap-row-colleague">
      <NameLink to={swapPath('member', row.id)}>{personName(asked ? row.target : row.requester)}</NameLink>
      <Typography variant="caption" color="text.secondary">
        {t(asked ? 'shiftSwaps.columns.askedByMe' : 'shiftSwaps.columns.askedToMe')}
      </Typography>
    </Box>
  );
}

/** A labelled line of a swap's card (the phone layout): "Il mio turno" above the shift. */
function CardPart({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The swap lists' columns. Admin: the requester's shift → the colleague's, the status, when it was asked. Member: my
 * shift and the other's (whoever asked), the other person with which way the request goes, the status, when.
 * On a phone (`phone`, under 600 px) one column: each swap a card with the same parts one under the other (issue 30
 * item 17: five columns of 150–210 px squeezed into a phone's width).
 */
export function useSwapColumns(side: SwapSide, me: string | null, phone = false): GridColDef<Swap>[] {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return useMemo<GridColDef<Swap>[]>(() => {
    const common = { sortable: false, filterable: false, disableColumnMenu: true } as const;
    const mineFirst = (row: Swap) => me === null || row.requester.id === me;
    if (phone)
      return [
        {
          ...common,
          field: 'summary',
          headerName: t('shiftSwaps.columns.swap'),
          flex: 1,
          minWidth: 0,
          renderCell: ({ row }) => {
            const asked = mineFirst(row);
            const when = (
              <Typography variant="caption" color="text.secondary">
                {t('shiftSwaps.columns.createdOn', { date: formatDateTime(row.createdAt, language) })}
              </Typography>
            );
            return (
              <Stack spacing={1} sx={{ py: 1, minWidth: 0, width: '100%' }} data-testid="swap-card">
                {side === 'admin' ? (
                  <>
                    <CardPart label={t('shiftSwaps.columns.requester')}>
                      <RequesterCell row={row} />
                    </CardPart>
                    <CardPart label={t('shiftSwaps.columns.target')}>
                      <TargetCell row={row} />
                    </CardPart>
                  </>
                ) : (
                  <>
                    <ColleagueCell row={row} asked={asked} />
                    <CardPart label={t('shiftSwaps.columns.myShift')} testId="swap-row-mine">
                      <ShiftLine shift={asked ? row.sourceShift : row.targetShift} />
                    </CardPart>
                    <CardPart label={t('shiftSwaps.columns.otherShift')} testId="swap-row-other">
                      <ShiftLine shift={asked ? row.targetShift : row.sourceShift} />
                    </CardPart>
                  </>
                )}
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <SwapStatusChip status={row.status} />
                  {when}
                </Box>
              </Stack>
            );
          },
        },
      ];
    const status: GridColDef<Swap> = {
      ...common,
      field: 'status',
      headerName: t('shiftSwaps.columns.status'),
      minWidth: 190,
      flex: 0.8,
      renderCell: ({ row }) => <SwapStatusChip status={row.status} />,
    };
    const created: GridColDef<Swap> = {
      ...common,
      field: 'createdAt',
      headerName: t('shiftSwaps.columns.created'),
      minWidth: 150,
      flex: 0.6,
      valueFormatter: (value: string) => formatDateTime(value, language),
    };
    if (side === 'admin')
      return [
        {
          ...common,
          field: 'sourceShift',
          headerName: t('shiftSwaps.columns.requester'),
          minWidth: 230,
          flex: 1.2,
          renderCell: ({ row }) => <RequesterCell row={row} />,
        },
        {
          ...common,
          field: 'targetShift',
          headerName: t('shiftSwaps.columns.target'),
          minWidth: 230,
          flex: 1.2,
          renderCell: ({ row }) => <TargetCell row={row} />,
        },
        status,
        created,
      ];
    return [
      {
        ...common,
        field: 'sourceShift',
        headerName: t('shiftSwaps.columns.myShift'),
        minWidth: 210,
        flex: 1,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }} data-testid="swap-row-mine">
            <ShiftLine shift={mineFirst(row) ? row.sourceShift : row.targetShift} />
          </Box>
        ),
      },
      {
        ...common,
        field: 'targetShift',
        headerName: t('shiftSwaps.columns.otherShift'),
        minWidth: 210,
        flex: 1,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.5 }} data-testid="swap-row-other">
            <ShiftLine shift={mineFirst(row) ? row.targetShift : row.sourceShift} />
          </Box>
        ),
      },
      {
        ...common,
        field: 'target',
        headerName: t('shiftSwaps.columns.colleague'),
        minWidth: 190,
        flex: 0.9,
        renderCell: ({ row }) => <ColleagueCell row={row} asked={mineFirst(row)} sx={{ minWidth: 0, py: 0.5 }} />,
      },
      status,
      created,
    ];
  }, [t, language, side, me, phone]);
}
