import ClearAll from '@mui/icons-material/FilterAltOff';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterBar } from '../../components/list/filter-bar';
import { SearchField } from '../../components/list/search-field';
import { PageHeader } from '../../components/page-header';
import { pageQuery } from '../../components/list/page-query';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { errorMessage } from '../../lib/error-message';
import { downloadDelivery, useDelivery } from './api/paychecks';
import { formatPeriod, lastMonth, monthNames } from './format';
import { PaycheckGrid, usePaycheckList } from './paycheck-grid';

const FILTER_KEYS = ['year', 'month', 'opened'] as const;
const OPENED = ['opened', 'unopened'] as const;

const numberIn = (raw: string | undefined, min: number, max: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};

/** The month's delivery (spec "Cedolini"; ADR 0019): published, opened, unopened after 7 days, reminded; CSV and PDF. */
function DeliveryPanel({ year, month }: { year: number; month: number }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const delivery = useDelivery(year, month);
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      await downloadDelivery(year, month, format);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const d = delivery.data;
  const figures = d
    ? [
        { key: 'published', value: d.published },
        { key: 'opened', value: d.opened },
        { key: 'unopened', value: d.unopened },
        { key: 'overdue', value: d.overdue, warn: d.overdue > 0 },
        { key: 'reminded', value: d.reminded },
      ]
    : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="delivery-panel">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
            {t('paychecks.delivery.title', { period: formatPeriod(year, month, language) })}
          </Typography>
          {delivery.isError ? (
            <Typography color="error" variant="body2">
              {errorMessage(delivery.error, t('errors.generic'))}
            </Typography>
          ) : !d ? (
            <Skeleton width="60%" />
          ) : (
            <Stack direction="row" spacing={3} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {figures.map((f) => (
                <Box key={f.key} data-testid={`delivery-${f.key}`}>
                  <Typography variant="h5" component="p" color={f.warn ? 'error.main' : undefined}>
                    {f.value}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`paychecks.delivery.${f.key}`)}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
        <Stack direction="row" spacing={1}>
          {(['csv', 'pdf'] as const).map((f) => (
            <Button
              key={f}
              variant="outlined"
              startIcon={<Download />}
              disabled={busy !== null || !d}
              onClick={() => void download(f)}
              data-testid={`delivery-${f}`}
            >
              {t(`paychecks.delivery.${f}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * /admin/paycheck (the sidebar's "Cedolini"): every pay slip of the workspace, by month and employee, with who has
 * opened theirs; for a chosen month, its delivery report.
 */
export function PaycheckListPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const canWrite = useCan('paycheck:write');
  const list = usePaycheckList(FILTER_KEYS);
  const { params, update, hasFilters, clear } = list;
  const year = numberIn(params.filters.year, 2000, 2100);
  const month = year ? numberIn(params.filters.month, 1, 12) : undefined;
  const opened = OPENED.find((o) => o === params.filters.opened);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 8 }, (_, i) => thisYear + 1 - i);
  const months = monthNames(language);
  const suggestion = lastMonth();

  const importButton = (testId: string) =>
    canWrite ? (
      <Button
        variant="contained"
        startIcon={<UploadFile />}
        component={RouterLink}
        to={paths.adminPaycheckImport}
        data-testid={testId}
      >
        {t('paychecks.list.import')}
      </Button>
    ) : undefined;

  return (
    <>
      <PageHeader
        title={t('paychecks.list.title')}
        subtitle={t('paychecks.list.subtitle')}
        actions={importButton('paycheck-import-link')}
      />
      <FilterBar label={t('paychecks.list.filters')}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <SearchField
            value={list.searchText}
            onChange={list.setSearchText}
            label={t('paychecks.list.search')}
            testId="paycheck-search"
          />
          <TextField
            select
            size="small"
            label={t('paychecks.list.year')}
            value={year ?? ''}
            onChange={(e) =>
              update({
                filters: { year: String(e.target.value ?? ''), month: e.target.value ? params.filters.month : '' },
              })
            }
            sx={{ minWidth: 120 }}
            slotProps={{ htmlInput: { 'data-testid': 'paycheck-filter-year' } }}
          >
            <MenuItem value="">{t('paychecks.list.allYears')}</MenuItem>
            {years.map((y) => (
              <MenuItem key={y} value={y}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('paychecks.list.month')}
            value={month ?? ''}
            disabled={!year}
            onChange={(e) => update({ filters: { month: String(e.target.value ?? '') } })}
            sx={{ minWidth: 150 }}
            slotProps={{ htmlInput: { 'data-testid': 'paycheck-filter-month' } }}
          >
            <MenuItem value="">{t('paychecks.list.allMonths')}</MenuItem>
            {months.map((m, i) => (
              <MenuItem key={m} value={i + 1} sx={{ textTransform: 'capitalize' }}>
                {m}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('paychecks.list.openedFilter')}
            value={opened ?? ''}
            onChange={(e) => update({ filters: { opened: String(e.target.value ?? '') } })}
            sx={{ minWidth: 170 }}
            slotProps={{ htmlInput: { 'data-testid': 'paycheck-filter-opened' } }}
          >
            <MenuItem value="">{t('paychecks.list.openedAll')}</MenuItem>
            {OPENED.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`paychecks.list.${o}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }} />
          {!month && (
            <Button
              size="small"
              onClick={() => update({ filters: { year: String(suggestion.year), month: String(suggestion.month) } })}
              data-testid="paycheck-last-month"
            >
              {t('paychecks.list.lastMonth', { period: formatPeriod(suggestion.year, suggestion.month, language) })}
            </Button>
          )}
          {hasFilters && (
            <Button size="small" startIcon={<ClearAll />} onClick={clear} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {t('paychecks.list.clear')}
            </Button>
          )}
        </Stack>
      </FilterBar>
      {year && month && <DeliveryPanel year={year} month={month} />}
      <PaycheckGrid
        list={list}
        params={{ ...pageQuery(params), search: params.search, year, month, opened }}
        label={t('paychecks.list.title')}
        withEmployee
        canWrite={canWrite}
        hasFilters={hasFilters}
        emptyAction={importButton('paycheck-import-first')}
      />
    </>
  );
}
