import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import {
  AppBar,
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { LANGUAGES, LAYOUT, type Language } from '@timbro/shared/constants';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/auth-context';
import { useLanguage } from '../../lib/auth/use-language';
import { WorkspaceSwitcher } from './workspace-switcher';
import { LANGUAGE_NAMES } from '../../i18n/languages';

/** The header: menu (small screens), name, workspace, the features' `actions` (the notification centre), language, user. */
export function Header({ onMenu, actions }: { onMenu: () => void; actions?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { current, logout } = useAuth();
  const { language, setLanguage } = useLanguage();
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const [langAnchor, setLangAnchor] = useState<HTMLElement | null>(null);
  const initials = (current?.displayName ?? '')
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <AppBar position="fixed" color="primary" sx={{ zIndex: (th) => th.zIndex.drawer + 1, height: LAYOUT.headerHeight }}>
      <Toolbar variant="dense" sx={{ minHeight: LAYOUT.headerHeight, gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onMenu}
          aria-label={t('header.openMenu')}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        {/* On a phone the company's name takes the place of the brand: the language, bell and user menu must fit. */}
        <Typography
          variant="h6"
          component="div"
          sx={{ fontWeight: 700, letterSpacing: 0.5, mr: 2, flexShrink: 0, display: { xs: 'none', sm: 'block' } }}
        >
          Timbro
        </Typography>
        <WorkspaceSwitcher />
        <Box sx={{ flexGrow: 1 }} />
        {actions}
        <Tooltip title={t('header.language')}>
          <IconButton
            color="inherit"
            onClick={(e) => setLangAnchor(e.currentTarget)}
            aria-label={t('header.language')}
            data-testid="language-button"
          >
            <TranslateOutlined />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={langAnchor} open={!!langAnchor} onClose={() => setLangAnchor(null)}>
          {LANGUAGES.map((l) => (
            <MenuItem
              key={l}
              selected={l === language}
              lang={l === 'other' ? undefined : l}
              onClick={() => {
                setLangAnchor(null);
                void setLanguage(l as Language);
              }}
              data-testid={`language-${l}`}
            >
              {LANGUAGE_NAMES[l]}
            </MenuItem>
          ))}
        </Menu>
        <Tooltip title={t('header.userMenu')}>
          <IconButton
            onClick={(e) => setUserAnchor(e.currentTarget)}
            aria-label={t('header.userMenu')}
            data-testid="user-menu"
          >
            <Avatar
              sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'secondary.contrastText', fontSize: 14 }}
            >
              {initials}
            </Avatar>
          </IconButton>
        </Tooltip>
        <Menu anchorEl={userAnchor} open={!!userAnchor} onClose={() => setUserAnchor(null)}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="subtitle2">{current?.displayName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {current?.email}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              setUserAnchor(null);
              void navigate(paths.myAccount);
            }}
          >
            <ListItemIcon>
              <PersonOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('header.profile')}</ListItemText>
          </MenuItem>
          <MenuItem
            data-testid="logout"
            onClick={() => {
              setUserAnchor(null);
              void logout().then(() => navigate(paths.signin));
            }}
          >
            <ListItemIcon>
              <LogoutOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('header.logout')}</ListItemText>
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
