import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import type { Reach } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../i18n/languages';
import { percent } from './announcement-state';

/**
 * The reach as a funnel: recipients → e-mailed → opened → acknowledged (when asked), each a figure with its share of
 * the recipients and a bar.
 */
export function ReachFunnel({ reach, requiresAck }: { reach: Reach; requiresAck: boolean }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const number = new Intl.NumberFormat(language);
  const steps = [
    { key: 'recipients', value: reach.recipients },
    { key: 'emailed', value: reach.emailed },
    { key: 'opened', value: reach.opened },
    ...(requiresAck ? [{ key: 'acknowledged', value: reach.acknowledged }] : []),
  ];
  return (
    <Box
      component="ul"
      aria-label={t('announcements.reach.funnel')}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: `repeat(${steps.length}, 1fr)` },
      }}
      data-testid="reach-funnel"
    >
      {steps.map((step, n) => {
        const share = percent(step.value, reach.recipients);
        return (
          <Paper component="li" variant="outlined" key={step.key} sx={{ p: 1.5 }} data-testid={`reach-${step.key}`}>
            <Typography variant="body2" color="text.secondary">
              {t(`announcements.reach.steps.${step.key}`)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600, my: 0.5 }}>
              {number.format(step.value)}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={n === 0 ? 100 : share}
              color={step.key === 'acknowledged' ? 'success' : 'primary'}
              aria-hidden
              sx={{ height: 6, borderRadius: 3 }}
            />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
              {n === 0 ? t('announcements.reach.everyoneTold') : t('announcements.reach.share', { percent: share })}
            </Typography>
          </Paper>
        );
      })}
    </Box>
  );
}
