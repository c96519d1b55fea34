import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { Alert, AlertTitle, Box } from '@mui/material';
import type { ShiftWarning } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { useShiftTexts } from './swap-shift';

/**
 * The rest-rule result of the exchange for one person (D.Lgs. 66/2003, absences, holidays): each warning with its day,
 * or "Nessun avviso" in green. Nothing when the result is not for this viewer (null).
 */
export function SwapWarnings({
  title,
  warnings,
  testId,
}: {
  /** "Per Mario Rossi", "Per te". */
  title: string;
  warnings: ShiftWarning[] | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const texts = useShiftTexts();
  if (warnings === null) return null;
  if (warnings.length === 0)
    return (
      <Alert severity="success" icon={<CheckCircleOutlined />} data-testid={testId} data-warnings={0}>
        <AlertTitle sx={{ mb: 0 }}>{title}</AlertTitle>
        {t('shiftSwaps.warnings.none')}
      </Alert>
    );
  return (
    <Alert severity="warning" data-testid={testId} data-warnings={warnings.length}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
        {warnings.map((w, i) => (
          <li key={`${w.rule}-${w.date}-${i}`} data-testid="swap-warning" data-rule={w.rule}>
            <Box component="span" sx={{ fontWeight: 500, textTransform: 'capitalize' }}>
              {texts.day(w.date)}
            </Box>
            {': '}
            {texts.warning(w)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
