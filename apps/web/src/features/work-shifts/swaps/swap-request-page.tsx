import { zodResolver } from '@hookform/resolvers/zod';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import { Alert, Button, Paper, Stack, TextField } from '@mui/material';
import type { MyShifts } from '@timbro/shared';
import { SHIFT_LIMITS } from '../limits';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { GridMessage } from '../../../components/data/grid-overlay';
import { FormPage, FormShell, Loaded, useFormScaffold, useSaved } from '../../../components/form/form-page';
import { SectionCard } from '../../../components/section-card';
import { paths } from '../../../config/paths';
import { useMyShifts } from '../api/my-shifts';
import { useCreateSwap } from '../api/swap-actions';
import { useSwapCandidates } from '../api/swap-candidates';
import { SwapCandidatePicker, type Candidate } from './swap-candidate-picker';
import { swapPath } from './swap-links';
import {
  swapRequestFormSchema,
  swapRequestServerError,
  SWAP_NOTE_MAX,
  type SwapRequestValues,
} from './swap-request-form';
import { ShiftSummary } from './swap-shift';

/** Where my shift is looked for: its day (passed by the list), else the next 62 days (only future shifts swap). */
function useSourceRange(): { from: string; to: string } {
  const state = useLocation().state as { date?: unknown } | null;
  const date = typeof state?.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(state.date) ? state.date : null;
  return useMemo(() => {
    if (date) return { from: date, to: date };
    const today = dayjs();
    return {
      from: today.format('YYYY-MM-DD'),
      to: today.add(SHIFT_LIMITS.rangeDays - 1, 'day').format('YYYY-MM-DD'),
    };
  }, [date]);
}

/**
 * /member/work-shift/:id/swap: "Proponi un cambio turno". My shift, the colleagues' shifts I could take instead
 * (searchable by name, by day), an optional note; "Invia la richiesta" → the server's message, then the swap's page.
 */
export function SwapRequestPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const mine = useMyShifts(useSourceRange());
  const candidates = useSwapCandidates(id);
  const back = { to: paths.memberWorkShift, label: t('shiftSwaps.my.title') };

  return (
    <FormPage width={820} back={back} title={t('shiftSwaps.request.title')} subtitle={t('shiftSwaps.request.subtitle')}>
      <Loaded queries={[mine, candidates] as const} back={back} width={820}>
        {([shifts, { items }]) => <SwapRequestForm shiftId={id} shifts={shifts} candidates={items} />}
      </Loaded>
    </FormPage>
  );
}

function SwapRequestForm({
  shiftId,
  shifts,
  candidates,
}: {
  shiftId: string;
  shifts: MyShifts;
  candidates: Candidate[];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = useSaved();
  const create = useCreateSwap();
  const source = shifts.shifts.find((s) => s.id === shiftId) ?? null;
  const schema = useMemo(() => swapRequestFormSchema(t), [t]);
  const form = useFormScaffold<SwapRequestValues>({
    resolver: zodResolver(schema),
    defaultValues: { targetShiftId: '', note: '' },
    serverFields: ['targetShiftId', 'note'],
    onServerError: (err, { setError }) => swapRequestServerError(err, setError, t('errors.generic')),
  });

  if (!source)
    return (
      <Alert severity="warning" data-testid="swap-request-no-shift">
        {t('shiftSwaps.request.shiftGone')}
      </Alert>
    );
  if (source.openSwapId)
    return (
      <Alert severity="info" data-testid="swap-request-open">
        {t('shiftSwaps.request.alreadyOpen')}
      </Alert>
    );

  const sourceCard = (
    <SectionCard title={t('shiftSwaps.request.yourShift')} testId="swap-request-source">
      <ShiftSummary shift={source} />
    </SectionCard>
  );
  if (candidates.length === 0)
    return (
      <Stack spacing={2}>
        {sourceCard}
        <Paper variant="outlined" sx={{ py: 3 }} data-testid="swap-candidates-empty">
          <GridMessage
            icon={<EventBusyOutlined />}
            title={t('shiftSwaps.request.noCandidatesTitle')}
            body={t('shiftSwaps.request.noCandidatesBody')}
            action={
              <Button component={RouterLink} to={paths.memberWorkShift}>
                {t('shiftSwaps.request.backToShifts')}
              </Button>
            }
          />
        </Paper>
      </Stack>
    );

  const onSubmit = form.submitWith(async (values) => {
    const target = candidates.find((c) => c.shift.id === values.targetShiftId)!;
    const answer = await create.mutateAsync({
      sourceShiftId: source.id,
      targetShiftId: target.shift.id,
      targetUserInfoId: target.person.id,
      note: values.note.trim() || null,
    });
    saved(answer.message, swapPath('member', answer.swap.id));
  });

  return (
    <FormShell
      form={form}
      onSubmit={onSubmit}
      label={t('shiftSwaps.request.title')}
      testId="swap-request"
      failureTestId="swap-request-error"
      submitLabel={t('shiftSwaps.request.submit')}
      onCancel={() => void navigate(paths.memberWorkShift)}
    >
      {sourceCard}
      <SectionCard title={t('shiftSwaps.request.withWhom')} description={t('shiftSwaps.request.withWhomHint')}>
        <Controller
          name="targetShiftId"
          control={form.control}
          render={({ field, fieldState }) => (
            <SwapCandidatePicker
              candidates={candidates}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              inputRef={field.ref}
            />
          )}
        />
      </SectionCard>
      <SectionCard title={t('shiftSwaps.request.noteTitle')}>
        <Controller
          name="note"
          control={form.control}
          render={({ field: { ref, ...field }, fieldState }) => (
            <TextField
              {...field}
              inputRef={ref}
              fullWidth
              multiline
              minRows={3}
              label={t('shiftSwaps.request.note')}
              error={!!fieldState.error}
              helperText={
                fieldState.error?.message ??
                t('shiftSwaps.request.noteHint', { n: field.value.length, max: SWAP_NOTE_MAX })
              }
              slotProps={{ htmlInput: { maxLength: SWAP_NOTE_MAX, 'data-testid': 'swap-request-note' } }}
            />
          )}
        />
      </SectionCard>
    </FormShell>
  );
}
