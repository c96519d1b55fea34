import { Alert, Box, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { API_BASE_PATH } from '@timbro/shared';
import { useEffect, useState } from 'react';

type Health = { status: 'ok' | 'degraded'; database: { kind: string }; migrations: { applied: number; expected: number } };

/** Shows that the web app is served and the API answers (the web shell replaces this page). */
export function StatusPage() {
  const [health, setHealth] = useState<Health | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch(`${API_BASE_PATH}/health`, { credentials: 'same-origin' })
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth)
      .catch(() => setFailed(true));
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Paper sx={{ p: 4, maxWidth: 480, width: '100%' }} elevation={2}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1" color="primary">
            Timbro
          </Typography>
          <Typography color="text.secondary">Presenze e amministrazione del personale</Typography>
          {!health && !failed && <CircularProgress aria-label="Caricamento in corso…" size={24} />}
          {failed && <Alert severity="error">Il server non risponde. Riprova tra qualche istante.</Alert>}
          {health && (
            <Alert severity={health.status === 'ok' ? 'success' : 'warning'} data-testid="health">
              {health.status === 'ok' ? 'Servizio attivo' : 'Servizio degradato'} · database {health.database.kind} ·
              migrazioni {health.migrations.applied}/{health.migrations.expected}
            </Alert>
          )}
          <Link href="/api/docs">Documentazione API</Link>
        </Stack>
      </Paper>
    </Box>
  );
}
