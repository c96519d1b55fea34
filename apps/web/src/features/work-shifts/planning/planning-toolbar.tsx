import { Box, MenuItem, Skeleton, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ClearFiltersButton, FilterBar } from '../../../components/list/filter-bar';
import { SearchField } from '../../../components/list/search-field';
import { catalogFor } from '../../../i18n/languages';
import { RangeStepper } from '../range-stepper';
import { holds, rangeOf, stepRange, type PlanningRange, type PlanningView } from './planning-range';
import type { PlanningState } from './use-planning-params';

/** "16 – 22 nov 2026" for a week, "novembre 2026" for a month, in the user's language. */
export function useRangeLabel() {
  const { i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (range: { view: PlanningView; from: string; to: string }) => {
    const from = dayjs(range.from).locale(language);
    const to = dayjs(range.to).locale(language);
    if (range.view === 'month') return from.format('MMMM YYYY');
    return `${from.format(from.year() === to.year() ? 'D MMM' : 'D MMM YYYY')} – ${to.format('D MMM YYYY')}`;
  };
}

const VIEWS: readonly PlanningView[] = ['week', 'month'];

/**
 * The planning's filters: ‹ period › (the arrows follow the reading direction) and "Oggi", week or month, the search by
 * name, the group and "clear filters".
 */
export function PlanningToolbar({ state }: { state: PlanningState }) {
  const { t } = useTranslation();
  const rangeLabel = useRangeLabel();
  const { range, today } = state;
  const go = (next: PlanningRange) => state.setRange(next);
  const previous = t(`workShifts.planning.previous.${range.view}`);
  const next = t(`workShifts.planning.next.${range.view}`);
  return (
    <FilterBar label={t('workShifts.planning.filters')}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'auto auto',
            lg: 'auto auto minmax(160px, 1fr) minmax(160px, 1fr) auto',
          },
          alignItems: 'center',
        }}
      >
        {state.ready ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
            <RangeStepper
              label={rangeLabel(range)}
              labelWidth={190}
              previous={previous}
              next={next}
              onStep={(step) => go(stepRange(range, step))}
              current={
                holds(range, today)
                  ? null
                  : {
                      label: t(`workShifts.planning.current.${range.view}`),
                      onClick: () => go(rangeOf(range.view, today)),
                    }
              }
            />
          </Box>
        ) : (
          <Skeleton variant="rounded" width={300} height={40} />
        )}
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={range.view}
          onChange={(_e, v: PlanningView | null) => v && state.setView(v)}
          aria-label={t('workShifts.planning.view')}
        >
          {VIEWS.map((v) => (
            <ToggleButton key={v} value={v} data-testid={`view-${v}`}>
              {t(`workShifts.planning.views.${v}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <SearchField
          label={t('workShifts.planning.search')}
          value={state.searchText}
          onChange={state.setSearchText}
          testId="planning-search"
        />
        <TextField
          select
          size="small"
          label={t('workShifts.planning.group')}
          value={state.groupId ?? ''}
          onChange={(e) => state.setGroupId(e.target.value)}
          data-testid="planning-group"
        >
          <MenuItem value="">{t('workShifts.planning.allGroups')}</MenuItem>
          {(state.groups.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <ClearFiltersButton onClick={state.clear} disabled={!state.hasFilters} label={t('workShifts.planning.clear')} />
      </Box>
    </FilterBar>
  );
}
