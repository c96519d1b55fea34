import LockOutlined from '@mui/icons-material/LockOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REQUEST_STATUSES_ORDER } from '../requests/request-statuses';
import { CLOSED_ICON_COLOR, CLOSED_STRIPES, DAY_TINT, STATUS_STYLE } from '../status';

function Item({ swatch, label }: { swatch: ReactNode; label: string }) {
  return (
    <Box component="li" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {swatch}
      <Typography component="span" variant="caption">
        {label}
      </Typography>
    </Box>
  );
}

const square = (bg: string, border: string) => (
  <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: bg, border: 1, borderColor: border }} />
);

/** What the colours of the calendars mean: request statuses, holidays, rest days, absences, anomalies, closed months. */
export function CalendarLegend({ absence = false, closed = false }: { absence?: boolean; closed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('attendance.legend.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}
      data-testid="calendar-legend"
    >
      {REQUEST_STATUSES_ORDER.map((s) => (
        <Item key={s} swatch={square(STATUS_STYLE[s].bg, STATUS_STYLE[s].border)} label={t(`attendance.status.${s}`)} />
      ))}
      {absence && <Item swatch={square(DAY_TINT.absence, '#9DBFE6')} label={t('attendance.legend.absence')} />}
      <Item swatch={square(DAY_TINT.holiday, '#E8B96A')} label={t('attendance.legend.holiday')} />
      <Item swatch={square(DAY_TINT.rest, '#CED4DA')} label={t('attendance.legend.rest')} />
      <Item
        swatch={<WarningAmberOutlined aria-hidden sx={{ fontSize: 16, color: '#B3261E' }} />}
        label={t('attendance.legend.anomaly')}
      />
      {closed && (
        <Item
          swatch={
            <Box
              aria-hidden
              data-testid="legend-closed"
              sx={{
                width: 14,
                height: 14,
                borderRadius: 0.5,
                border: 1,
                borderColor: '#ADB5BD',
                backgroundImage: CLOSED_STRIPES,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <LockOutlined sx={{ fontSize: 10, color: CLOSED_ICON_COLOR }} />
            </Box>
          }
          label={t('attendance.legend.closed')}
        />
      )}
    </Box>
  );
}
