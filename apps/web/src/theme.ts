import { createTheme } from '@mui/material/styles';
import { PRIMARY_COLORS } from '@timbro/shared';

export const theme = createTheme({
  palette: { primary: { main: PRIMARY_COLORS.active } },
  typography: { fontFamily: 'Roboto, Helvetica, Arial, sans-serif' },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
  spacing: 8,
});
