import Autorenew from '@mui/icons-material/Autorenew';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import { Box, Button, Paper, Stack, Tab, Tabs } from '@mui/material';
import type { MonthLogDetail } from '@timbro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { Loaded } from '../../components/form/form-page';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan, useCanCheck } from '../../lib/auth/use-can';
import type { PermissionRule } from '../../lib/permissions';
import { useMonthLog } from './api/get-month-log';
import { ChangesBanner } from './changes-banner';
import { CloseMonthDialog } from './close-month-dialog';
import { DiffTab } from './diff-tab';
import { EmployeesTab } from './employees-tab';
import { ExportsTab } from './exports-tab';
import { capitalize, formatMonth } from './format';
import { MonthLogSummary } from './month-log-summary';
import { ReopenDialog } from './reopen-dialog';

type TabKey = 'employees' | 'diff' | 'exports';
const TABS: { key: TabKey; permission: PermissionRule }[] = [
  { key: 'employees', permission: 'month-log:read' },
  { key: 'diff', permission: 'month-log:read' },
  { key: 'exports', permission: 'payroll:export' },
];

/** /admin/month-log/:id: one version of a month, its employees, what changed from another version, its payroll files. */
export function MonthLogDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useMonthLog(id);
  const back = { to: paths.adminMonthLog, label: t('monthLogs.list.title') };
  return (
    <Loaded queries={[query]} back={back}>
      {([log]) => <MonthLogDetailView log={log} query={query} />}
    </Loaded>
  );
}

function MonthLogDetailView({ log, query }: { log: MonthLogDetail; query: ReturnType<typeof useMonthLog> }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const check = useCanCheck();
  const canWrite = useCan('month-log:write');
  const canReopen = useCan('month-log:reopen');
  const [searchParams, setSearchParams] = useSearchParams();
  const [regenerating, setRegenerating] = useState(false);
  const [reopening, setReopening] = useState(false);
  const tabs = TABS.filter((x) => check(x.permission));
  const tab = tabs.find((x) => x.key === searchParams.get('tab'))?.key ?? 'employees';
  const completed = log.status === 'completed';
  const mayRegenerate = canWrite && completed && log.latest;
  const mayReopen = canReopen && completed && log.latest && !log.reopenedAt;
  const month = formatMonth(log.month, language);

  return (
    <Box>
      <BackLink to={paths.adminMonthLog} label={t('monthLogs.list.title')} />
      <PageHeader
        title={t('monthLogs.detail.title', { month: capitalize(month, language), n: log.versionNumber })}
        subtitle={log.latest ? t('monthLogs.detail.latest') : t('monthLogs.detail.notLatest')}
        actions={
          (mayRegenerate || mayReopen) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {mayRegenerate && (
                <Button
                  variant="outlined"
                  startIcon={<Autorenew />}
                  onClick={() => setRegenerating(true)}
                  data-testid="detail-regenerate"
                >
                  {t('monthLogs.actions.regenerate')}
                </Button>
              )}
              {mayReopen && (
                <Button
                  variant="outlined"
                  color="warning"
                  // The warning orange on white is below AA contrast for text: the darker amber of the other warnings.
                  sx={{ color: '#8C4A00' }}
                  startIcon={<LockOpenOutlined />}
                  onClick={() => setReopening(true)}
                  data-testid="detail-reopen"
                >
                  {t('monthLogs.actions.reopen')}
                </Button>
              )}
            </Stack>
          )
        }
      />
      <MonthLogSummary log={log} />
      {log.latest && log.changesSince > 0 && (
        <ChangesBanner log={log} onRegenerate={mayRegenerate ? () => setRegenerating(true) : undefined} />
      )}
      {completed && (
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_e, v: TabKey) => setSearchParams(v === 'employees' ? {} : { tab: v }, { replace: true })}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label={t('monthLogs.tabs.label')}
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((x) => (
              <Tab
                key={x.key}
                value={x.key}
                label={t(`monthLogs.tabs.${x.key}`)}
                id={`month-log-tab-${x.key}`}
                aria-controls={`month-log-panel-${x.key}`}
                data-testid={`month-log-tab-${x.key}`}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`month-log-panel-${tab}`}
            aria-labelledby={`month-log-tab-${tab}`}
            sx={{ p: { xs: 2, md: 3 } }}
          >
            {tab === 'employees' && <EmployeesTab log={log} query={query} />}
            {tab === 'diff' && <DiffTab log={log} />}
            {tab === 'exports' && <ExportsTab log={log} />}
          </Box>
        </Paper>
      )}
      {regenerating && <CloseMonthDialog open month={log.month} onClose={() => setRegenerating(false)} />}
      {reopening && <ReopenDialog log={log} onClose={() => setReopening(false)} />}
    </Box>
  );
}
