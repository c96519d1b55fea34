import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { userFilterQuery, type UserFilters } from './get-users';

/**
 * GET /admin/user/export with the list's filters: the XLSX arrives through the API client (workspace header,
 * session refresh) and is saved with the server's file name (a dated default otherwise).
 */
export async function downloadUsersExport(filters: UserFilters): Promise<void> {
  const res = await api.blob('/admin/user/export', userFilterQuery(filters));
  saveBlob(res.data, res.headers, `dipendenti-${new Date().toISOString().slice(0, 10)}.xlsx`);
}
