import { Alert, Box, Skeleton, Typography } from '@mui/material';
import type { Justification } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { formatDate } from '../../../lib/dates';
import { useRequestBalances } from '../api/get-balances';
import { useAdminRequests, useMyRequests } from '../api/get-requests';
import type { RequestScope } from '../api/save-request';
import { formatAmount } from './request-text';

interface Props {
  scope: RequestScope;
  justification: Justification;
  /** Whose balance (admin: exactly one employee chosen). */
  userInfoId: string | null;
  /** The request's (first) date: the balance counts the ledger up to it. */
  date: string;
  /** What the request would use, in the justification's unit, when the client can tell (see estimateUsage). */
  requested: number | null;
  /** Editing: this request's own amount is not "other pending". */
  excludeRequestId?: string;
}

/**
 * The balance of the chosen absence type at the request's date, what other pending requests already ask for, and a
 * live hint when this one goes over the rest. The server decides (its OVER_QUOTA warning after saving); this only
 * helps before sending. Nothing shows for types without a balance (sickness, trips…).
 */
export function RequestBalance({ scope, justification, userInfoId, date, requested, excludeRequestId }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const balances = useRequestBalances(scope, userInfoId, date);
  const pendingParams = { page: 1, perPage: 200, status: 'open' as const, justificationId: justification.id };
  const mine = useMyRequests(pendingParams, scope === 'member');
  const theirs = useAdminRequests(
    { ...pendingParams, userInfoId: userInfoId ?? undefined },
    scope === 'admin' && !!userInfoId,
  );
  const pendingList = scope === 'member' ? mine : theirs;

  if (balances.isLoading) return <Skeleton variant="rounded" height={56} data-testid="request-balance-loading" />;
  const balance = balances.data?.balances.find((b) => b.justification.id === justification.id);
  if (!balance) return null;
  const pending = (pendingList.data?.items ?? [])
    .filter((r) => r.id !== excludeRequestId)
    .reduce((s, r) => s + r.amount, 0);
  const available = Math.round((balance.balance - pending) * 100) / 100;
  const over = requested !== null && requested > available + 1e-9;
  const amount = (n: number) => formatAmount(n, justification.unit, language, t);
  return (
    <Box data-testid="request-balance">
      <Alert severity={over ? 'warning' : 'info'} variant="outlined" icon={false}>
        <Typography variant="body2">
          {t('requestDialog.balance.line', {
            name: justification.name,
            date: formatDate(date, language),
            amount: amount(balance.balance),
          })}
        </Typography>
        {pending > 0 && (
          <Typography variant="body2" data-testid="request-balance-pending">
            {t('requestDialog.balance.pending', { amount: amount(pending), available: amount(Math.max(0, available)) })}
          </Typography>
        )}
        {over && (
          <Typography variant="body2" sx={{ fontWeight: 500, mt: 0.5 }} data-testid="request-over-balance">
            {t('requestDialog.balance.over', {
              requested: amount(requested),
              available: amount(Math.max(0, available)),
            })}
          </Typography>
        )}
      </Alert>
    </Box>
  );
}
