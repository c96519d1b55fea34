import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { AccountantOverview } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useAuth } from '../../lib/auth/auth-context';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useAccountantOverview } from './api/get-accountant-overview';
import { isMonthLogStatus } from './constants';
import { currentMonth, formatMonth, previousMonth } from './format';
import { MonthLogStatusChip } from './month-log-chips';
import { monthLogDetailPath } from './paths';

type Item = AccountantOverview['items'][number];

/**
 * "Le tue aziende": for a consultant who is accountant in more than one company, each company's last month at a
 * glance (its version, requests still to approve, changes after the close, payroll files) and the way into it. Hidden
 * when the overview cannot be had (an older server answers 404).
 */
export function AccountantOverviewSection() {
  const { user } = useAuth();
  const companies = user?.workspace_roles.filter((r) => r.accountant).length ?? 0;
  if (companies < 2) return null;
  return <Overview />;
}

function Overview() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const month = previousMonth(currentMonth());
  const query = useAccountantOverview(month, true);
  if (!query.data || query.data.items.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby="accountant-overview-title"
      sx={{ mb: 3 }}
      data-testid="accountant-overview"
    >
      <Typography variant="h6" component="h2" id="accountant-overview-title" sx={{ mb: 1.5 }}>
        {t('monthLogs.overview.title', { month: formatMonth(query.data.month, language) })}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}>
        {query.data.items.map((item) => (
          <CompanyCard key={item.workspace.id} item={item} />
        ))}
      </Box>
    </Box>
  );
}

function CompanyCard({ item }: { item: Item }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { workspaceId, switchWorkspace } = useAuth();
  const [switching, setSwitching] = useState(false);
  const here = item.workspace.id === workspaceId;
  const target = item.latest ? monthLogDetailPath(item.latest.id) : paths.adminMonthLog;

  const open = async () => {
    if (here) {
      void navigate(target);
      return;
    }
    setSwitching(true);
    try {
      await switchWorkspace(item.workspace.id);
      enqueueSnackbar(t('workspace.switched'), { variant: 'info' });
      void navigate(target);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    } finally {
      setSwitching(false);
    }
  };

  const figures = [
    item.pendingRequests > 0 && t('monthLogs.overview.pendingRequests', { total: item.pendingRequests }),
    item.changesSince > 0 && t('monthLogs.overview.changesSince', { total: item.changesSince }),
    t('monthLogs.overview.exports', { total: item.exports }),
  ].filter((f): f is string => !!f);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid="overview-company"
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BusinessOutlined fontSize="small" color="action" />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, flexGrow: 1 }}>
          <bdi>{item.workspace.name}</bdi>
        </Typography>
        {here && <Chip size="small" variant="outlined" label={t('monthLogs.overview.current')} />}
      </Stack>
      {item.latest ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">{t('monthLogs.version', { n: item.latest.versionNumber })}</Typography>
          {isMonthLogStatus(item.latest.status) && <MonthLogStatusChip status={item.latest.status} />}
          {item.latest.reopened && <Chip size="small" variant="outlined" label={t('monthLogs.markers.reopened')} />}
          {item.latest.finishedAt && (
            <Typography variant="caption" color="text.secondary">
              {formatDate(item.latest.finishedAt, language)}
            </Typography>
          )}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('monthLogs.overview.notClosed')}
        </Typography>
      )}
      <Typography
        variant="body2"
        color={item.pendingRequests > 0 || item.changesSince > 0 ? 'warning.dark' : 'text.secondary'}
      >
        {figures.join(' · ')}
      </Typography>
      <Box sx={{ mt: 'auto', pt: 1 }}>
        <Button size="small" variant="outlined" onClick={() => void open()} disabled={switching}>
          {item.latest ? t('monthLogs.overview.openVersion') : t('monthLogs.overview.openList')}
        </Button>
      </Box>
    </Paper>
  );
}
