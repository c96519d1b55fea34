import DoneAll from '@mui/icons-material/DoneAll';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import {
  Box,
  Button,
  CircularProgress,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Notification } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadFailure } from '../../components/load-failure';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/error-message';
import { useNotifications } from './api/get-notifications';
import { useMarkAllRead } from './api/mark-read';
import { useUnreadCount } from './api/unread-count';
import { CategoryIcon } from './category-icon';
import { useNotificationText } from './notification-text';
import { RelativeTime, useNow } from './relative-time';
import { visuallyHidden } from '../../components/visually-hidden';

interface Props {
  titleId: string;
  onOpen(n: Notification): void;
  onClose(): void;
}

/**
 * The notification centre's panel: newest first, unread ones in bold with a dot, "Segna tutte come lette", the
 * next ones on demand ("Carica altre"), and the way to the settings.
 */
export function NotificationPanel({ titleId, onOpen, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const list = useNotifications();
  const unread = useUnreadCount();
  const markAll = useMarkAllRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const hasUnread = (unread ?? 0) > 0 || items.some((n) => n.readAt === null);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', maxHeight: 'min(560px, calc(100vh - 96px))' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('notifications.centre.title')}
        </Typography>
        <Button
          size="small"
          startIcon={markAll.isPending ? <CircularProgress size={14} color="inherit" /> : <DoneAll />}
          disabled={!hasUnread || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onError: (err) => enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' }),
            })
          }
          data-testid="notifications-mark-all"
        >
          {t('notifications.centre.markAllRead')}
        </Button>
        <Tooltip title={t('notifications.centre.settings')}>
          <IconButton
            component={RouterLink}
            to={paths.adminNotificationSettings}
            onClick={onClose}
            aria-label={t('notifications.centre.settings')}
            size="small"
          >
            <SettingsOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Divider />
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        {list.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }} role="status">
            <CircularProgress size={28} aria-label={t('common.loading')} />
          </Box>
        ) : list.isError && items.length === 0 ? (
          <LoadFailure error={list.error} onRetry={() => void list.refetch()} sx={{ p: 2 }} />
        ) : items.length === 0 ? (
          <Box sx={{ textAlign: 'center', px: 3, py: 4 }} data-testid="notifications-empty">
            <NotificationsNoneOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
            <Typography variant="subtitle1" component="p">
              {t('notifications.centre.empty')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('notifications.centre.emptyHint')}
            </Typography>
          </Box>
        ) : (
          <NotificationList items={items} onOpen={onOpen} />
        )}
        {list.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 1 }}>
            <Button
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
              startIcon={list.isFetchingNextPage ? <CircularProgress size={14} color="inherit" /> : undefined}
              data-testid="notifications-more"
            >
              {t('notifications.centre.loadMore')}
            </Button>
          </Box>
        )}
        {list.isFetchNextPageError && (
          <Typography role="alert" color="error" variant="body2" sx={{ px: 2, pb: 1, textAlign: 'center' }}>
            {errorMessage(list.error, t('errors.generic'))}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function NotificationList({ items, onOpen }: { items: Notification[]; onOpen(n: Notification): void }) {
  const { t } = useTranslation();
  const textOf = useNotificationText();
  const now = useNow();
  return (
    <List disablePadding data-testid="notifications-list">
      {items.map((n) => {
        const unread = n.readAt === null;
        const text = textOf(n);
        return (
          <ListItem key={n.id} disablePadding divider>
            <ListItemButton
              onClick={() => onOpen(n)}
              data-testid={`notification-${n.id}`}
              data-unread={unread}
              sx={{ alignItems: 'flex-start', gap: 1, bgcolor: unread ? 'action.hover' : undefined }}
            >
              <ListItemIcon sx={{ minWidth: 32, mt: 0.5, color: unread ? 'primary.main' : undefined }}>
                <CategoryIcon category={n.category} fontSize="small" />
              </ListItemIcon>
              {/* dir="auto": the server's Italian texts and the authors' words keep their direction in Arabic. */}
              <ListItemText
                primary={
                  <>
                    {unread && (
                      <>
                        <Box component="span" sx={visuallyHidden}>
                          {`${t('notifications.centre.unread')}:`}
                        </Box>{' '}
                      </>
                    )}
                    <span lang={text.titleLang} dir="auto">
                      {text.title}
                    </span>
                  </>
                }
                secondary={
                  <>
                    {text.detail && (
                      <Box
                        component="span"
                        lang={text.detailLang}
                        dir="auto"
                        sx={{
                          display: '-webkit-box',
                          WebkitLineClamp: 2,
                          WebkitBoxOrient: 'vertical',
                          overflow: 'hidden',
                          whiteSpace: 'pre-line',
                        }}
                      >
                        {text.detail}
                      </Box>
                    )}
                    <Box component="span" sx={{ display: 'block', mt: 0.25 }}>
                      {t(`notifications.categories.${n.category}`)} · <RelativeTime value={n.createdAt} now={now} />
                    </Box>
                  </>
                }
                slotProps={{
                  primary: { variant: 'body2', sx: { fontWeight: unread ? 700 : 400 } },
                  secondary: { component: 'span', variant: 'caption' },
                }}
              />
              {unread && (
                <Box
                  aria-hidden
                  sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', mt: 1, flexShrink: 0 }}
                />
              )}
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}
