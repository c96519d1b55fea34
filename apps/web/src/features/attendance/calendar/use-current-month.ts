import dayjs from 'dayjs';
import { useCurrentAttendanceInfo } from '../api/get-current-info';
import { monthOf, type Month } from './month-grid';

/**
 * The workspace's current month, from the server's `today` (GET /attendance/user-info/current), not the device clock:
 * null while it loads (the screens wait rather than show one month and jump to another), the device's month only if
 * it cannot be read.
 */
export function useCurrentMonth(): Month | null {
  const info = useCurrentAttendanceInfo();
  if (info.data) return monthOf(info.data.today);
  return info.isError ? dayjs().format('YYYY-MM') : null;
}
