import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { User } from '@timbro/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { catalogFor } from '../../i18n/languages';
import { formatDate, formatDateTime } from '../../lib/dates';
import { errorMessage } from '../../lib/error-message';
import { useGroupLookup } from '../groups/api/get-group-lookup';
import { useUserAudit, type AuditEntry } from './api/get-user-audit';

const PAGE = 20;

/** Audit field → label key. Unknown fields show their technical name rather than nothing. */
const FIELD_LABELS: Record<string, string> = {
  firstName: 'auth.fields.firstName',
  lastName: 'auth.fields.lastName',
  email: 'users.fields.email',
  fiscalCode: 'auth.fields.fiscalCode',
  roles: 'users.fields.roles',
  isAdmin: 'users.history.fields.isAdmin',
  isAccountant: 'users.history.fields.isAccountant',
  isMember: 'users.history.fields.isMember',
  enabled: 'users.history.fields.enabled',
  attendanceAutoApproveRequest: 'users.fields.autoApprove',
  workEmail: 'users.fields.workEmail',
  pec: 'users.fields.pec',
  phoneNumber: 'users.fields.phoneNumber',
  homeAddress: 'users.fields.homeAddress',
  iban: 'users.fields.iban',
  birthday: 'users.fields.birthday',
  birthplace: 'users.fields.birthplace',
  groups: 'users.fields.groups',
  payrollCode: 'users.history.fields.payrollCode',
};

const KNOWN_ACTIONS = ['user.create', 'user.bind', 'user.update', 'user.enable', 'user.disable'];

interface ChangeRow {
  field: string;
  from?: unknown;
  to: unknown;
  /** A from/to change, or a value recorded at creation. */
  isChange: boolean;
}

export function changeRows(changes: Record<string, unknown>): ChangeRow[] {
  return Object.entries(changes).map(([field, value]) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && 'to' in value) {
      const v = value as { from?: unknown; to: unknown };
      return { field, from: v.from, to: v.to, isChange: true };
    }
    return { field, to: value, isChange: false };
  });
}

function formatValue(field: string, value: unknown, t: TFunction, language: string, groupName: (id: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'attendanceAutoApproveRequest') {
    const key = value === true || value === 'automatic' ? 'automatic' : value === false || value === 'admin_approval' ? 'admin_approval' : 'default';
    return t(`users.autoApprove.${key}`);
  }
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    if (field === 'groups') return value.map((id) => groupName(String(id))).join(', ');
    if (field === 'roles') return value.map((r) => t(`roles.${String(r)}`)).join(', ');
    return value.map(String).join(', ');
  }
  if (field === 'birthday' && typeof value === 'string') return formatDate(value, language);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** "Storico modifiche": who changed the record, when, and which fields (admins only). */
export function UserHistory({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const [perPage, setPerPage] = useState(PAGE);
  const query = useUserAudit(user.id, perPage);
  const groups = useGroupLookup();
  const groupName = (id: string) => groups.data?.find((g) => g.id === id)?.name ?? t('users.history.deletedGroup');

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void query.refetch()}>{t('common.retry')}</Button>}>
        {errorMessage(query.error, t('errors.generic'))}
      </Alert>
    );
  const { items, total } = query.data;
  if (items.length === 0)
    return (
      <Box sx={{ textAlign: 'center', py: 4 }} data-testid="history-empty">
        <HistoryOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography sx={{ mt: 1 }}>{t('users.history.empty')}</Typography>
      </Box>
    );

  const actionText = (e: AuditEntry) => t(KNOWN_ACTIONS.includes(e.action) ? `users.history.actions.${e.action.replace('user.', '')}` : 'users.history.actions.other');

  return (
    <Stack spacing={2} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('users.detail.tabs.history')} data-testid="user-history">
      {items.map((entry) => {
        const rows = changeRows(entry.changes).filter((r) => r.field !== 'id');
        const changed = rows.some((r) => r.isChange);
        return (
          <Paper component="li" variant="outlined" key={entry.id} sx={{ p: 2 }} data-testid="history-entry">
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: rows.length ? 1 : 0 }}>
              <Typography sx={{ fontWeight: 500 }}>
                {t('users.history.summary', { actor: entry.actor?.name ?? t('users.history.system'), action: actionText(entry) })}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="time" dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt, language)}
              </Typography>
            </Box>
            {rows.length > 0 && (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t('users.history.changesLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell sx={{ width: '30%' }}>{t('users.history.field')}</TableCell>
                      {changed && <TableCell>{t('users.history.before')}</TableCell>}
                      <TableCell>{changed ? t('users.history.after') : t('users.history.value')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.field}>
                        <TableCell component="th" scope="row">
                          {FIELD_LABELS[r.field] ? t(FIELD_LABELS[r.field]!) : r.field}
                        </TableCell>
                        {changed && <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{r.isChange ? formatValue(r.field, r.from, t, language, groupName) : ''}</TableCell>}
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{formatValue(r.field, r.to, t, language, groupName)}</TableCell>
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
          <Button onClick={() => setPerPage((n) => n + PAGE)} disabled={query.isFetching} startIcon={query.isFetching ? <CircularProgress size={16} /> : undefined}>
            {t('users.history.more', { n: total - items.length })}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
