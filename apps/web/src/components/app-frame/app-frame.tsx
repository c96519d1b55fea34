import { Box, Drawer, Toolbar } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { LAYOUT } from '@timbro/shared/constants';
import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { DisabledWorkspacesNotice } from '../disabled-workspaces-notice';
import { PageLoader } from '../page-loader';
import { Header } from './header';
import { RightPanelProvider } from './right-panel';
import { ScrollToTop } from './scroll-to-top';
import { Sidebar } from './sidebar';

/**
 * Server data (React Query) lives inside the logged-in frame. Header (48 px), sidebar (309 px; a temporary drawer below
 * md), content (above every page, the notice of companies the operator disabled), right panel (420 px).
 * `headerActions` are the features' controls in the header (the notification centre), composed by app/frame.tsx:
 * components/ never imports a feature.
 */
export function AppFrame({ headerActions }: { headerActions?: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = LAYOUT.sidebarWidth;
  return (
    <QueryClientProvider client={queryClient}>
      <RightPanelProvider>
        <ScrollToTop />
        <Box sx={{ display: 'flex', minHeight: '100vh' }}>
          <Header onMenu={() => setMobileOpen(true)} actions={headerActions} />
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: false }}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width } }}
          >
            <Toolbar variant="dense" sx={{ minHeight: LAYOUT.headerHeight }} />
            <Sidebar onNavigate={() => setMobileOpen(false)} />
          </Drawer>
          <Drawer
            variant="permanent"
            sx={{
              display: { xs: 'none', md: 'block' },
              width,
              flexShrink: 0,
              '& .MuiDrawer-paper': { width, boxSizing: 'border-box' },
            }}
            open
          >
            <Toolbar variant="dense" sx={{ minHeight: LAYOUT.headerHeight }} />
            <Sidebar />
          </Drawer>
          <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, bgcolor: 'background.default' }}>
            <Toolbar variant="dense" sx={{ minHeight: LAYOUT.headerHeight }} />
            <Box sx={{ p: { xs: 2, md: 3 } }}>
              <DisabledWorkspacesNotice />
              <Suspense fallback={<PageLoader />}>
                <Outlet />
              </Suspense>
            </Box>
          </Box>
        </Box>
      </RightPanelProvider>
    </QueryClientProvider>
  );
}
