import { useQuery } from '@tanstack/react-query';
import { USERS_KEY } from '../../lib/query-keys';

/** A birth place named from the cadastral (Belfiore) code of a fiscal code: a comune with its province, or a country. */
export type BirthPlace = { name: string; province: string | null; abroad: boolean };

/**
 * The comune or country a cadastral code stood for on the birth date (comuni merge, split and change names: a code of
 * 1950 may no longer exist), else whatever it last stood for. The list — every comune since 1861 and every country,
 * from ANPR, the Agenzia delle Entrate and ISTAT (CC BY 4.0), through `@marketto/belfiore-connector-embedded` (MIT) —
 * is 78 KB brotli (96 KB gzip): loaded only when a fiscal code is decoded on the employee form, never with the app.
 */
export async function birthPlaceOf(code: string, birthDate: string): Promise<BirthPlace | null> {
  const { belfioreConnector } = await import('@marketto/belfiore-connector-embedded');
  const place =
    (await belfioreConnector.active(birthDate).findByCode(code)) ?? (await belfioreConnector.findByCode(code));
  if (!place) return null;
  const province = 'province' in place && typeof place.province === 'string' ? place.province : null;
  return { name: place.name, province, abroad: code.startsWith('Z') };
}

/** The birth place as the employee form writes it: "Roma (RM)", or the country's name. */
export const birthPlaceText = (p: BirthPlace) => (p.province ? `${p.name} (${p.province})` : p.name);

/** The birth place of a decoded fiscal code (null while loading, or when the code names nothing known). */
export function useBirthPlace(code: string | null, birthDate: string | null) {
  return useQuery({
    queryKey: [...USERS_KEY, 'birth-place', code, birthDate],
    queryFn: () => birthPlaceOf(code!, birthDate!),
    enabled: !!code && !!birthDate,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
