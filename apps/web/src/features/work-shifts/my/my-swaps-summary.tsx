import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import { Button, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { useMySwaps } from '../api/swap-list';
import { swapsToAnswerPath } from '../swaps/swap-links';

/** "I miei cambi turno": how many swaps await my reply, and the way to the list. */
export function MySwapsSummary() {
  const { t } = useTranslation();
  const toAnswer = useMySwaps({ box: 'to_answer', page: 1, perPage: 10 });
  const count = toAnswer.data?.total ?? 0;
  return (
    <SectionCard title={t('shiftSwaps.summary.title')} testId="my-swaps-summary">
      {toAnswer.isPending ? (
        <Skeleton variant="text" width="60%" aria-label={t('common.loading')} />
      ) : toAnswer.isError ? (
        <Typography variant="body2" color="text.secondary">
          {t('shiftSwaps.summary.unknown')}
        </Typography>
      ) : (
        <Typography variant="body2" data-testid="my-swaps-to-answer" data-count={count}>
          {count > 0 ? t('shiftSwaps.summary.toAnswer', { n: count }) : t('shiftSwaps.summary.nothingToAnswer')}
        </Typography>
      )}
      <Button
        component={RouterLink}
        to={count > 0 ? swapsToAnswerPath : `${paths.memberShiftSwap}?box=all`}
        variant={count > 0 ? 'contained' : 'outlined'}
        size="small"
        startIcon={<SwapHorizOutlined />}
        sx={{ mt: 1.5 }}
        data-testid="my-swaps-link"
      >
        {t('shiftSwaps.summary.open')}
      </Button>
    </SectionCard>
  );
}
