import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LinkButton } from './link-button';

type Kind = '403' | '404' | '500' | 'unknown';

/** Error pages of spec section 2: 403 "Non autorizzato", 404 "Pagina non trovata", 500 and unknown. */
export function ErrorPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', textAlign: 'center', p: 3 }}
      data-testid={`error-${kind}`}
    >
      <Box>
        <Typography variant="h2" component="p" color="primary" sx={{ fontSize: 64, fontWeight: 700 }}>
          {kind === 'unknown' ? '!' : kind}
        </Typography>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t(`errors.page${kind === 'unknown' ? 'Unknown' : kind}.title`)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(`errors.page${kind === 'unknown' ? 'Unknown' : kind}.body`)}
        </Typography>
        <LinkButton variant="contained" to="/">
          {t('errors.backHome')}
        </LinkButton>
      </Box>
    </Box>
  );
}

/** Route error boundary: a failing page shows an error, the frame stays usable. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage kind="404" />;
    if (error.status === 403) return <ErrorPage kind="403" />;
    if (error.status >= 500) return <ErrorPage kind="500" />;
  }
  console.error(error);
  return <ErrorPage kind="unknown" />;
}
