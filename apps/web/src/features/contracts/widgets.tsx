import { Box, Link, Tooltip, Typography } from '@mui/material';
import type { Contract } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink } from 'react-router';
import { WidgetCard, widgetListSx, widgetRowSx } from '../../components/widget-card';
import type { DashboardWidget } from '../../components/widget-grid';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { useDashboardSlice } from '../../lib/queries/dashboard';
import { LinkButton } from '../../components/link-button';

/** The contract list with its "expiring" filter: the list whose total the widget shows. */
export const expiringContractsPath = `${paths.adminContract}?filter=expiring`;
const WARNING = '#8C4A00';

/**
 * A fixed-term contract's place toward the D.Lgs. 81/2015 limits: "Proroghe 1/4 · 14/24 mesi", in the warning colour
 * when a limit is reached (no further extension, or the 24 months used up).
 */
function FixedTermFigures({ fixedTerm }: { fixedTerm: NonNullable<Contract['fixedTerm']> }) {
  const { t, i18n } = useTranslation();
  const months = new Intl.NumberFormat(catalogFor(i18n.language), { maximumFractionDigits: 1 });
  const atLimit = fixedTerm.extensions >= fixedTerm.extensionsMax || fixedTerm.monthsUsed >= fixedTerm.monthsMax;
  return (
    <Tooltip title={t('home.expiring.fixedTermHint')}>
      <Typography
        variant="caption"
        component="div"
        sx={{ color: atLimit ? WARNING : 'text.secondary', fontWeight: atLimit ? 600 : 400 }}
        data-testid="widget-expiring-fixed-term"
      >
        {t('home.expiring.extensions', { used: fixedTerm.extensions, max: fixedTerm.extensionsMax })}
        {' · '}
        {t('home.expiring.months', { used: months.format(fixedTerm.monthsUsed), max: fixedTerm.monthsMax })}
        {atLimit && ` · ${t('home.expiring.atLimit')}`}
      </Typography>
    </Tooltip>
  );
}

/**
 * "Contratti in scadenza": active contracts ending within 30 days and not already followed by a new one (GET
 * /dashboard's `expiringContracts`, the contract list's "expiring" filter), soonest first; a fixed-term one shows the
 * extensions used out of 4 and the months used toward the 24-month cap.
 */
export function ExpiringContractsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const slice = useDashboardSlice('expiringContracts');
  const items = slice.data?.items ?? [];
  const total = slice.data?.total ?? 0;
  return (
    <WidgetCard
      testId="widget-expiring-contracts"
      title={t('home.expiring.title')}
      count={total}
      countLabel={t('home.expiring.count', { n: total })}
      loading={slice.isLoading || (!slice.data && !slice.isError)}
      error={slice.error}
      empty={total === 0 && t('home.expiring.empty')}
      actions={
        <LinkButton to={expiringContractsPath} data-testid="widget-expiring-contracts-all">
          {total > items.length ? t('home.expiring.allN', { n: total }) : t('home.expiring.all')}
        </LinkButton>
      }
    >
      <Box component="ul" sx={widgetListSx}>
        {items.map((c) => (
          <Box component="li" key={c.id} sx={widgetRowSx} data-testid="widget-expiring-contract">
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={generatePath(paths.adminUserContract, { id: c.userInfoId })}
                underline="hover"
                variant="body2"
                noWrap
                sx={{ display: 'block', fontWeight: 500 }}
              >
                {`${c.employee.lastName} ${c.employee.firstName}`}
              </Link>
              {c.fixedTerm ? (
                <FixedTermFigures fixedTerm={c.fixedTerm} />
              ) : (
                c.qualification && (
                  <Typography variant="caption" color="text.secondary" component="div" noWrap>
                    {c.qualification}
                  </Typography>
                )
              )}
            </Box>
            <Typography variant="caption" sx={{ flexShrink: 0, textAlign: 'end' }}>
              {c.endsAt ? t('home.expiring.ends', { date: formatDate(c.endsAt, language) }) : null}
            </Typography>
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}

/** Contracts on the dashboard: those about to end (admins and accountants). */
export const CONTRACT_WIDGETS: DashboardWidget[] = [
  {
    key: 'expiring-contracts',
    permission: 'contract:read',
    slice: 'expiringContracts',
    component: ExpiringContractsWidget,
  },
];
