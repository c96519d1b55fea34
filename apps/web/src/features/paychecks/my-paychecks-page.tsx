import Download from '@mui/icons-material/Download';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Button, Card, CardActionArea, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import type { Paycheck } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link as RouterLink, useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { MyItemsPage } from '../../components/my-items/my-items-page';
import { PageHeader } from '../../components/page-header';
import { Loaded } from '../../components/form/form-page';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useDownloadMyPaycheck, useMyPaycheck, useMyPaychecks } from './api/paychecks';
import { formatMoney, formatPeriod } from './format';

const PER_PAGE = 12;

function DownloadButton({
  paycheck,
  variant = 'outlined',
}: {
  paycheck: Paycheck;
  variant?: 'outlined' | 'contained';
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownloadMyPaycheck();
  return (
    <Button
      variant={variant}
      startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <Download />}
      disabled={download.isPending}
      onClick={(e) => {
        e.preventDefault();
        e.stopPropagation();
        download.mutate(paycheck, {
          onError: (err) => enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' }),
        });
      }}
      data-testid={`my-paycheck-download-${paycheck.id}`}
    >
      {t('paychecks.mine.download')}
    </Button>
  );
}

/** /member/paycheck: my pay slips, newest first, each opening its detail; "new" until I open it. */
export function MyPaychecksPage() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const [page, setPage] = useState(1);
  const query = useMyPaychecks(page, PER_PAGE);
  return (
    <MyItemsPage
      title={t('paychecks.mine.title')}
      subtitle={t('paychecks.mine.subtitle')}
      query={query}
      page={page}
      onPage={setPage}
      testId="my-paychecks"
      skeletonHeight={72}
      empty={{
        icon: <ReceiptLongOutlined />,
        title: t('paychecks.mine.empty'),
        body: t('paychecks.mine.emptyBody'),
      }}
      itemKey={(p) => p.id}
      renderItem={(p) => (
        <Card component="li" variant="outlined">
          <CardActionArea
            component={RouterLink}
            to={generatePath(paths.memberPaycheckDetail, { id: p.id })}
            sx={{ p: 2 }}
          >
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <ReceiptLongOutlined color="primary" />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500, textTransform: 'capitalize' }}>
                  {formatPeriod(p.year, p.month, language)}
                  {!p.attachmentFirstOpenAt && (
                    <Box
                      component="span"
                      sx={{ ml: 1, color: 'primary.main', fontSize: '0.75rem', textTransform: 'none' }}
                    >
                      {t('paychecks.mine.new')}
                    </Box>
                  )}
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {p.description ?? t('paychecks.mine.publishedOn', { date: formatDate(p.createdAt, language) })}
                </Typography>
              </Box>
              <Typography sx={{ fontWeight: 500 }} dir="ltr">
                {formatMoney(p.netAmount, p.currencyCode, language)}
              </Typography>
              <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                <DownloadButton paycheck={p} />
              </Box>
            </Stack>
          </CardActionArea>
        </Card>
      )}
    />
  );
}

/** /member/paycheck/:id: one of my pay slips and its download (the first download is recorded). */
export function MyPaycheckPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useMyPaycheck(id);
  return (
    <Loaded queries={[query]} back={{ to: paths.memberPaycheck, label: t('paychecks.mine.title') }}>
      {([p]) => <MyPaycheck p={p} />}
    </Loaded>
  );
}

function MyPaycheck({ p }: { p: Paycheck }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const rows: [string, string][] = [
    [t('paychecks.columns.period'), formatPeriod(p.year, p.month, language)],
    [t('paychecks.columns.netAmount'), formatMoney(p.netAmount, p.currencyCode, language)],
    [t('paychecks.form.description'), p.description ?? '—'],
    [t('paychecks.columns.published'), formatDateTime(p.createdAt, language)],
    [
      t('paychecks.mine.firstOpened'),
      p.attachmentFirstOpenAt ? formatDateTime(p.attachmentFirstOpenAt, language) : t('paychecks.mine.notOpened'),
    ],
    [t('paychecks.mine.file'), p.attachment.name],
  ];
  return (
    <>
      <BackLink to={paths.memberPaycheck} label={t('paychecks.mine.title')} />
      <PageHeader
        title={t('paychecks.mine.detailTitle', { period: formatPeriod(p.year, p.month, language) })}
        actions={<DownloadButton paycheck={p} variant="contained" />}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="my-paycheck">
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { sm: '220px 1fr' }, rowGap: 1.5 }}>
          {rows.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {v}
              </Typography>
            </Box>
          ))}
        </Box>
      </Paper>
    </>
  );
}
