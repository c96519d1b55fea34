import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { Alert, Box, Button, IconButton, Skeleton, Stack, Tooltip, Typography } from '@mui/material';
import type { JustificationRequest, Punch } from '@timbro/shared';
import dayjs from 'dayjs';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useRightPanel } from '../../components/app-frame/right-panel';
import { catalogFor } from '../../i18n/languages';
import { formatDate } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useAttendanceData, type AttendanceDataParams } from './api/get-attendance-data';
import { useDecideRequests, useDeleteRequest, useMoveRequest, type RequestScope } from './api/save-request';
import { DayExplanation } from './day-explanation';
import { progressOf } from './day-progress';
import { DecisionDialog } from './decision-dialog';
import { DeletePunchDialog, PunchDialog } from './punch-dialogs';
import { RequestDialog } from './request-dialog';
import { describeRequest, employeeName } from './request-text';
import { useCan } from '../../lib/auth/use-can';

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

  const requestActions = (r: JustificationRequest) => {
    const editable = canWrite && (scope === 'admin' || r.status === 'open');
    const pendingDecision = canApprove && r.status === 'open';
    if (!editable && !pendingDecision) return null;
    return (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {pendingDecision && (
          <>
            <Button
              size="small"
              variant="contained"
              onClick={() =>
                void run(
                  () => decide.mutateAsync({ ids: [r.id], approve: true }),
                  t('approvals.done.approved', { n: 1 }),
                )
              }
              disabled={decide.isPending}
              data-testid="day-request-approve"
            >
              {t('approvals.actions.approve')}
            </Button>
            <Button
              size="small"
              color="error"
              variant="outlined"
              onClick={() => setRejecting(r)}
              data-testid="day-request-reject"
            >
              {t('approvals.actions.reject')}
            </Button>
          </>
        )}
        {editable && (
          <>
            <Button
              size="small"
              startIcon={<EditOutlined />}
              onClick={() => setEditing(r)}
              data-testid="day-request-edit"
            >
              {t('dayPanel.actions.edit')}
            </Button>
            <Button
              size="small"
              onClick={() => void run(() => move.mutateAsync({ id: r.id, days: -1 }), t('dayPanel.done.moved'))}
              disabled={move.isPending}
              data-testid="day-request-prev"
            >
              {t('dayPanel.actions.movePrev')}
            </Button>
            <Button
              size="small"
              onClick={() => void run(() => move.mutateAsync({ id: r.id, days: 1 }), t('dayPanel.done.moved'))}
              disabled={move.isPending}
              data-testid="day-request-next"
            >
              {t('dayPanel.actions.moveNext')}
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => setRemoving(r)}
              data-testid="day-request-delete"
            >
              {scope === 'member' ? t('dayPanel.actions.withdraw') : t('dayPanel.actions.delete')}
            </Button>
          </>
        )}
      </Stack>
    );
  };

  const dayPunches = user.punches.filter((p) => p.localDate === date);
  const progress = progressOf(date, data.data?.today);
  const punchEditor =
    scope === 'admin' ? (
      <Box sx={{ mt: 1.5 }} data-testid="punch-editor">
        {dayPunches.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="h4" sx={{ display: 'block', mb: 0.5 }}>
            {t('dayPanel.rawPunches')}
          </Typography>
        )}
        {dayPunches.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {dayPunches.map((p) => (
              <Box
                component="li"
                key={p.id}
                sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
                data-testid="raw-punch"
              >
                {p.direction === 'in' ? (
                  <LoginOutlined fontSize="small" color="action" />
                ) : (
                  <LogoutOutlined fontSize="small" color="action" />
                )}
                <Typography variant="body2" sx={{ flexGrow: 1 }}>
                  {t(`attendance.direction.${p.direction}`)} <bdi dir="ltr">{p.localTime}</bdi>
                  <Typography component="span" variant="caption" color="text.secondary">
                    {' · '}
                    {t(`attendance.source.${p.source}`)}
                    {p.reason ? ` · ${p.reason}` : ''}
                  </Typography>
                </Typography>
                {canWrite && (
                  <>
                    <Tooltip title={t('dayPanel.actions.editPunch')}>
                      <IconButton
                        size="small"
                        aria-label={`${t('dayPanel.actions.editPunch')} ${p.localTime}`}
                        onClick={() => setPunchEdit({ punch: p })}
                      >
                        <EditOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title={t('dayPanel.actions.deletePunch')}>
                      <IconButton
                        size="small"
                        aria-label={`${t('dayPanel.actions.deletePunch')} ${p.localTime}`}
                        onClick={() => setPunchDelete(p)}
                      >
                        <DeleteOutline fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )}
              </Box>
            ))}
          </Box>
        )}
        {/* A punch in the future is refused by the server: no add button on days to come. */}
        {canWrite && progress !== 'future' && (
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => setPunchEdit({ punch: null })}
            sx={{ mt: 0.5 }}
            data-testid="punch-add"
          >
            {t('dayPanel.actions.addPunch')}
          </Button>
        )}
      </Box>
    ) : null;

  return (
    <Stack spacing={2} data-testid="day-panel">
      {scope === 'admin' && (
        <Typography variant="subtitle1" sx={{ fontWeight: 500 }} data-testid="day-panel-person">
          {person}
        </Typography>
      )}
      {failure && (
        <Alert severity="error" role="alert" onClose={() => setFailure(null)} data-testid="day-panel-error">
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
      {canWrite && (
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
