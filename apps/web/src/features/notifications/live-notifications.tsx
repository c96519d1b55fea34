import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import type { Notification } from '@timbro/shared';
import { NOTIFICATION_DEFAULTS } from '@timbro/shared/constants';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from './category-icon';
import { safeLink } from './links';
import { useNotificationText } from './notification-text';

/** The live stack's state: at most NOTIFICATION_DEFAULTS.max (3) cards; a fourth pushes the oldest out. */
export function useLiveStack() {
  const [items, setItems] = useState<Notification[]>([]);
  const push = useCallback(
    (arrived: Notification[]) =>
      setItems((current) => {
        const fresh = arrived.filter((n) => !current.some((c) => c.id === n.id));
        return [...current, ...fresh].slice(-NOTIFICATION_DEFAULTS.max);
      }),
    [],
  );
  const dismiss = useCallback((id: string) => setItems((current) => current.filter((n) => n.id !== id)), []);
  return { items, push, dismiss };
}

interface Props {
  items: Notification[];
  onOpen(n: Notification): void;
  onDismiss(id: string): void;
}

/**
 * New notifications as they arrive (spec §9, "Notification defaults: max 3, 5000 ms, bottom-left"): a small stack of
 * its own, apart from the product's snackbars (10 s, their own three), newest nearest the corner. Each card hides
 * after 5 s, and waits while the pointer or the focus is on it (WCAG 2.2.1); "Apri" opens what it is about.
 *
 * Position: the app mirrors its layout in Arabic (the product snackbars go bottom-right there, ADR 0007), so the
 * stack sits at the bottom of the inline start (`inset-inline-start`): bottom-left in left-to-right languages,
 * bottom-right in Arabic — the spec's corner as read from the start of the line, the same corner as the snackbars.
 *
 * The cards are not a live region: the bell's status line announces the new count once, instead of twice.
 */
export function LiveNotifications({ items, onOpen, onDismiss }: Props) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('notifications.live.region')}
      data-testid="live-notifications"
      sx={{
        position: 'fixed',
        bottom: 24,
        insetInlineStart: 24,
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: 'min(360px, calc(100vw - 48px))',
      }}
    >
      {items.map((n) => (
        <LiveCard key={n.id} notification={n} onOpen={onOpen} onDismiss={onDismiss} />
      ))}
    </Box>
  );
}

function LiveCard({ notification: n, onOpen, onDismiss }: { notification: Notification } & Omit<Props, 'items'>) {
  const { t } = useTranslation();
  const text = useNotificationText()(n);
  const titleId = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(n.id), NOTIFICATION_DEFAULTS.autoHideMs);
    return () => clearTimeout(timer);
  }, [paused, n.id, onDismiss]);
  const link = safeLink(n.link);
  return (
    <Paper
      elevation={6}
      role="group"
      aria-labelledby={titleId}
      data-testid={`live-notification-${n.id}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        p: 1.5,
        borderInlineStart: 4,
        borderColor: 'primary.main',
      }}
    >
      <CategoryIcon category={n.category} color="primary" sx={{ mt: 0.25 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} variant="subtitle2" component="p" lang={text.titleLang} dir="auto">
          {text.title}
        </Typography>
        {text.detail && (
          <Typography
            variant="body2"
            color="text.secondary"
            lang={text.detailLang}
            dir="auto"
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {text.detail}
          </Typography>
        )}
        {link && (
          <Button size="small" onClick={() => onOpen(n)} sx={{ mt: 0.5, mx: -0.5 }}>
            {t('notifications.live.open')}
          </Button>
        )}
      </Box>
      <IconButton size="small" aria-label={t('notifications.live.dismiss')} onClick={() => onDismiss(n.id)}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Paper>
  );
}
