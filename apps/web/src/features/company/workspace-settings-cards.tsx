import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Skeleton,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { timeZoneNames } from '@timbro/shared/validators/time-zone';
import { useSnackbar } from 'notistack';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailure } from '../../components/load-failure';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../lib/auth/auth-context';
import { useCan } from '../../lib/auth/use-can';
import { errorMessage, fieldErrors } from '../../lib/error-message';
import { useWorkspace, type Workspace } from './api/get-workspace';
import { companyOf, useUpdateWorkspace } from './api/update-workspace';

/** A card of the settings index that reads the workspace: a skeleton while it loads, the failure with a retry. */
function WorkspaceCard({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  children(workspace: Workspace): ReactNode;
}) {
  const query = useWorkspace();
  return (
    <SectionCard title={title} description={description} testId={testId}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={40} />
      ) : query.isError ? (
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </SectionCard>
  );
}

/**
 * Approvals: the workspace's `attendance_auto_approve_request` (spec section 5), which applies to every employee whose
 * own setting is "default". Saved at once through POST /admin/workspace/{id} with the company fields unchanged.
 */
export function ApprovalsCard() {
  const { t } = useTranslation();
  return (
    <WorkspaceCard
      title={t('workspaceSettings.approvals.title')}
      description={t('workspaceSettings.approvals.description')}
      testId="settings-approvals"
    >
      {(w) => <ApprovalsSwitch workspace={w} />}
    </WorkspaceCard>
  );
}

function ApprovalsSwitch({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { reload } = useAuth();
  const canEdit = useCan('workspace:update');
  const update = useUpdateWorkspace(workspace.id);
  const on = workspace.attendance_auto_approve_request;
  const toggle = async (next: boolean) => {
    try {
      await update.mutateAsync({ workspace_company: companyOf(workspace), attendance_auto_approve_request: next });
      enqueueSnackbar(t(next ? 'workspaceSettings.approvals.savedOn' : 'workspaceSettings.approvals.savedOff'), {
        variant: 'success',
      });
      // The derived user carries the workspace's setting (the request dialog says whether approval is needed).
      void reload().catch(() => undefined);
    } catch (err) {
      enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' });
    }
  };
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={!canEdit || update.isPending}
            onChange={(e) => void toggle(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'auto-approve-hint' } }}
            data-testid="auto-approve-switch"
          />
        }
        label={t('workspaceSettings.approvals.switch')}
      />
      <Typography id="auto-approve-hint" variant="body2" color="text.secondary" data-testid="auto-approve-hint">
        {t(on ? 'workspaceSettings.approvals.onHint' : 'workspaceSettings.approvals.offHint')}
      </Typography>
    </>
  );
}

/**
 * The workspace's time zone (ADR 0024): chosen among the IANA zones, confirmed, saved through POST
 * /admin/workspace/{id}. New clock-ins and shifts are read in it; what was recorded keeps its own.
 */
export function TimeZoneCard() {
  const { t } = useTranslation();
  return (
    <WorkspaceCard
      title={t('workspaceSettings.timeZone.title')}
      description={t('workspaceSettings.timeZone.description')}
      testId="settings-time-zone"
    >
      {(w) => <TimeZonePicker key={w.time_zone} workspace={w} />}
    </WorkspaceCard>
  );
}

function TimeZonePicker({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { reload } = useAuth();
  const canEdit = useCan('workspace:update');
  const update = useUpdateWorkspace(workspace.id);
  const zones = useMemo(() => timeZoneNames(), []);
  const [zone, setZone] = useState(workspace.time_zone);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = zone !== workspace.time_zone;

  const save = async () => {
    setError(null);
    try {
      await update.mutateAsync({ workspace_company: companyOf(workspace), time_zone: zone });
      setConfirming(false);
      enqueueSnackbar(t('workspaceSettings.timeZone.saved', { zone }), { variant: 'success' });
      void reload().catch(() => undefined);
    } catch (err) {
      // The zone's own refusal when there is one ("Il fuso orario non è valido"), else the answer's message.
      setError(fieldErrors(err).time_zone ?? errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Alert severity="warning" data-testid="time-zone-warning">
        {t('workspaceSettings.timeZone.warning')}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Autocomplete
          options={zones}
          value={zone}
          onChange={(_, v) => v && setZone(v)}
          disableClearable
          disabled={!canEdit}
          noOptionsText={t('workspaceSettings.timeZone.noOptions')}
          sx={{ flex: '1 1 260px', maxWidth: 360 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('workspaceSettings.timeZone.label')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, dir: 'ltr', 'data-testid': 'time-zone-input' },
              }}
            />
          )}
        />
        {canEdit && (
          <Button
            variant="contained"
            disabled={!changed}
            onClick={() => setConfirming(true)}
            sx={{ mt: 1 }}
            data-testid="time-zone-save"
          >
            {t('workspaceSettings.timeZone.save')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('workspaceSettings.timeZone.confirmTitle')}
        body={t('workspaceSettings.timeZone.confirmBody', { from: workspace.time_zone, zone })}
        confirmLabel={t('workspaceSettings.timeZone.confirm')}
        busy={update.isPending}
        error={error}
        onConfirm={() => void save()}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
        testId="time-zone-confirm"
      />
    </Box>
  );
}
