import { Box, Button, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { WidgetCard, widgetListSx, widgetRowSx } from '../../components/widget-card';
import { paths } from '../../config/paths';
import { catalogFor } from '../../i18n/languages';
import { useCan } from '../../lib/auth/use-can';
import { formatDate } from '../../lib/dates';
import { useDashboardSlice } from '../../lib/queries/dashboard';
import { ReachSummary, StateChip } from './announcement-state';
import { announcementPath, myAnnouncementPath } from './links';
import { AckChip, UnreadDot } from './my-marks';

const itemSx = widgetRowSx;

/** "Ultime comunicazioni": the member's latest five, unread first (a dot, in bold), each opening its page. */
export function LatestAnnouncementsWidget() {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const query = useDashboardSlice('latestAnnouncements');
  const items = query.data?.mine ?? [];
  const unread = query.data?.unread ?? 0;
  return (
    <WidgetCard
      testId="widget-my-announcements"
      title={t('announcements.widget.title')}
      loading={query.isLoading || (!query.data && !query.isError)}
      error={query.error}
      empty={items.length === 0 && t('announcements.widget.empty')}
      actions={
        <Button component={RouterLink} to={paths.memberAnnouncement} data-testid="widget-my-announcements-all">
          {t('announcements.widget.all')}
        </Button>
      }
    >
      <>
        {unread > 0 && (
          <Typography variant="body2" color="primary" sx={{ mb: 0.5, fontWeight: 500 }}>
            {t('announcements.my.unread', { n: unread })}
          </Typography>
        )}
        <Box component="ul" sx={widgetListSx}>
          {items.map((a) => (
            <Box component="li" key={a.id} sx={itemSx} data-testid="widget-my-announcement">
              <Box sx={{ width: 10, flexShrink: 0 }}>{a.openedAt === null && <UnreadDot />}</Box>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={myAnnouncementPath(a.id)}
                  underline="hover"
                  variant="body2"
                  noWrap
                  sx={{ display: 'block', fontWeight: a.openedAt === null ? 700 : 500 }}
                >
                  {a.title}
                </Link>
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {formatDate(a.publishedAt, language)}
                </Typography>
              </Box>
              <AckChip announcement={a} />
            </Box>
          ))}
        </Box>
      </>
    </WidgetCard>
  );
}

/** "Comunicazioni inviate": the admin's latest five by send time, with their state and how many have read them. */
export function SentAnnouncementsWidget() {
  const { t } = useTranslation();
  const canWrite = useCan('announcement:write');
  const query = useDashboardSlice('latestAnnouncements');
  const items = query.data?.sent ?? [];
  return (
    <WidgetCard
      testId="widget-sent-announcements"
      title={t('announcements.widget.sentTitle')}
      loading={query.isLoading || (!query.data && !query.isError)}
      error={query.error}
      empty={items.length === 0 && t('announcements.widget.sentEmpty')}
      actions={
        <>
          <Button component={RouterLink} to={paths.adminAnnouncement} data-testid="widget-sent-announcements-all">
            {t('announcements.widget.allSent')}
          </Button>
          {canWrite && (
            <Button component={RouterLink} to={paths.adminAnnouncementNew}>
              {t('announcements.actions.new')}
            </Button>
          )}
        </>
      }
    >
      <Box component="ul" sx={widgetListSx}>
        {items.map((a) => (
          <Box component="li" key={a.id} sx={itemSx} data-testid="widget-sent-announcement">
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={announcementPath(a.id)}
                underline="hover"
                variant="body2"
                noWrap
                sx={{ display: 'block', fontWeight: 500 }}
              >
                {a.title}
              </Link>
              <Box sx={{ mt: 0.5 }}>
                <StateChip state={a.state} />
              </Box>
            </Box>
            <Box sx={{ width: 150, flexShrink: 0 }}>
              <ReachSummary announcement={a} />
            </Box>
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}

/**
 * The announcements widget: GET /dashboard's `latestAnnouncements` is the member's own (with unread marks) for someone
 * who receives them, the sent ones for an admin who does not.
 */
export function AnnouncementsWidget() {
  const query = useDashboardSlice('latestAnnouncements');
  const receives = useCan('announcement:read:own');
  const scope = query.data?.scope ?? (receives ? 'member' : 'admin');
  return scope === 'admin' ? <SentAnnouncementsWidget /> : <LatestAnnouncementsWidget />;
}
