import Send from '@mui/icons-material/Send';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { PaycheckImportDetail } from '@timbro/shared';
import { parseAmount } from '@timbro/shared/domain/amounts';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SectionCard } from '../../../components/section-card';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import { usePublishImport } from '../api/imports';
import { usePagePreview } from './use-page-preview';
import { PagesTable } from './pages-table';
import {
  initialChoices,
  needsAttention,
  publishBody,
  slipCurrency,
  slipsOf,
  suggestedFields,
  undecidedPages,
  type PageChoice,
  type SlipFields,
} from './review-state';
import { SlipsTable } from './slips-table';

/** The review of a read import: the employee of every page, the slips, then publishing them all at once. */
export function Review({ detail }: { detail: PaycheckImportDetail }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const publish = usePublishImport(detail.id);
  const [choices, setChoices] = useState<Record<number, PageChoice>>(() => initialChoices(detail.pages));
  const [fields, setFields] = useState<Record<number, SlipFields>>({});
  const attention = detail.pages.filter(needsAttention);
  const [show, setShow] = useState<'attention' | 'all'>(attention.length > 0 ? 'attention' : 'all');
  const preview = usePagePreview(detail);
  const [confirming, setConfirming] = useState(false);
  const [pageErrors, setPageErrors] = useState<Record<number, string>>({});
  const [slipErrors, setSlipErrors] = useState<Record<number, Partial<Record<keyof SlipFields, string>>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Pages a person touched stay in the "to check" view, so a changed choice does not vanish from under the cursor.
  const [touched, setTouched] = useState<Set<number>>(new Set());

  const slips = useMemo(() => slipsOf(choices, detail.pages.length), [choices, detail.pages.length]);
  const fieldsOf = (first: number) => fields[first] ?? suggestedFields(detail, first);
  const shown = show === 'all' ? detail.pages : detail.pages.filter((p) => needsAttention(p) || touched.has(p.page));
  const counts = {
    assigned: detail.pages.filter((p) => p.class === 'assigned' || p.class === 'continuation').length,
    attention: attention.length,
    summary: detail.pages.filter((p) => p.class === 'summary').length,
  };
  const missingNet = slips.filter((s) => parseAmount(fieldsOf(s.pages[0]!).netAmount) === null);
  const undecided = undecidedPages(detail.pages, choices);

  const choose = (page: number, userInfoId: string | null) => {
    setChoices((c) => ({ ...c, [page]: { userInfoId, byPerson: true } }));
    setTouched((s) => new Set(s).add(page));
    setPageErrors(({ [page]: _gone, ...rest }) => rest);
  };

  const send = async () => {
    setFailure(null);
    const body = publishBody(detail, choices, fields);
    try {
      const res = await publish.mutateAsync(body);
      enqueueSnackbar(res.message, { variant: 'success' });
      setConfirming(false);
    } catch (err) {
      setConfirming(false);
      const errors = fieldErrors(err);
      const pe: Record<number, string> = {};
      const se: Record<number, Partial<Record<keyof SlipFields, string>>> = {};
      const rest: string[] = [];
      for (const [path, message] of Object.entries(errors)) {
        const m = /^(pages|slips)\.(\d+)(?:\.(\w+))?$/.exec(path);
        if (m?.[1] === 'pages') pe[body.pages[Number(m[2])]!.page] = message;
        else if (m?.[1] === 'slips' && m[3]) {
          const first = body.slips[Number(m[2])]!.firstPage;
          se[first] = { ...se[first], [m[3]]: message };
        } else rest.push(message);
      }
      setPageErrors(pe);
      setSlipErrors(se);
      if (Object.keys(pe).length > 0) setShow('attention');
      if (Object.keys(pe).length > 0) setTouched((s) => new Set([...s, ...Object.keys(pe).map(Number)]));
      setFailure(
        rest[0] ??
          (Object.keys(errors).length ? t('paychecks.review.fixErrors') : errorMessage(err, t('errors.generic'))),
      );
    }
  };

  return (
    <Stack spacing={3}>
      {detail.error && <Alert severity="error">{detail.error}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <Typography sx={{ mr: 1 }}>{t('paychecks.review.pagesCount', { count: detail.pages.length })}</Typography>
          <Chip
            color="success"
            variant="outlined"
            label={t('paychecks.review.countAssigned', { count: counts.assigned })}
          />
          <Chip
            color={counts.attention ? 'warning' : 'default'}
            variant="outlined"
            label={t('paychecks.review.countAttention', { count: counts.attention })}
            data-testid="review-attention-count"
          />
          <Chip variant="outlined" label={t('paychecks.review.countSummary', { count: counts.summary })} />
        </Stack>
      </Paper>
      {failure && (
        <Alert severity="error" role="alert" data-testid="review-error">
          {failure}
        </Alert>
      )}
      <SectionCard title={t('paychecks.review.pagesTitle')} description={t('paychecks.review.pagesDescription')}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={show}
          onChange={(_e, v: 'attention' | 'all' | null) => v && setShow(v)}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="attention" data-testid="review-show-attention">
            {t('paychecks.review.showAttention', { count: counts.attention })}
          </ToggleButton>
          <ToggleButton value="all" data-testid="review-show-all">
            {t('paychecks.review.showAll')}
          </ToggleButton>
        </ToggleButtonGroup>
        <PagesTable
          pages={shown}
          people={detail.people}
          choices={choices}
          errors={pageErrors}
          readOnly={false}
          onChoose={choose}
          onPreview={preview.open}
        />
      </SectionCard>
      <SectionCard
        title={t('paychecks.review.slipsTitle', { count: slips.length })}
        description={t('paychecks.review.slipsDescription')}
      >
        <SlipsTable
          slips={slips}
          people={detail.people}
          fields={fieldsOf}
          currencyOf={(first) => slipCurrency(detail, first)}
          errors={slipErrors}
          onChange={(first, patch) => {
            setFields((f) => ({ ...f, [first]: { ...fieldsOf(first), ...patch } }));
            setSlipErrors(({ [first]: _gone, ...rest }) => rest);
          }}
        />
      </SectionCard>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          size="large"
          startIcon={publish.isPending ? <CircularProgress size={16} color="inherit" /> : <Send />}
          disabled={slips.length === 0 || undecided.length > 0 || publish.isPending}
          onClick={() => setConfirming(true)}
          data-testid="review-publish"
        >
          {t('paychecks.review.publish', { count: slips.length })}
        </Button>
        {undecided.length > 0 && (
          <Typography color="warning.main" variant="body2" data-testid="review-undecided">
            {t('paychecks.review.undecided', { count: undecided.length, pages: undecided.slice(0, 10).join(', ') })}
          </Typography>
        )}
        {missingNet.length > 0 && (
          <Typography color="warning.main" variant="body2">
            {t('paychecks.review.missingNet', { count: missingNet.length })}
          </Typography>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('paychecks.review.confirmTitle')}
        body={t('paychecks.review.confirmBody', { count: slips.length })}
        confirmLabel={t('paychecks.review.confirm')}
        busy={publish.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void send()}
        testId="review-confirm"
      />
      {preview.dialog}
    </Stack>
  );
}
