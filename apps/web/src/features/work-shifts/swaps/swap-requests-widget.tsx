import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { Box, Button, Link, Typography } from '@mui/material';
import type { Swap } from '@timbro/shared';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { WidgetCard, widgetListSx, widgetRowSx } from '../../../components/widget-card';
import { catalogFor } from '../../../i18n/languages';
import { useCan } from '../../../lib/auth/use-can';
import { useDashboardSlice } from '../../../lib/queries/dashboard';
import { formatShiftRange, isOvernight } from '../shift-time';
import { swapListPath, swapPath, swapsToAnswerPath } from './swap-links';

const name = (p: Swap['requester']) => `${p.firstName} ${p.lastName}`;

/** "lun 7 dic 06:00–14:00 (+1)": one side of a swap. */
function shiftText(shift: Swap['sourceShift'], language: string) {
  return `${dayjs(shift.date).locale(language).format('ddd D MMM')} ${formatShiftRange(shift)}${isOvernight(shift) ? ' (+1)' : ''}`;
}

/**
 * "Richieste di cambio turno" (GET /dashboard's `swapRequests`): for an admin the swaps awaiting a decision, for an
 * employee those awaiting my reply — the same query and total as the swap list it links to.
 */
export function SwapRequestsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const slice = useDashboardSlice('swapRequests');
  const decides = useCan('shift:write');
  const side = slice.data?.scope ?? (decides ? 'admin' : 'member');
  const items = slice.data?.items ?? [];
  const total = slice.data?.total ?? 0;
  return (
    <WidgetCard
      testId="widget-swap-requests"
      title={t(side === 'admin' ? 'home.swaps.titleAdmin' : 'home.swaps.titleMember')}
      count={total}
      countLabel={t('home.swaps.count', { n: total })}
      loading={slice.isLoading || (!slice.data && !slice.isError)}
      error={slice.error}
      empty={total === 0 && t(side === 'admin' ? 'home.swaps.emptyAdmin' : 'home.swaps.emptyMember')}
      actions={
        <Button
          component={RouterLink}
          to={
            side === 'admin'
              ? swapListPath('admin')
              : total > 0
                ? swapsToAnswerPath
                : `${swapListPath('member')}?box=all`
          }
          data-testid="widget-swap-requests-all"
        >
          {total > items.length ? t('home.swaps.allN', { n: total }) : t('home.swaps.all')}
        </Button>
      }
    >
      <Box component="ul" sx={widgetListSx}>
        {items.map((s) => (
          <Box component="li" key={s.id} sx={widgetRowSx} data-testid="widget-swap-request">
            <SwapHoriz aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={swapPath(side, s.id)}
                underline="hover"
                variant="body2"
                noWrap
                sx={{ display: 'block', fontWeight: 500 }}
              >
                {side === 'admin'
                  ? t('home.swaps.between', { from: name(s.requester), to: name(s.target) })
                  : t('home.swaps.from', { name: name(s.requester) })}
              </Link>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                <bdi>{shiftText(s.sourceShift, language)}</bdi>
                {' ⇄ '}
                <bdi>{shiftText(s.targetShift, language)}</bdi>
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}
