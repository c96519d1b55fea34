import { Box, Chip, Link, List, ListItem, Typography } from '@mui/material';
import type { Swap } from '@timbro/shared';
import { isOpenSwap } from '@timbro/shared/domain/shift-swaps';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { shiftSwapPath } from '../links';
import { personName, useDayFormat } from '../shift-text';
import { formatShiftRange } from '../shift-time';

const OPEN = { bg: '#FFF3CD', fg: '#6D4C00', border: '#E0A800' };
const CLOSED = { bg: '#F1F3F5', fg: '#424242', border: '#BDBDBD' };
/**
 * Status colours: open ones amber, approved green, rejected (by someone or automatically) grey; dark text on a light
 * tint, so every chip passes WCAG AA contrast (the theme's filled warning chip does not).
 */
const STATUS_STYLE: Record<Swap['status'], { bg: string; fg: string; border: string }> = {
  waiting_colleague: OPEN,
  waiting_admin: OPEN,
  approved: { bg: '#E3F2E5', fg: '#1E6B24', border: '#7BBF83' },
  rejected: CLOSED,
  auto_rejected: CLOSED,
};

/** The swaps asked on a shift: who with whom, which two shifts, their status, each a link to its page. */
export function ShiftSwapsSection({ swaps }: { swaps: readonly Swap[] }) {
  const { t } = useTranslation();
  const formatDay = useDayFormat();
  const shiftText = (s: Swap['sourceShift']) => `${formatDay(s.date, 'short')} ${formatShiftRange(s)}`;
  return (
    <SectionCard title={t('workShifts.detail.swaps')} testId="shift-swaps">
      {swaps.length === 0 ? (
        <Typography color="text.secondary">{t('workShifts.detail.noSwaps')}</Typography>
      ) : (
        <List disablePadding>
          {swaps.map((s) => (
            <ListItem
              key={s.id}
              disableGutters
              divider
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
              data-testid={`swap-${s.id}`}
            >
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Link component={RouterLink} to={shiftSwapPath(s.id)} underline="hover" sx={{ fontWeight: 500 }}>
                  {t('workShifts.detail.swapPeople', {
                    requester: personName(s.requester),
                    target: personName(s.target),
                  })}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  <bdi>{shiftText(s.sourceShift)}</bdi> ⇄ <bdi>{shiftText(s.targetShift)}</bdi>
                </Typography>
              </Box>
              <Chip
                size="small"
                variant="outlined"
                label={t(`workShifts.swapStatus.${s.status}`)}
                sx={{
                  bgcolor: STATUS_STYLE[s.status].bg,
                  color: STATUS_STYLE[s.status].fg,
                  borderColor: STATUS_STYLE[s.status].border,
                  fontWeight: isOpenSwap(s.status) ? 500 : 400,
                }}
                data-testid="swap-status"
              />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
