import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import {
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../page-loader';
import { catalogFor } from '../../i18n/languages';
import { formatDateTime } from '../../lib/dates';
import { useAudit, type AuditEntityType, type AuditEntry } from './get-audit';
import { RetryAlert } from '../retry-alert';

const PAGE = 20;

interface ChangeRow {
  field: string;
  from?: unknown;
  to: unknown;
  /** A from/to change, or a value recorded at creation. */
  isChange: boolean;
}

/** An entry's `changes`: `{ field: { from, to } }` for an edit, `{ field: value }` for what a creation recorded. */
export function changeRows(changes: Record<string, unknown>): ChangeRow[] {
  return Object.entries(changes).map(([field, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && 'to' in value) {
      const v = value as { from?: unknown; to: unknown };
      return { field, from: v.from, to: v.to, isChange: true };
    }
    return { field, to: value, isChange: false };
  });
}

/** A record-specific reading of a non-empty value (ids as names, codes as labels…); undefined → the generic one. */
export type AuditValueFormatter = (field: string, value: unknown) => string | undefined;

function formatValue(field: string, value: unknown, t: TFunction, custom?: AuditValueFormatter): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value) && value.length === 0) return '—';
  const own = custom?.(field, value);
  if (own !== undefined) return own;
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export interface AuditHistoryProps {
  entityType: AuditEntityType;
  entityId: string;
  /** Audit field → label key. Unknown fields show their technical name rather than nothing. */
  fieldLabels: Record<string, string>;
  /** Audit action (`group.create`) → key of its sentence ("ha creato il gruppo"); others read as a generic change. */
  actionLabels: Record<string, string>;
  formatValue?: AuditValueFormatter;
  /** Accessible name of the list. */
  label: string;
  testId?: string;
}

/** "Storico modifiche" of one record: who changed it, when, and which fields (admins only: `audit:read`). */
export function AuditHistory({
  entityType,
  entityId,
  fieldLabels,
  actionLabels,
  formatValue: custom,
  label,
  testId,
}: AuditHistoryProps) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const [perPage, setPerPage] = useState(PAGE);
  const query = useAudit(entityType, entityId, perPage);

  if (query.isPending) return <PageLoader />;
  if (query.isError) return <RetryAlert error={query.error} onRetry={() => void query.refetch()} />;
  const { items, total } = query.data;
  if (items.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }} data-testid="history-empty">
        <HistoryOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography sx={{ mt: 1 }}>{t('auditHistory.empty')}</Typography>
      </Box>
    );

  const actionText = (e: AuditEntry) => t(actionLabels[e.action] ?? 'auditHistory.otherAction');
  const show = (field: string, value: unknown) => formatValue(field, value, t, custom);

  return (
    <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={label} data-testid={testId}>
      {items.map((entry) => {
        const rows = changeRows(entry.changes).filter((r) => r.field !== 'id');
        const changed = rows.some((r) => r.isChange);
        return (
          <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 2 }} data-testid="history-entry">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: rows.length ? 1 : 0 }}>
              <Typography sx={{ fontWeight: 500 }}>
                {t('auditHistory.summary', {
                  actor: entry.actor?.name ?? t('auditHistory.system'),
                  action: actionText(entry),
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt, language)}
              </Typography>
            </Box>
            {rows.length > 0 && (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('auditHistory.changesLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: '30%' }}>{t('auditHistory.field')}</TableCell>
                      {changed && <TableCell>{t('auditHistory.before')}</TableCell>}
                      <TableCell>{changed ? t('auditHistory.after') : t('auditHistory.value')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.field}>
                        <TableCell component="th" scope="row">
                          {fieldLabels[r.field] ? t(fieldLabels[r.field]!) : r.field}
                        </TableCell>
                        {changed && (
                          <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                            {r.isChange ? show(r.field, r.from) : ''}
                          </TableCell>
                        )}
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{show(r.field, r.to)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Paper>
        );
      })}
      {total > items.length && perPage < 200 && (
        <Box component="li" sx={{ textAlign: 'center' }}>
          <Button
            onClick={() => setPerPage((n) => n + PAGE)}
            disabled={query.isFetching}
            startIcon={query.isFetching ? <CircularProgress size={16} /> : undefined}
          >
            {t('auditHistory.more', { n: total - items.length })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
