import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';
import { clockIn, formatClock } from '../../lib/dates';
import { useDashboardSlice } from '../../lib/queries/dashboard';

/** Today's published shifts and whether I am clocked in (GET /dashboard's welcome), under the greeting. */
function TodayLine() {
  const { t } = useTranslation();
  const welcome = useDashboardSlice('welcome');
  if (!welcome.data) return null;
  const { todayShifts, clock: state } = welcome.data;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 1.5 }}>
      {todayShifts.map((s) => (
        <Chip
          key={s.id}
          size="small"
          variant="outlined"
          data-testid="welcome-shift"
          label={t('home.welcome.shift', {
            range: `${formatClock(s.startMinutes)}–${formatClock(s.endMinutes)}${s.endMinutes <= s.startMinutes ? ' (+1)' : ''}`,
          })}
          {...(s.label ? { title: s.label } : {})}
        />
      ))}
      {state && (
        <Chip
          size="small"
          color={state.state === 'in' ? 'success' : 'default'}
          variant={state.state === 'in' ? 'filled' : 'outlined'}
          data-testid="welcome-clock"
          label={
            state.state === 'in' && state.since
              ? t('home.welcome.inSince', { time: clockIn(state.since, welcome.timeZone ?? 'Europe/Rome') })
              : t('home.welcome.out')
          }
        />
      )}
    </Stack>
  );
}

export function WelcomeWidget() {
  const { t, i18n } = useTranslation();
  const { current, user, workspaces, workspaceId } = useAuth();
  const workspace = workspaces.find((w) => w.id === workspaceId);
  const hour = dayjs().hour();
  const greeting = hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening';
  return (
    <Card variant="outlined" data-testid="welcome-widget">
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {dayjs().locale(i18n.language).format('dddd D MMMM YYYY')}
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
          {t(`dashboard.welcome.${greeting}`, { name: user?.first_name ?? '' })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {workspace && (
            <Typography color="text.secondary">
              <bdi>{workspace.name}</bdi>
            </Typography>
          )}
          {current && (
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t(`roles.${current.mainRole}`)}
              data-testid="main-role"
            />
          )}
        </Stack>
        <TodayLine />
        {!workspace && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('dashboard.welcome.noWorkspace')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
