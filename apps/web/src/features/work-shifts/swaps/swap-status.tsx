import { Chip, type ChipProps } from '@mui/material';
import type { SwapStatus } from '@timbro/shared/domain/shift-swaps';
import { useTranslation } from 'react-i18next';

/**
 * The swap statuses' colours: amber while someone has to act (the colleague, then the admin), green approved, red
 * rejected, grey rejected automatically. Dark text on a light tint, so every chip passes WCAG AA contrast.
 */
export const SWAP_STATUS_STYLE: Record<SwapStatus, { bg: string; fg: string; border: string }> = {
  waiting_colleague: { bg: '#E8F1FB', fg: '#0B4F8A', border: '#8DB6E0' },
  waiting_admin: { bg: '#FFF3CD', fg: '#6D4C00', border: '#E0A800' },
  approved: { bg: '#E3F2E5', fg: '#1E6B24', border: '#7BBF83' },
  rejected: { bg: '#FDE7E5', fg: '#B3261E', border: '#E8958F' },
  auto_rejected: { bg: '#F1F3F5', fg: '#45494E', border: '#B8BDC3' },
};

/** A swap's status as a coloured chip: "In attesa del collega", "In attesa dell'amministratore", "Approvato"… */
export function SwapStatusChip({
  status,
  size = 'small',
  ...rest
}: { status: SwapStatus } & Omit<ChipProps, 'color' | 'label'>) {
  const { t } = useTranslation();
  const s = SWAP_STATUS_STYLE[status];
  return (
    <Chip
      size={size}
      label={t(`shiftSwaps.status.${status}`)}
      data-status={status}
      data-testid="swap-status"
      {...rest}
      sx={[
        { bgcolor: s.bg, color: s.fg, border: 1, borderColor: s.border, fontWeight: 500, maxWidth: '100%' },
        ...(Array.isArray(rest.sx) ? rest.sx : [rest.sx]),
      ]}
    />
  );
}
