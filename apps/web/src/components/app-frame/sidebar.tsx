import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useCanCheck } from '../../lib/auth/use-can';
import { NavIcon } from './nav-icon';
import { NAV_SECTIONS } from './nav-items';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const check = useCanCheck();
  const location = useLocation();
  // One entry is current: the one with the longest path that contains the page (Settings, /admin/setting, is not
  // current on /admin/setting/holiday, which has its own entry).
  const matches = (to: string) => location.pathname === to || location.pathname.startsWith(`${to}/`);
  const active = NAV_SECTIONS.flatMap((s) => s.items)
    .filter((i) => check(i.permission) && matches(i.to))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ overflowY: 'auto', py: 1 }}>
      {NAV_SECTIONS.map((section) => {
        const items = section.items.filter((i) => check(i.permission));
        if (items.length === 0) return null;
        return (
          <List
            key={section.key}
            dense
            subheader={
              section.key === 'dashboard' ? undefined : (
                <ListSubheader component="li" sx={{ bgcolor: 'transparent', lineHeight: '32px', fontWeight: 500 }}>
                  {t(`nav.sections.${section.key}`)}
                </ListSubheader>
              )
            }
          >
            {items.map((item) => {
              const selected = item.key === active?.key;
              return (
                <ListItem key={item.key} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={item.to}
                    selected={selected}
                    onClick={onNavigate}
                    sx={{ mx: 1, borderRadius: 1 }}
                    data-testid={`nav-${item.key}`}
                  >
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <NavIcon name={item.icon} />
                    </ListItemIcon>
                    <ListItemText primary={t(`nav.items.${item.key}`)} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        );
      })}
    </Box>
  );
}
