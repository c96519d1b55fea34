import { api } from '../../../lib/api';
import { userFilterQuery, type UserFilters } from './get-users';

/** The file name from Content-Disposition, or a dated default. */
function fileName(headers: Headers): string {
  const match = /filename="?([^";]+)"?/i.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? `dipendenti-${new Date().toISOString().slice(0, 10)}.xlsx`;
}

/**
 * GET /admin/user/export with the list's filters: the XLSX arrives through the API client (workspace header,
 * session refresh) and is saved with the server's file name.
 */
export async function downloadUsersExport(filters: UserFilters): Promise<void> {
  const res = await api.blob('/admin/user/export', userFilterQuery(filters));
  const url = URL.createObjectURL(res.data);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(res.headers);
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
