import { Alert, Box, Stack, Typography } from '@mui/material';
import type { SwapDetail } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { Loaded } from '../../../components/form/form-page';
import { catalogFor } from '../../../i18n/languages';
import { useCan } from '../../../lib/auth/use-can';
import { formatDateTime } from '../../../lib/dates';
import type { SwapAction } from '../api/swap-actions';
import { useSwap, type SwapSide } from '../api/swap-detail';
import { SwapDecisionDialog } from './swap-decision-dialog';
import { swapListPath } from './swap-links';
import { SwapActionBar } from './swap-action-bar';
import { personName } from './swap-shift';
import { SwapShiftPair } from './swap-shift-pair';
import { SwapStatusChip } from './swap-status';
import { SwapTimeline } from './swap-timeline';
import { useMyUserInfoId } from './swap-viewer';
import { SwapWarnings } from './swap-warnings';

/** /member/shift-swap/:id: one of my swaps; "Accetta" / "Rifiuta" when it waits for my reply. */
export function MemberSwapDetailPage() {
  return <SwapDetailPage side="member" />;
}

/** /admin/shift-swap/:id: a swap; "Approva" / "Rifiuta" when it waits for a decision, with both people's rest rules. */
export function AdminSwapDetailPage() {
  return <SwapDetailPage side="admin" />;
}

function SwapDetailPage({ side }: { side: SwapSide }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useSwap(side, id);
  const back = {
    to: swapListPath(side),
    label: t(side === 'admin' ? 'shiftSwaps.list.adminTitle' : 'shiftSwaps.list.memberTitle'),
  };
  return (
    <Loaded queries={[query]} back={back} width={980}>
      {([swap]) => (
        <Box sx={{ maxWidth: 980 }}>
          <BackLink {...back} />
          <SwapView swap={swap} side={side} />
        </Box>
      )}
    </Loaded>
  );
}

/**
 * The swap: its status, what waits for whom (and the buttons of who must act now), the two shifts side by side (the
 * requester's → the colleague's), the rest-rule result the viewer may see, and the timeline with the notes.
 */
function SwapView({ swap, side }: { swap: SwapDetail; side: SwapSide }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const me = useMyUserInfoId();
  const [action, setAction] = useState<SwapAction | null>(null);
  const requester = personName(swap.requester);
  const target = personName(swap.target);
  // The colleague asked: by the signed-in employee's id, or (without it) by the side of the result they were given.
  const iAmTarget =
    side === 'member' &&
    (me !== null ? swap.target.id === me : swap.warnings.target !== null && swap.warnings.requester === null);
  const mayAnswer = useCan('shift:swap:own');
  const canAnswer = mayAnswer && iAmTarget && swap.status === 'waiting_colleague';
  const canDecide = side === 'admin' && swap.status === 'waiting_admin';

  return (
    <>
      <PageHeader
        title={t('shiftSwaps.detail.title', { requester, target })}
        subtitle={t('shiftSwaps.detail.asked', { date: formatDateTime(swap.createdAt, language) })}
        actions={
          <SwapStatusChip status={swap.status} size="medium" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }} />
        }
      />
      <Stack spacing={2}>
        {swap.status === 'auto_rejected' && (
          <Alert severity="info" data-testid="swap-auto-rejected">
            {swap.autoReason
              ? t('shiftSwaps.timeline.autoRejectedBecause', { reason: t(`shiftSwaps.autoReason.${swap.autoReason}`) })
              : t('shiftSwaps.timeline.autoRejected')}
          </Alert>
        )}
        {canAnswer && (
          <SwapActionBar
            text={t('shiftSwaps.detail.yourReply', { name: requester })}
            positive={{ action: 'accept', label: t('shiftSwaps.actions.accept') }}
            negative={{ action: 'decline', label: t('shiftSwaps.actions.decline') }}
            onAction={setAction}
            testId="swap-answer"
          />
        )}
        {canDecide && (
          <SwapActionBar
            text={t('shiftSwaps.detail.yourDecision', { target })}
            positive={{ action: 'approve', label: t('shiftSwaps.actions.approve') }}
            negative={{ action: 'reject', label: t('shiftSwaps.actions.reject') }}
            onAction={setAction}
            testId="swap-decide"
          />
        )}
        <SwapShiftPair swap={swap} />
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <SectionCard title={t('shiftSwaps.detail.timeline')} testId="swap-history">
            <SwapTimeline swap={swap} />
          </SectionCard>
          <SectionCard
            title={t('shiftSwaps.detail.restRules')}
            description={t('shiftSwaps.detail.restRulesHint')}
            testId="swap-rest-rules"
          >
            <Stack spacing={1.5}>
              {swap.warnings.requester === null && swap.warnings.target === null ? (
                <Typography variant="body2" color="text.secondary" data-testid="swap-rest-rules-closed">
                  {t('shiftSwaps.warnings.unavailable')}
                </Typography>
              ) : side === 'admin' ? (
                <>
                  <SwapWarnings
                    title={t('shiftSwaps.warnings.for', { name: requester })}
                    warnings={swap.warnings.requester}
                    testId="swap-page-warnings-requester"
                  />
                  <SwapWarnings
                    title={t('shiftSwaps.warnings.for', { name: target })}
                    warnings={swap.warnings.target}
                    testId="swap-page-warnings-target"
                  />
                </>
              ) : (
                <SwapWarnings
                  title={t('shiftSwaps.warnings.forYou')}
                  warnings={swap.warnings.target ?? swap.warnings.requester}
                  testId="swap-page-warnings-mine"
                />
              )}
            </Stack>
          </SectionCard>
        </Box>
      </Stack>
      <SwapDecisionDialog swap={swap} action={action} onClose={() => setAction(null)} />
    </>
  );
}
