import type { UserFilters } from './api/get-users';

/**
 * The states the "Stato" filter offers, as the status chip shows them: active (enabled, invitation accepted: with the
 * employee role, who the dashboard's "Dipendenti attivi" counts), invitation pending, disabled.
 */
export const STATUS_VALUES = ['active', 'pending', 'disabled'] as const;

/** The API's filters for a `status` of the URL (none for any other value). */
export function statusFilter(status: string | undefined): Pick<UserFilters, 'enabled' | 'invitation'> {
  if (status === 'active') return { enabled: true, invitation: 'accepted' };
  if (status === 'pending') return { enabled: true, invitation: 'pending' };
  if (status === 'disabled') return { enabled: false };
  return {};
}
