import Add from '@mui/icons-material/Add';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { Alert, Button, Skeleton, Stack, Typography } from '@mui/material';
import type { JustificationRequest, Punch } from '@timbro/shared';
import { addDays } from '@timbro/shared/domain/dates';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRightPanel } from '../../../components/app-frame/right-panel';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/error-message';
import { useAttendanceData, type AttendanceDataParams } from '../api/get-attendance-data';
import { useClosedMonths } from '../api/get-closed-months';
import { useDecideRequests, useDeleteRequest, useMoveRequest, type RequestScope } from '../api/save-request';
import { inClosedMonth } from '../closed-months';
import { DayExplanation } from './day-explanation';
import { progressOf } from './day-progress';
import { DayPunchEditor } from './day-punch-editor';
import { DayRequestActions } from './day-request-actions';
import { DecisionDialog } from '../requests/decision-dialog';
import { DeletePunchDialog, PunchDialog } from '../punches/punch-dialogs';
import { RequestDialog } from '../requests/request-dialog';
import { describeRequest, employeeName } from '../requests/request-text';
import { useCan } from '../../../lib/auth/use-can';
import { keepFocusNear } from '../../../lib/focus';

export interface DayPanelProps {
  /** The same query as the screen behind (cached): the panel follows its updates. */
  params: AttendanceDataParams;
  userInfoId: string | null;
  date: string;
  /** member: one's own day; admin: any employee's, with approvals and punch corrections. */
  scope: RequestScope;
}

