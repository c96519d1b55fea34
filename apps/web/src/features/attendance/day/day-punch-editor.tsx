import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import type { Punch } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import type { DayProgress } from './day-progress';

/**
 * The admin's punch corrections in the day panel: the day's raw punches (direction, time, source, reason), each with
 * edit and delete for who may write, and "add a punch" (not on days to come).
 */
export function DayPunchEditor({
  punches: dayPunches,
  canWrite,
  progress,
  onAdd,
  onEdit,
  onDelete,
}: {
  /** The punches of the day. */
  punches: Punch[];
  canWrite: boolean;
  progress: DayProgress;
  onAdd(): void;
  onEdit(punch: Punch): void;
  onDelete(punch: Punch): void;
}) {
  const { t } = useTranslation();
  return (
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
                      onClick={() => onEdit(p)}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('dayPanel.actions.deletePunch')}>
                    <IconButton
                      size="small"
                      aria-label={`${t('dayPanel.actions.deletePunch')} ${p.localTime}`}
                      onClick={() => onDelete(p)}
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
        <Button size="small" startIcon={<Add />} onClick={onAdd} sx={{ mt: 0.5 }} data-testid="punch-add">
          {t('dayPanel.actions.addPunch')}
        </Button>
      )}
    </Box>
  );
}
