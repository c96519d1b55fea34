import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { Box, Paper, Typography } from '@mui/material';
import type { SwapDetail } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { personName, ShiftSummary } from './swap-shift';

/** The requester's shift → the colleague's, side by side (stacked on a phone); the arrow follows the reading direction. */
export function SwapShiftPair({ swap }: { swap: SwapDetail }) {
  const { t } = useTranslation();
  const requester = personName(swap.requester);
  const target = personName(swap.target);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 } }}
      component="section"
      aria-label={t('shiftSwaps.detail.shifts')}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) auto minmax(0, 1fr)' },
          alignItems: 'center',
        }}
      >
        <PairSide
          title={t('shiftSwaps.detail.requesterShift', { name: requester })}
          shift={swap.sourceShift}
          testId="swap-source"
        />
        <SwapHorizOutlined
          aria-hidden
          color="action"
          sx={{ justifySelf: 'center', fontSize: 32, transform: { xs: 'rotate(90deg)', sm: 'none' } }}
        />
        <PairSide
          title={t('shiftSwaps.detail.targetShift', { name: target })}
          shift={swap.targetShift}
          testId="swap-target"
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('shiftSwaps.detail.explain', { requester, target })}
      </Typography>
      {swap.note && (
        <Box sx={{ mt: 2 }} data-testid="swap-note">
          <Typography variant="subtitle2" component="h3">
            {t('shiftSwaps.detail.note', { name: requester })}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {swap.note}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** One side of the pair: whose shift, above it. */
function PairSide({ title, shift, testId }: { title: string; shift: SwapDetail['sourceShift']; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="overline" color="text.secondary" component="h2">
        {title}
      </Typography>
      <ShiftSummary shift={shift} />
    </Box>
  );
}
