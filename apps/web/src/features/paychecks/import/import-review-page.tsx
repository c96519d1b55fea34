import { Alert, Box, Button, Paper, Stack } from '@mui/material';
import type { PaycheckImportDetail } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { PageHeader } from '../../../components/page-header';
import { Loaded } from '../../../components/form/form-page';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { catalogFor } from '../../../i18n/languages';
import { useImport } from '../api/imports';
import { formatPeriod } from '../format';
import { Review } from './import-review';
import { ImportProgress, ImportStatusChip } from './import-status';
import { usePagePreview } from './use-page-preview';
import { PagesTable } from './pages-table';

/** What was published: how every page went (by codice fiscale, continuation, by a person, left out). */
function Published({ detail }: { detail: PaycheckImportDetail }) {
  const { t } = useTranslation();
  const preview = usePagePreview(detail);
  const choices = Object.fromEntries(
    (detail.published ?? []).map((d) => [d.page, { userInfoId: d.userInfoId, byPerson: d.how === 'manual' }]),
  );
  const how = Object.fromEntries((detail.published ?? []).map((d) => [d.page, d.how]));
  return (
    <Stack spacing={3}>
      <Alert
        severity="success"
        action={
          <Button
            color="inherit"
            size="small"
            component={RouterLink}
            to={`${paths.adminPaycheck}?year=${detail.year}&month=${detail.month}`}
          >
            {t('paychecks.review.seeDelivery')}
          </Button>
        }
        data-testid="review-published"
      >
        {t('paychecks.review.published', { count: detail.publishedCount ?? 0 })}
      </Alert>
      <SectionCard title={t('paychecks.review.auditTitle')} description={t('paychecks.review.auditDescription')}>
        <PagesTable
          pages={detail.pages}
          people={detail.people}
          choices={choices}
          errors={{}}
          readOnly
          how={how}
          onChoose={() => undefined}
          onPreview={preview.open}
        />
      </SectionCard>
      {preview.dialog}
    </Stack>
  );
}

/** /admin/paycheck/import/:id: the import's progress, then its review, then what was published. */
export function ImportReviewPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useImport(id);
  return (
    <Loaded queries={[query]} back={{ to: paths.adminPaycheckImport, label: t('paychecks.import.title') }}>
      {([detail]) => <ImportDetail detail={detail} />}
    </Loaded>
  );
}

function ImportDetail({ detail }: { detail: PaycheckImportDetail }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  return (
    <>
      <BackLink to={paths.adminPaycheckImport} label={t('paychecks.import.title')} />
      <PageHeader
        title={t('paychecks.review.title', { period: formatPeriod(detail.year, detail.month, language) })}
        subtitle={detail.fileName}
        actions={<ImportStatusChip status={detail.status} />}
      />
      {(detail.status === 'waiting' || detail.status === 'analysing' || detail.status === 'publishing') && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <ImportProgress item={detail} />
        </Paper>
      )}
      {detail.status === 'failed' && (
        <Alert
          severity="error"
          data-testid="review-failed"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.adminPaycheckImport}>
              {t('paychecks.review.uploadAgain')}
            </Button>
          }
        >
          {detail.error ?? t('errors.generic')}
        </Alert>
      )}
      {detail.status === 'ready' && <Review key={detail.id} detail={detail} />}
      {detail.status === 'published' && <Published detail={detail} />}
      <Box sx={{ height: 24 }} />
    </>
  );
}
