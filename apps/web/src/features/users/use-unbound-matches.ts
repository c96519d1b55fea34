import { isValidCodiceFiscale, normalizeCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import { useState } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { useSearchUnbound } from './api/search-unbound';
import type { UserFormValues } from './schemas';

/**
 * New employee: a valid fiscal code may already have a record here that is not active (an invitation pending or
 * declined). The search never looks at other companies or at platform accounts. Records the admin set aside
 * ("Continua comunque") are hidden, and left out of the next search.
 */
export function useUnboundMatches(control: Control<UserFormValues>, editing: boolean) {
  const [dismissed, setDismissed] = useState<string[]>([]);
  const fiscalCode = useWatch({ control, name: 'fiscalCode' });
  const normalized = normalizeCodiceFiscale(fiscalCode ?? '');
  const searchable = !editing && isValidCodiceFiscale(normalized) ? normalized : null;
  const unbound = useSearchUnbound(searchable, dismissed);
  const found = searchable ? (unbound.data ?? []).filter((p) => !dismissed.includes(p.id)) : [];
  const dismiss = (id: string) => setDismissed((d) => [...d, id]);
  return { found, isFetching: unbound.isFetching, dismiss };
}
