import { Chip, type ChipProps } from '@mui/material';
import type { RequestStatus } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { STATUS_STYLE } from '../status';

/** A request's status as a coloured chip (amber in approvazione, green approvata, red rifiutata). */
export function StatusChip({
  status,
  size = 'small',
  label,
  ...rest
}: { status: RequestStatus; label?: string } & Omit<ChipProps, 'color' | 'label'>) {
  const { t } = useTranslation();
  const s = STATUS_STYLE[status];
  return (
    <Chip
      size={size}
      label={label ?? t(`attendance.status.${status}`)}
      data-status={status}
      {...rest}
      sx={[
        { bgcolor: s.bg, color: s.fg, border: 1, borderColor: s.border, fontWeight: 500, maxWidth: '100%' },
        ...(Array.isArray(rest.sx) ? rest.sx : [rest.sx]),
      ]}
    />
  );
}
