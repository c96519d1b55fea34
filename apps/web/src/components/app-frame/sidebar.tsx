import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { can } from '../../lib/permissions';
import { NavIcon } from './nav-icon';
import { NAV_SECTIONS } from './nav-items';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { current } = useAuth();
  const location = useLocation();
  return (
    <Box component="nav" aria-label={t('nav.label')} sx={{ overflowY: 'auto', py: 1 }}>
      {NAV_SECTIONS.map((section) => {
        const items = section.items.filter((i) => can(current, i.permission));
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
              const selected = location.pathname === item.to || location.pathname.startsWith(`${item.to}/`);
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
