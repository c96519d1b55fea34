import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, Stack } from '@mui/material';
import type { JustificationRequest } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import type { RequestScope } from '../api/save-request';

/**
 * What can be done about one request of the day: approve / reject a pending one (approvers, admin side); edit, move
 * a day earlier or later, withdraw (member, while pending) or delete (admin) for who may write. Nothing when neither.
 */
export function DayRequestActions({
  request: r,
  scope,
  canWrite,
  canApprove,
  approving,
  moving,
  onApprove,
  onReject,
  onEdit,
  onMove,
  onRemove,
  canMoveTo = () => true,
}: {
  request: JustificationRequest;
  scope: RequestScope;
  canWrite: boolean;
  canApprove: boolean;
  /** A decision is being sent. */
  approving: boolean;
  /** A move is being sent. */
  moving: boolean;
  onApprove(): void;
  onReject(): void;
  onEdit(): void;
  /** Moves the request by this many days (−1 or 1). */
  onMove(days: -1 | 1): void;
  onRemove(): void;
  /** Whether the request may move by this many days (not into a closed month, for the employee). */
  canMoveTo?(days: -1 | 1): boolean;
}) {
  const { t } = useTranslation();
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
            onClick={onApprove}
            disabled={approving}
            data-testid="day-request-approve"
          >
            {t('approvals.actions.approve')}
          </Button>
          <Button size="small" color="error" variant="outlined" onClick={onReject} data-testid="day-request-reject">
            {t('approvals.actions.reject')}
          </Button>
        </>
      )}
      {editable && (
        <>
          <Button size="small" startIcon={<EditOutlined />} onClick={onEdit} data-testid="day-request-edit">
            {t('dayPanel.actions.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => onMove(-1)}
            disabled={moving || !canMoveTo(-1)}
            data-testid="day-request-prev"
          >
            {t('dayPanel.actions.movePrev')}
          </Button>
          <Button
            size="small"
            onClick={() => onMove(1)}
            disabled={moving || !canMoveTo(1)}
            data-testid="day-request-next"
          >
            {t('dayPanel.actions.moveNext')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutline />}
            onClick={onRemove}
            data-testid="day-request-delete"
          >
            {scope === 'member' ? t('dayPanel.actions.withdraw') : t('dayPanel.actions.delete')}
          </Button>
        </>
      )}
    </Stack>
  );
}
