import { saveBlob } from '../../../lib/download';
import { api } from '../../../lib/api';
import { timesheetFilterQuery, type TimesheetParams } from './get-timesheet';

/**
 * GET /attendance/attendance-data/timesheet/export?format=xlsx|pdf with the screen's filters (every page): through the
 * API client (headers, session refresh, errors as JSON) and saved with the server's file name.
 */
export async function downloadTimesheet(
  filters: Pick<TimesheetParams, 'from' | 'to' | 'groupId' | 'search'>,
  format: 'xlsx' | 'pdf',
): Promise<void> {
  const res = await api.blob('/attendance/attendance-data/timesheet/export', {
    ...timesheetFilterQuery(filters),
    format,
  });
  saveBlob(res.data, res.headers, `presenze_${filters.from}_${filters.to}.${format}`);
}
