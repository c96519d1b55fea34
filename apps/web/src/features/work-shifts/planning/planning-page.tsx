import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import ClearAll from '@mui/icons-material/FilterAltOff';
import PeopleOutline from '@mui/icons-material/PeopleOutlined';
import Publish from '@mui/icons-material/PublishOutlined';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Skeleton, Stack, TablePagination } from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GridMessage } from '../../../components/data/grid-overlay';
import { PageHeader } from '../../../components/page-header';
import { PAGE_SIZES } from '../../../lib/use-list-params';
import { usePlanning } from '../api/get-planning';
import { CopyWeekDialog } from './copy-week-dialog';
import { newWorkShiftPath } from '../links';
import { PlanningGrid } from './planning-grid';
import { PlanningLegend } from './planning-legend';
import { planningModel } from './planning-model';
import { daysOf, rangeOf } from './planning-range';
import { PlanningToolbar, useRangeLabel } from './planning-toolbar';
import { PublishDialog } from './publish-dialog';
import { usePlanningParams } from './use-planning-params';
import { RetryAlert } from '../../../components/retry-alert';

/**
 * /admin/work-shift: employees × days of a week (Monday first) or a month, a page of employees at a time (group,
 * search). Each cell shows the person's shifts of that day, drafts apart from published ones, over their absence or the
 * holiday; an empty cell opens the new shift for that person and day, a shift its page. "Pubblica" publishes the drafts
 * shown, "Copia settimana" copies the week as drafts.
 */
export function PlanningPage() {
  const { t } = useTranslation();
  const state = usePlanningParams();
  const { params, update, range, ready, hasFilters, clear } = state;
  const rangeLabel = useRangeLabel();
  const planning = usePlanning(
    {
      from: range.from,
      to: range.to,
      groupId: state.groupId,
      search: params.search || undefined,
      page: params.page,
      perPage: params.perPage,
    },
    ready,
  );
  const [dialog, setDialog] = useState<'publish' | 'copy' | null>(null);
  // The previous period's answer stays while the next one loads (keepPreviousData): drawn only when it is this one's.
  const data = planning.data?.from === range.from && planning.data.to === range.to ? planning.data : undefined;
  const model = useMemo(() => (data ? planningModel(data) : null), [data]);
  const days = useMemo(() => daysOf(range), [range]);
  const group = state.groupId ? state.groups.data?.find((g) => g.id === state.groupId) : undefined;
  const drafts = data?.drafts ?? 0;
  const week = range.view === 'week';

  return (
    <>
      <PageHeader
        title={t('workShifts.planning.title')}
        subtitle={t('workShifts.planning.subtitle')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {week && (
              <Button
                variant="outlined"
                startIcon={<ContentCopy />}
                onClick={() => setDialog('copy')}
                disabled={!ready}
                data-testid="copy-week"
              >
                {t('workShifts.copy.action')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<Publish />}
              onClick={() => setDialog('publish')}
              disabled={!data || drafts === 0}
              data-testid="publish"
            >
              {t('workShifts.publish.action')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              component={RouterLink}
              to={newWorkShiftPath()}
              data-testid="new-shift"
            >
              {t('workShifts.actions.new')}
            </Button>
          </Stack>
        }
      />
      <PlanningToolbar state={state} />
      {planning.isError && (
        <RetryAlert
          error={planning.error}
          onRetry={() => void planning.refetch()}
          sx={{ mb: 2 }}
          testId="planning-error"
        />
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1.5 }}>
          <Chip
            variant="outlined"
            label={t('workShifts.planning.drafts', { n: drafts })}
            color={drafts > 0 ? 'primary' : 'default'}
            data-testid="drafts-count"
          />
          <PlanningLegend />
        </Box>
        <Box sx={{ height: 4, mb: 0.5 }}>
          {planning.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        </Box>
        {!ready || (!model && !planning.isError) ? (
          <Skeleton variant="rounded" height={280} data-testid="planning-loading" />
        ) : !model ? null : model.rows.length === 0 ? (
          <Box sx={{ height: 280 }}>
            <GridMessage
              icon={<PeopleOutline />}
              title={t(hasFilters ? 'workShifts.planning.empty.filteredTitle' : 'workShifts.planning.empty.title')}
              body={t(hasFilters ? 'workShifts.planning.empty.filteredBody' : 'workShifts.planning.empty.body')}
              action={
                hasFilters ? (
                  <Button onClick={clear} startIcon={<ClearAll />}>
                    {t('workShifts.planning.clear')}
                  </Button>
                ) : undefined
              }
            />
          </Box>
        ) : (
          <>
            {data?.shifts.length === 0 && (
              <Alert severity="info" sx={{ mb: 1.5 }} data-testid="planning-no-shifts">
                {t(week ? 'workShifts.planning.noShiftsWeek' : 'workShifts.planning.noShifts')}
              </Alert>
            )}
            <PlanningGrid
              label={t('workShifts.planning.gridLabel', { period: rangeLabel(range) })}
              days={days}
              model={model}
              today={state.today}
              compact={!week}
              busy={planning.isFetching}
            />
          </>
        )}
        {(data?.total ?? 0) > params.perPage && (
          <TablePagination
            component="div"
            count={data?.total ?? 0}
            page={Math.max(0, params.page - 1)}
            rowsPerPage={params.perPage}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_e, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(e) => update({ perPage: Number(e.target.value) })}
            data-testid="planning-pagination"
          />
        )}
      </Paper>
      {dialog === 'publish' && (
        <PublishDialog from={range.from} to={range.to} drafts={drafts} group={group} onClose={() => setDialog(null)} />
      )}
      {dialog === 'copy' && (
        <CopyWeekDialog
          from={range.from}
          group={group}
          onClose={() => setDialog(null)}
          onShowWeek={(monday) => {
            setDialog(null);
            state.setRange(rangeOf('week', monday));
          }}
        />
      )}
    </>
  );
}
