import { paths } from '../../config/paths';

const withId = (pattern: string, id: string) => pattern.replace(':id', encodeURIComponent(id));

export const workShiftPath = (id: string) => withId(paths.adminWorkShiftDetail, id);
export const workShiftEditPath = (id: string) => withId(paths.adminWorkShiftEdit, id);
export const shiftSwapPath = (id: string) => withId(paths.adminShiftSwapDetail, id);

/** The new-shift page, prefilled with a day and a person (a cell of the planning). */
export function newWorkShiftPath(prefill: { date?: string; userInfoId?: string } = {}): string {
  const q = new URLSearchParams();
  if (prefill.date) q.set('date', prefill.date);
  if (prefill.userInfoId) q.set('userInfoId', prefill.userInfoId);
  const s = q.toString();
  return s ? `${paths.adminWorkShiftNew}?${s}` : paths.adminWorkShiftNew;
}

/** The planning showing the week (or month) of a day. */
export function planningPath(date?: string, view: 'week' | 'month' = 'week'): string {
  const q = new URLSearchParams();
  if (view === 'month') q.set('view', 'month');
  if (date) q.set('date', date);
  const s = q.toString();
  return s ? `${paths.adminWorkShift}?${s}` : paths.adminWorkShift;
}
