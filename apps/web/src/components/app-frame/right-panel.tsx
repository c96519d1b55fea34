import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Toolbar, Typography } from '@mui/material';
import { LAYOUT } from '@timbro/shared/constants';
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PanelContent {
  title: string;
  body: ReactNode;
}

interface RightPanelApi {
  open(content: PanelContent): void;
  close(): void;
}

const RightPanelContext = createContext<RightPanelApi | null>(null);

/** The right sidebar (420 px) for contextual panels: details, explanations, quick edits. */
export function RightPanelProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [content, setContent] = useState<PanelContent | null>(null);
  const titleId = useId();
  const close = useCallback(() => setContent(null), []);
  const api = useMemo<RightPanelApi>(() => ({ open: setContent, close }), [close]);
  return (
    <RightPanelContext.Provider value={api}>
      {children}
      <Drawer
        anchor="right"
        open={!!content}
        onClose={close}
        // The panel is a dialog: named by its title.
        slotProps={{
          paper: { sx: { width: { xs: '100%', sm: LAYOUT.rightSidebarWidth } }, 'aria-labelledby': titleId } as object,
        }}
      >
        <Toolbar variant="dense" sx={{ minHeight: LAYOUT.headerHeight }} />
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
          <Typography variant="h6" component="h2" id={titleId} sx={{ flexGrow: 1 }}>
            {content?.title}
          </Typography>
          <IconButton onClick={close} aria-label={t('common.close')}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ px: 2, pb: 2 }}>{content?.body}</Box>
      </Drawer>
    </RightPanelContext.Provider>
  );
}

export function useRightPanel(): RightPanelApi {
  const ctx = useContext(RightPanelContext);
  if (!ctx) throw new Error('useRightPanel outside RightPanelProvider');
  return ctx;
}