/** The day side panel: the explanation of every figure and what can be done about the day. */
export function DayPanel({ params, userInfoId, date, scope }: DayPanelProps) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const { enqueueSnackbar } = useSnackbar();
  const data = useAttendanceData(params);
  const canWrite = useCan(scope === 'member' ? 'attendance:write:own' : 'attendance:write:any');
  const mayApprove = useCan('request:approve');
  const canApprove = scope === 'admin' && mayApprove;
  const move = useMoveRequest(scope);
  const remove = useDeleteRequest(scope);
  const decide = useDecideRequests();
  // The employee can change nothing in a closed month (the lock): said here, and the actions are not offered.
  const closedMonths = useClosedMonths(scope === 'member');
  const locked = scope === 'member' && inClosedMonth(closedMonths, date);
  const mayChange = canWrite && !locked;
  const [editing, setEditing] = useState<JustificationRequest | null>(null);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<JustificationRequest | null>(null);
  const [rejecting, setRejecting] = useState<JustificationRequest | null>(null);
  const [punchEdit, setPunchEdit] = useState<{ punch: Punch | null } | null>(null);
  const [punchDelete, setPunchDelete] = useState<Punch | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  if (data.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (data.isError) return <Alert severity="error">{errorMessage(data.error, t('errors.generic'))}</Alert>;
  const user = data.data?.users.find((u) => userInfoId === null || u.userInfo.id === userInfoId);
  const day = user?.days.find((d) => d.date === date);
  if (!user || !day) return <Alert severity="info">{t('dayPanel.noData')}</Alert>;
  const person = employeeName(user.userInfo);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await action();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
    }
  };

  const requestActions = (r: JustificationRequest) => (
    <DayRequestActions
      request={r}
      scope={scope}
      canWrite={mayChange}
      canMoveTo={(days) => scope === 'admin' || !inClosedMonth(closedMonths, addDays(r.date, days))}
      canApprove={canApprove}
      approving={decide.isPending}
      moving={move.isPending}
      onApprove={() =>
        void run(() => decide.mutateAsync({ ids: [r.id], approve: true }), t('approvals.done.approved', { n: 1 }))
      }
      onReject={() => setRejecting(r)}
      onEdit={() => setEditing(r)}
      onMove={(days) => void run(() => move.mutateAsync({ id: r.id, days }), t('dayPanel.done.moved'))}
      onRemove={() => setRemoving(r)}
    />
  );

  const dayPunches = user.punches.filter((p) => p.localDate === date);
  const progress = progressOf(date, data.data?.today);
  const punchEditor =
    scope === 'admin' ? (
      <DayPunchEditor
        punches={dayPunches}
        canWrite={canWrite}
        progress={progress}
        onAdd={() => setPunchEdit({ punch: null })}
        onEdit={(p) => setPunchEdit({ punch: p })}
        onDelete={setPunchDelete}
      />
    ) : null;

  return (
    <Stack spacing={2} data-testid="day-panel">
      {scope === 'admin' && (
        <Typography variant="subtitle1" sx={{ fontWeight: 500 }} data-testid="day-panel-person">
          {person}
        </Typography>
      )}
      {failure && (
        <Alert
          severity="error"
          role="alert"
          onClose={(e) => {
            keepFocusNear(e.currentTarget);
            setFailure(null);
          }}
          data-testid="day-panel-error"
        >
          {failure}
        </Alert>
      )}
      <DayExplanation
        day={day}
        punches={user.punches}
        requests={user.requests}
        requestActions={requestActions}
        punchEditor={punchEditor}
        progress={progress}
      />
      {canWrite && locked && (
        <Alert severity="info" icon={<LockOutlined />} data-testid="day-panel-closed">
          {t('dayPanel.closed')}
        </Alert>
      )}
      {mayChange && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setCreating(true)}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="day-new-request"
        >
          {t('dayPanel.actions.newRequest')}
        </Button>
      )}
      <RequestDialog
        open={creating || !!editing}
        scope={scope}
        request={editing}
        initialDate={date}
        initialEmployees={scope === 'admin' ? [{ id: user.userInfo.id, name: person }] : undefined}
        expectedMinutes={day.expected}
        pauses={day.pauses}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={!!removing}
        title={scope === 'member' ? t('dayPanel.withdraw.title') : t('dayPanel.deleteRequest.title')}
        body={
          removing
            ? `${removing.justification.name} · ${formatDate(removing.date, language)} · ${describeRequest(removing, t, language)}`
            : ''
        }
        confirmLabel={scope === 'member' ? t('dayPanel.actions.withdraw') : t('dayPanel.actions.delete')}
        tone="error"
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          const r = removing!;
          setRemoving(null);
          void run(
            () => remove.mutateAsync(r.id),
            scope === 'member' ? t('dayPanel.done.withdrawn') : t('dayPanel.done.deleted'),
          );
        }}
        testId="request-remove"
      />
      <DecisionDialog
        open={!!rejecting}
        approve={false}
        count={1}
        summary={
          rejecting
            ? `${person} · ${formatDate(rejecting.date, language)} · ${rejecting.justification.name}`
            : undefined
        }
        busy={decide.isPending}
        onClose={() => setRejecting(null)}
        onConfirm={(note) => {
          const r = rejecting!;
          setRejecting(null);
          void run(
            () => decide.mutateAsync({ ids: [r.id], approve: false, note }),
            t('approvals.done.rejected', { n: 1 }),
          );
        }}
      />
      {scope === 'admin' && (
        <>
          <PunchDialog
            open={!!punchEdit}
            userInfoId={user.userInfo.id}
            person={person}
            date={date}
            punch={punchEdit?.punch}
            onClose={() => setPunchEdit(null)}
          />
          <DeletePunchDialog punch={punchDelete} onClose={() => setPunchDelete(null)} />
        </>
      )}
    </Stack>
  );
}

/** Opens the day panel in the right sidebar (420 px), titled with the date; `params` is the screen's query (cached). */
export function useDayPanel(scope: RequestScope) {
  const panel = useRightPanel();
  const { i18n } = useTranslation();
  return useCallback(
    (params: AttendanceDataParams, userInfoId: string | null, date: string) => {
      const title = dayjs(date).locale(catalogFor(i18n.language)).format('dddd D MMMM YYYY');
      panel.open({
        title: title.charAt(0).toUpperCase() + title.slice(1),
        body: <DayPanel params={params} userInfoId={userInfoId} date={date} scope={scope} />,
      });
    },
    [panel, scope, i18n.language],
  );
}
