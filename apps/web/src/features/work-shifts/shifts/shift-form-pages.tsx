import type { ShiftWarning } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FormPage, Loaded, useSaved } from '../../../components/form/form-page';
import { useWorkShift } from '../api/get-work-shift';
import { useCreateWorkShifts, useUpdateWorkShift } from '../api/save-work-shift';
import { planningPath, workShiftPath } from '../links';
import { SavedWarningsDialog } from './saved-warnings-dialog';
import { ShiftForm } from './shift-form';
import { toCreateBody, toUpdateBody } from './shift-form-schema';
import { useDayFormat } from '../shift-text';
import { formatShiftRange } from '../shift-time';

const FORM_WIDTH = 880;

/** What a save leaves to do: the snackbar's text and where to go, after the warnings (if any) were read. */
interface Pending {
  message: string;
  to: string;
  /** The warnings dialog's button ("Torna alla pianificazione", "Vai al turno"). */
  next: string;
  warnings: ShiftWarning[];
}

function useAfterSave() {
  const saved = useSaved();
  const [pending, setPending] = useState<Pending | null>(null);
  const done = (p: Pending) => (p.warnings.length > 0 ? setPending(p) : saved(p.message, p.to));
  const dialog = pending && (
    <SavedWarningsDialog
      warnings={pending.warnings}
      continueLabel={pending.next}
      onContinue={() => saved(pending.message, pending.to)}
    />
  );
  return { done, dialog };
}

/**
 * /admin/work-shift/new (?date=&userInfoId= from a cell of the planning): one shift or one per day of a period, for one
 * or many people, saved as drafts; the warnings they raise are shown, then the planning of their week.
 */
export function WorkShiftNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const prefill = useMemo(() => ({ date: search.get('date'), userInfoId: search.get('userInfoId') }), [search]);
  const create = useCreateWorkShifts();
  const { done, dialog } = useAfterSave();
  const back = { to: planningPath(prefill.date ?? undefined), label: t('workShifts.planning.title') };
  return (
    <FormPage
      width={FORM_WIDTH}
      back={back}
      title={t('workShifts.form.newTitle')}
      subtitle={t('workShifts.form.newSubtitle')}
    >
      <ShiftForm
        prefill={prefill}
        submitLabel={t('workShifts.form.create')}
        onCancel={() => void navigate(back.to)}
        onSubmit={async (values) => {
          const res = await create.mutateAsync(toCreateBody(values));
          done({
            // A shift of several people is one cell each in the planning: the count is of those (issue 30 item 17:
            // "5" said for the 10 cells of five days of two people).
            message: t('workShifts.saved.created', { n: res.shifts.reduce((n, s) => n + s.assignees.length, 0) }),
            to: planningPath(values.date ?? undefined),
            next: t('workShifts.savedWarnings.toPlanning'),
            warnings: res.warnings,
          });
        }}
      />
      {dialog}
    </FormPage>
  );
}

/**
 * /admin/work-shift/:id/edit: its day, times, people, label and colour. Saving rejects its open swaps (said before and
 * in the snackbar after); the warnings it raises are shown, then its page.
 */
export function WorkShiftEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const formatDay = useDayFormat();
  const query = useWorkShift(id);
  const update = useUpdateWorkShift(id);
  const { done, dialog } = useAfterSave();
  const back = { to: workShiftPath(id), label: t('workShifts.detail.back') };
  return (
    <Loaded queries={[query]} back={back} width={FORM_WIDTH}>
      {([shift]) => (
        <FormPage
          width={FORM_WIDTH}
          back={back}
          title={t('workShifts.form.editTitle')}
          subtitle={`${formatDay(shift.date)} · ${formatShiftRange(shift)}`}
        >
          <ShiftForm
            key={shift.id}
            shift={shift}
            submitLabel={t('common.save')}
            onCancel={() => void navigate(back.to)}
            onSubmit={async (values) => {
              const res = await update.mutateAsync(toUpdateBody(values));
              done({
                message: [
                  t('workShifts.saved.updated'),
                  res.autoRejected > 0 ? t('workShifts.saved.autoRejected', { n: res.autoRejected }) : null,
                ]
                  .filter(Boolean)
                  .join(' · '),
                to: workShiftPath(id),
                next: t('workShifts.savedWarnings.toShift'),
                warnings: res.shift.warnings,
              });
            }}
          />
          {dialog}
        </FormPage>
      )}
    </Loaded>
  );
}
