import type { RequestStatus } from '@timbro/shared';

/**
 * Colours of the request statuses (ADR 0012): amber "in approvazione", green "approvata", red "rifiutata". Dark text on
 * a light tint, so every chip passes WCAG AA contrast (the theme's filled warning chip does not).
 */
export const STATUS_STYLE: Record<RequestStatus, { bg: string; fg: string; border: string }> = {
  open: { bg: '#FFF3CD', fg: '#6D4C00', border: '#E0A800' },
  approved: { bg: '#E3F2E5', fg: '#1E6B24', border: '#7BBF83' },
  rejected: { bg: '#FDE7E5', fg: '#B3261E', border: '#E8958F' },
};

/** Balance colours (text): surplus green, shortfall red; AA on white and on the day tints. */
export const BALANCE_COLOR = { positive: '#1E6B24', negative: '#B3261E' } as const;

/** Day backgrounds: rest days (weekend, nothing expected) grey, holidays light amber. */
export const DAY_TINT = { rest: '#F1F3F5', holiday: '#FFF4E0', absence: '#E8F1FB' } as const;

/**
 * A day of a closed month (employees can change nothing there): grey diagonal stripes over the day's own tint, and a
 * lock. The stripes are faint enough for every text of the cell to keep its contrast.
 */
export const CLOSED_STRIPES = 'repeating-linear-gradient(135deg, rgba(73, 80, 87, 0.10) 0 2px, transparent 2px 8px)';
export const CLOSED_ICON_COLOR = '#495057';

export const balanceColor = (minutes: number) =>
  minutes > 0 ? BALANCE_COLOR.positive : minutes < 0 ? BALANCE_COLOR.negative : 'text.secondary';
