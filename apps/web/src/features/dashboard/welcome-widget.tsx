import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth/auth-context';

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
        {!workspace && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('dashboard.welcome.noWorkspace')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
