import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const loadLanguageMenu = () => import('./auth-language-menu');
/** Not on the login route until asked for (ADR 0007): MUI's Menu brings its Popover, Modal and focus trap. */
const AuthLanguageMenu = lazy(loadLanguageMenu);
const preloadLanguageMenu = () => void loadLanguageMenu();

/** The frame of the auth screens: brand, a language switcher, the card. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code is asked for as the pointer or the focus reaches its button, and mounted on the first click.
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 3,
          height: 56,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography variant="h6" component="p" sx={{ fontWeight: 700, flexGrow: 1 }}>
          Timbro
        </Typography>
        <IconButton
          color="inherit"
          onPointerEnter={preloadLanguageMenu}
          onFocus={preloadLanguageMenu}
          onClick={(e) => {
            setMenuWanted(true);
            setAnchor(e.currentTarget);
          }}
          aria-label={t('header.language')}
          title={t('header.language')}
          data-testid="language-button"
        >
          <TranslateOutlined />
        </IconButton>
        {menuWanted && (
          <Suspense fallback={null}>
            <AuthLanguageMenu anchor={anchor} onClose={() => setAnchor(null)} />
          </Suspense>
        )}
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: 2 }}>
        <Paper elevation={0} variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 460 }}>
          <Typography variant="h1" sx={{ mb: subtitle ? 1 : 3 }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2, color: 'text.secondary' }}>
        <Typography variant="caption">{t('auth.footer')}</Typography>
      </Box>
    </Box>
  );
}

/** Submit button and the way back to login, the same on every auth form. */
export function AuthFormActions({ submitLabel, submitting }: { submitLabel: string; submitting: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" variant="contained" size="large" disabled={submitting}>
        {submitLabel}
      </Button>
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.signin}>
          {t('auth.backToLogin')}
        </Link>
      </Box>
    </>
  );
}
