import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { errorMessage } from '../../../lib/error-message';
import { useDashboardSlice } from '../../../lib/queries/dashboard';
import { formatAmount } from '../requests/request-text';

/**
 * "Le mie maturazioni": my balances today, each in its unit (hours or days), with what makes them up: accrued,
 * adjustments and used (balance = accrued + adjustments − used). GET /dashboard's `myAccruals`, the same ledger query
 * as GET /member/accrual.
 */
export function MyAccrualsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const balances = useDashboardSlice('myAccruals');
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="widget-accruals-title"
      data-testid="widget-accruals"
      sx={{ height: '100%' }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" id="widget-accruals-title" sx={{ mb: 1.5 }}>
          {t('widgets.accruals.title')}
        </Typography>
        {balances.isLoading || (!balances.data && !balances.isError) ? (
          <Skeleton variant="rounded" height={96} />
        ) : balances.isError ? (
          <Alert severity="error">{errorMessage(balances.error, t('errors.generic'))}</Alert>
        ) : (balances.data?.balances.length ?? 0) === 0 ? (
          <Typography color="text.secondary">{t('widgets.accruals.empty')}</Typography>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'end' }}>
              {t('widgets.accruals.balance')}
            </Typography>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1, columnGap: 2 }}
            >
              {balances.data!.balances.map((b) => (
                <Box key={b.justification.id} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2">
                    {b.justification.name}
                    <Typography
                      component="span"
                      variant="caption"
                      color="text.secondary"
                      sx={{ display: 'block' }}
                      data-testid={`accrual-${b.justification.code}-detail`}
                    >
                      {[
                        t('widgets.accruals.accrued', {
                          amount: formatAmount(b.accrued, b.justification.unit, language, t),
                        }),
                        t('widgets.accruals.adjusted', {
                          amount: formatAmount(b.adjusted, b.justification.unit, language, t),
                        }),
                        t('widgets.accruals.used', { amount: formatAmount(b.used, b.justification.unit, language, t) }),
                      ].join(' · ')}
                    </Typography>
                  </Typography>
                  <Typography
                    component="dd"
                    sx={{ m: 0, fontWeight: 500, textAlign: 'end', color: b.balance < 0 ? '#B3261E' : 'text.primary' }}
                    data-testid={`accrual-${b.justification.code}`}
                  >
                    <bdi>{formatAmount(b.balance, b.justification.unit, language, t)}</bdi>
                  </Typography>
                </Box>
              ))}
            </Box>
          </>
        )}
        {balances.data && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
            {t('widgets.accruals.asOf')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
