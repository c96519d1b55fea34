import SwapHoriz from '@mui/icons-material/SwapHoriz';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { alpha, Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_TINT } from './planning-cell';
import { WARNING_COLOR } from '../shift-chip';

function Item({ mark, label }: { mark: ReactNode; label: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      {mark}
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

const swatch = { width: 22, height: 14, borderRadius: 0.5, flexShrink: 0 } as const;

/** What the marks of the planning mean: draft and published shifts, "+1", swapped, warnings, absence and holiday. */
export function PlanningLegend() {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('workShifts.legend.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0, p: 0, listStyle: 'none' }}
      data-testid="planning-legend"
    >
      <Item
        mark={<Box aria-hidden sx={{ ...swatch, border: 1, borderStyle: 'dashed', borderColor: 'text.secondary' }} />}
        label={t('workShifts.legend.draft')}
      />
      <Item
        mark={
          <Box
            aria-hidden
            sx={{
              ...swatch,
              border: 1,
              borderColor: 'divider',
              bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
            }}
          />
        }
        label={t('workShifts.legend.published')}
      />
      <Item
        mark={
          <Box component="sup" aria-hidden sx={{ fontSize: '0.625rem', fontWeight: 500 }}>
            +1
          </Box>
        }
        label={t('workShifts.legend.nextDay')}
      />
      <Item mark={<SwapHoriz aria-hidden sx={{ fontSize: 16 }} />} label={t('workShifts.legend.swapped')} />
      <Item
        mark={<WarningAmberOutlined aria-hidden sx={{ fontSize: 16, color: WARNING_COLOR }} />}
        label={t('workShifts.legend.warnings')}
      />
      <Item
        mark={<Box aria-hidden sx={{ ...swatch, bgcolor: DAY_TINT.absence }} />}
        label={t('workShifts.legend.absence')}
      />
      <Item
        mark={<Box aria-hidden sx={{ ...swatch, bgcolor: DAY_TINT.holiday }} />}
        label={t('workShifts.legend.holiday')}
      />
    </Box>
  );
}
