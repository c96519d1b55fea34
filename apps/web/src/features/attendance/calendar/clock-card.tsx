import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useClock, useClockPunch } from '../api/clock';
import { useCurrentAttendanceInfo } from '../api/get-current-info';
import { clockIn } from '../format';

/** The server's clock, ticking: the offset of its last answer applied to the device's clock, shown in the workspace zone. */
function useServerNow(serverTime: string | undefined, dataUpdatedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  if (!serverTime) return null;
  const offset = new Date(serverTime).getTime() - dataUpdatedAt;
  return Math.max(now, dataUpdatedAt) + offset;
}

/**
 * "Timbra entrata" / "Timbra uscita": the punch is written at the SERVER's time (the browser sends only the direction).
 * Shows since when the person is in, today's punches and the server's time in the workspace's zone.
 */
export function ClockCard({ testId = 'clock-card' }: { testId?: string }) {
  const { t } = useTranslation();
  const info = useCurrentAttendanceInfo();
  const clock = useClock();
  const punch = useClockPunch();
  const [failure, setFailure] = useState<string | null>(null);
  const timeZone = info.data?.timeZone ?? 'Europe/Rome';
  const serverNow = useServerNow(clock.data?.serverTime, clock.dataUpdatedAt);

  const state = clock.data?.state;
  const onPunch = async () => {
    if (!state) return;
    setFailure(null);
    try {
      await punch.mutateAsync(state === 'in' ? 'out' : 'in');
    } catch (err) {
      setFailure(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Card variant="outlined" data-testid={testId} component="section" aria-labelledby={`${testId}-title`}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2" id={`${testId}-title`} sx={{ flexGrow: 1 }}>
            {t('clock.title')}
          </Typography>
          {serverNow !== null && (
            <Typography variant="body2" color="text.secondary" data-testid="clock-server-time">
              {t('clock.serverTime', { time: clockIn(serverNow, timeZone) })}
            </Typography>
          )}
        </Box>
        {clock.isLoading ? (
          <Skeleton variant="rounded" height={88} />
        ) : clock.isError ? (
          <Alert severity="error">{errorMessage(clock.error, t('errors.generic'))}</Alert>
        ) : (
          <Stack spacing={1.5}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Box
                aria-hidden
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: state === 'in' ? '#2E7D32' : 'grey.500',
                  boxShadow: state === 'in' ? '0 0 0 4px rgba(46,125,50,0.18)' : 'none',
                }}
              />
              <Typography sx={{ fontWeight: 500, flexGrow: 1 }} data-testid="clock-state" role="status">
                {state === 'in' && clock.data?.since
                  ? t('clock.inSince', { time: clockIn(clock.data.since, timeZone) })
                  : t('clock.out')}
              </Typography>
              <Button
                variant="contained"
                size="large"
                color={state === 'in' ? 'secondary' : 'primary'}
                onClick={() => void onPunch()}
                disabled={punch.isPending || !state}
                startIcon={
                  punch.isPending ? (
                    <CircularProgress size={18} color="inherit" />
                  ) : state === 'in' ? (
                    <LogoutOutlined />
                  ) : (
                    <LoginOutlined />
                  )
                }
                data-testid="clock-button"
                sx={{ minWidth: 200 }}
              >
                {state === 'in' ? t('clock.clockOut') : t('clock.clockIn')}
              </Button>
            </Box>
            {failure && (
              <Alert severity="warning" role="alert" onClose={() => setFailure(null)} data-testid="clock-error">
                {failure}
              </Alert>
            )}
            <Box>
              <Typography variant="body2" color="text.secondary" component="h3" sx={{ mb: 0.5 }}>
                {t('clock.today')}
              </Typography>
              {(clock.data?.todayPunches.length ?? 0) === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('clock.noPunches')}
                </Typography>
              ) : (
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="clock-today">
                  {clock.data!.todayPunches.map((p) => (
                    <Chip
                      key={p.id}
                      size="small"
                      variant="outlined"
                      icon={p.direction === 'in' ? <LoginOutlined /> : <LogoutOutlined />}
                      label={`${t(`attendance.direction.${p.direction}`)} ${p.localTime}`}
                    />
                  ))}
                </Stack>
              )}
            </Box>
            <Typography variant="caption" color="text.secondary">
              {t('clock.serverNote')}
            </Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
