import AutoModeOutlined from '@mui/icons-material/AutoModeOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { Box, Stack, Typography } from '@mui/material';
import type { SwapDetail } from '@timbro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { formatDateTime } from '../../../lib/dates';
import { personName } from './swap-shift';

interface Step {
  key: string;
  icon: ReactNode;
  tone: 'primary.main' | 'success.main' | 'error.main' | 'warning.main' | 'text.secondary';
  text: string;
  at: string | null;
  note: string | null;
}

/** The steps so far: asked, the colleague's answer (or the wait for it), the admin's decision (or the wait), an automatic rejection. */
function useSteps(swap: SwapDetail): Step[] {
  const { t } = useTranslation();
  const requester = personName(swap.requester);
  const target = personName(swap.target);
  const steps: Step[] = [
    {
      key: 'asked',
      icon: <SendOutlined fontSize="small" />,
      tone: 'primary.main',
      text: t('shiftSwaps.timeline.asked', { name: requester, colleague: target }),
      at: swap.createdAt,
      note: swap.note,
    },
  ];
  if (swap.targetStatus === 'accepted' || swap.targetStatus === 'declined')
    steps.push({
      key: 'answer',
      icon:
        swap.targetStatus === 'accepted' ? (
          <CheckCircleOutlined fontSize="small" />
        ) : (
          <CancelOutlined fontSize="small" />
        ),
      tone: swap.targetStatus === 'accepted' ? 'success.main' : 'error.main',
      text: t(`shiftSwaps.timeline.${swap.targetStatus}`, { name: target }),
      at: swap.answeredAt,
      note: swap.answerNote,
    });
  else if (swap.status === 'waiting_colleague')
    steps.push({
      key: 'answer',
      icon: <HourglassEmptyOutlined fontSize="small" />,
      tone: 'warning.main',
      text: t('shiftSwaps.timeline.waitingColleague', { name: target }),
      at: null,
      note: null,
    });
  if (swap.status === 'waiting_admin')
    steps.push({
      key: 'decision',
      icon: <HourglassEmptyOutlined fontSize="small" />,
      tone: 'warning.main',
      text: t('shiftSwaps.timeline.waitingAdmin'),
      at: null,
      note: null,
    });
  // An admin's decision: an approval, or a rejection that was not the colleague's refusal.
  if (swap.status === 'approved' || (swap.status === 'rejected' && swap.targetStatus !== 'declined'))
    steps.push({
      key: 'decision',
      icon: swap.status === 'approved' ? <CheckCircleOutlined fontSize="small" /> : <CancelOutlined fontSize="small" />,
      tone: swap.status === 'approved' ? 'success.main' : 'error.main',
      text: swap.decidedBy
        ? t(`shiftSwaps.timeline.${swap.status}By`, { name: swap.decidedBy })
        : t(`shiftSwaps.timeline.${swap.status}`),
      at: swap.decidedAt,
      note: swap.decisionNote,
    });
  if (swap.status === 'auto_rejected')
    steps.push({
      key: 'auto',
      icon: <AutoModeOutlined fontSize="small" />,
      tone: 'text.secondary',
      text: swap.autoReason
        ? t('shiftSwaps.timeline.autoRejectedBecause', { reason: t(`shiftSwaps.autoReason.${swap.autoReason}`) })
        : t('shiftSwaps.timeline.autoRejected'),
      at: swap.decidedAt,
      note: null,
    });
  return steps;
}

/** The swap's story, oldest first, each step with its time and note. */
export function SwapTimeline({ swap }: { swap: SwapDetail }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const steps = useSteps(swap);
  return (
    <Stack component="ol" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="swap-timeline">
      {steps.map((s, i) => (
        <Box
          component="li"
          key={s.key}
          sx={{ display: 'flex', gap: 1.5, pb: i === steps.length - 1 ? 0 : 2, position: 'relative' }}
          data-testid="swap-step"
          data-step={s.key}
        >
          {i < steps.length - 1 && (
            <Box
              aria-hidden
              sx={{
                position: 'absolute',
                insetInlineStart: 11,
                top: 28,
                bottom: 4,
                borderInlineStart: 2,
                borderColor: 'divider',
              }}
            />
          )}
          <Box sx={{ color: s.tone, display: 'flex', pt: 0.25, width: 24, justifyContent: 'center', flexShrink: 0 }}>
            {s.icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {s.text}
            </Typography>
            {s.at && (
              <Typography variant="caption" color="text.secondary" component="p">
                {formatDateTime(s.at, language)}
              </Typography>
            )}
            {s.note && (
              <Typography
                variant="body2"
                component="blockquote"
                sx={{
                  m: 0,
                  mt: 0.5,
                  paddingInlineStart: 1.5,
                  borderInlineStart: 3,
                  borderColor: 'divider',
                  color: 'text.secondary',
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                }}
                aria-label={t('shiftSwaps.timeline.note')}
              >
                {s.note}
              </Typography>
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
