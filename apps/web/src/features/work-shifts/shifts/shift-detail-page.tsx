import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Publish from '@mui/icons-material/PublishOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { WorkShiftDetail } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Loaded } from '../../../components/form/form-page';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { catalogFor } from '../../../i18n/languages';
import { errorMessage } from '../../../lib/error-message';
import { useCurrentInfo } from '../../../components/current-info';
import { useDeleteWorkShift } from '../api/delete-work-shift';
import { useWorkShift } from '../api/get-work-shift';
import { planningPath, workShiftEditPath } from '../links';
import { PublishDialog } from '../planning/publish-dialog';
import { ShiftDetails } from './shift-details';
import { ShiftSwapsSection } from './shift-swaps-section';
import { formatInstant, useDayFormat } from '../shift-text';
import { formatShiftRange } from '../shift-time';
import { WarningList } from '../warning-list';

/**
 * /admin/work-shift/:id: the shift (day, times, pause, work, status, people, label), its rest-rule warnings with the
 * note that let it through, its swaps; Modifica, Elimina (its open swaps are rejected) and, for a draft, Pubblica.
 */
export function WorkShiftDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useWorkShift(id);
  const back = { to: planningPath(query.data?.date), label: t('workShifts.planning.title') };
  return (
    <Loaded queries={[query]} back={back}>
      {([shift]) => <ShiftDetail shift={shift} back={back} />}
    </Loaded>
  );
}

function ShiftDetail({ shift, back }: { shift: WorkShiftDetail; back: { to: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const formatDay = useDayFormat();
  const timeZone = useCurrentInfo().data?.timeZone;
  const remove = useDeleteWorkShift();
  const [dialog, setDialog] = useState<'delete' | 'publish' | null>(null);
  const draft = shift.status === 'draft';
  const range = formatShiftRange(shift);

  const confirmDelete = () =>
    remove.mutate(shift.id, {
      onSuccess: (res) => {
        enqueueSnackbar(
          [
            t('workShifts.saved.deleted'),
            res.autoRejected > 0 ? t('workShifts.saved.autoRejected', { n: res.autoRejected }) : null,
          ]
            .filter(Boolean)
            .join(' · '),
          { variant: 'success' },
        );
        void navigate(planningPath(shift.date));
      },
    });

  return (
    <Box>
      <BackLink {...back} />
      <PageHeader
        title={t('workShifts.detail.title', { date: formatDay(shift.date) })}
        subtitle={[range, shift.label].filter(Boolean).join(' · ')}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {draft && (
              <Button
                variant="contained"
                startIcon={<Publish />}
                onClick={() => setDialog('publish')}
                data-testid="shift-publish"
              >
                {t('workShifts.publish.action')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<EditOutlined />}
              component={RouterLink}
              to={workShiftEditPath(shift.id)}
              data-testid="shift-edit"
            >
              {t('workShifts.actions.edit')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setDialog('delete')}
              data-testid="shift-delete"
            >
              {t('workShifts.actions.delete')}
            </Button>
          </Stack>
        }
      />
      <Stack spacing={3}>
        <Alert severity={draft ? 'info' : 'success'} data-testid="shift-status-note">
          {draft
            ? t('workShifts.detail.draftNote')
            : shift.publishedAt
              ? t('workShifts.detail.publishedNote', { date: formatInstant(shift.publishedAt, language, timeZone) })
              : t('workShifts.status.published')}
        </Alert>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
          <ShiftDetails shift={shift} />
          <Stack spacing={3}>
            <SectionCard title={t('workShifts.detail.warnings')} testId="shift-warnings">
              {shift.warnings.length === 0 ? (
                <Typography color="text.secondary">{t('workShifts.detail.noWarnings')}</Typography>
              ) : (
                <WarningList warnings={shift.warnings} />
              )}
              {shift.overrideNote && <Note label={t('workShifts.detail.overrideNote')}>{shift.overrideNote}</Note>}
            </SectionCard>
            <ShiftSwapsSection swaps={shift.swaps} />
          </Stack>
        </Box>
      </Stack>
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('workShifts.delete.title')}
        body={
          <>
            {t('workShifts.delete.body', { date: formatDay(shift.date), range })}
            {shift.openSwaps > 0 && (
              <Box component="span" sx={{ display: 'block', mt: 1 }} data-testid="delete-open-swaps">
                {t('workShifts.delete.openSwaps', { n: shift.openSwaps })}
              </Box>
            )}
          </>
        }
        confirmLabel={t('workShifts.actions.delete')}
        tone="error"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('errors.generic')) : null}
        onConfirm={confirmDelete}
        onClose={() => {
          remove.reset();
          setDialog(null);
        }}
        testId="delete-shift-dialog"
      />
      {dialog === 'publish' && (
        <PublishDialog from={shift.date} to={shift.date} drafts={null} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}

function Note({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ mt: 2 }} data-testid="shift-override-note">
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{children}</Typography>
    </Box>
  );
}
