import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, IconButton, Popover, Tooltip, useTheme } from '@mui/material';
import type { Notification } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/error-message';
import { useMarkRead } from './api/mark-read';
import { useUnreadCount } from './api/unread-count';
import { safeLink } from './links';
import { LiveNotifications, useLiveStack } from './live-notifications';
import { NotificationPanel } from './notification-panel';
import { useUnreadFeed } from './use-unread-feed';
import { visuallyHidden } from '../../components/visually-hidden';

/**
 * The header's notification centre: the bell with the live unread count, its panel, and the live stack of what
 * arrives meanwhile. Opening a notification (in the panel or from the stack) marks it read and goes to its page.
 * The app loads this module lazily, with the `notifications` catalog area (app/frame.tsx): not on the login route.
 */
export function NotificationCentre() {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const titleId = useId();
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const live = useLiveStack();
  const mode = useUnreadFeed(live.push);
  const { mutate: markReadMutate } = markRead;
  const { dismiss } = live;

  const open = useCallback(
    (n: Notification) => {
      if (n.readAt === null)
        markReadMutate(n, {
          onError: (err) => enqueueSnackbar(errorMessage(err, t('errors.generic')), { variant: 'error' }),
        });
      setAnchor(null);
      dismiss(n.id);
      const to = safeLink(n.link);
      if (to) void navigate(to);
    },
    [markReadMutate, enqueueSnackbar, t, dismiss, navigate],
  );

  const label =
    unread !== undefined && unread > 0
      ? t('notifications.centre.labelUnread', { n: unread })
      : t('notifications.centre.label');
  // The panel opens under the bell, aligned to the bell's outer edge (the end of the line in either direction).
  const edge = theme.direction === 'rtl' ? 'left' : 'right';

  return (
    <>
      <Tooltip title={t('notifications.centre.title')}>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? true : undefined}
          aria-controls={anchor ? panelId : undefined}
          data-testid="notification-bell"
          data-feed-mode={mode ?? undefined}
        >
          <Badge
            badgeContent={unread}
            max={99}
            color="error"
            slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'notification-badge' } as object }}
          >
            <NotificationsOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      {/* The count, announced when it changes (the badge itself is hidden from screen readers). */}
      <Box component="span" role="status" sx={visuallyHidden} data-testid="notification-status">
        {unread === undefined
          ? ''
          : unread === 0
            ? t('notifications.centre.statusNone')
            : t('notifications.centre.status', { n: unread })}
      </Box>
      <Popover
        id={panelId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: edge }}
        transformOrigin={{ vertical: 'top', horizontal: edge }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            'data-testid': 'notification-panel',
            sx: { width: 400, maxWidth: 'calc(100vw - 16px)' },
          } as object,
        }}
      >
        <NotificationPanel titleId={titleId} onOpen={open} onClose={() => setAnchor(null)} />
      </Popover>
      <LiveNotifications items={live.items} onOpen={open} onDismiss={dismiss} />
    </>
  );
}
