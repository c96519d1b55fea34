import { CssBaseline, ThemeProvider } from '@mui/material';
import { StatusPage } from './status-page';
import { theme } from './theme';

/** Minimal shell of the foundation: the full app frame comes with the web-shell issue. */
export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <StatusPage />
    </ThemeProvider>
  );
}
