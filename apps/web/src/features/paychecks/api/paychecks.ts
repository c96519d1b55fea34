import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPaycheck, AdminPaycheckPage, DeliverySummary, Paycheck } from '@timbro/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { PAYCHECKS_KEY } from '../../../lib/query-keys';

export const PAYCHECK_SORT_FIELDS = ['period', 'name', 'createdAt', 'netAmount'] as const;
export type PaycheckSortField = (typeof PAYCHECK_SORT_FIELDS)[number];

export interface PaycheckListParams {
  page: number;
  perPage: number;
  sort: PaycheckSortField;
  order: 'asc' | 'desc';
  search?: string;
  year?: number;
  month?: number;
  opened?: 'opened' | 'unopened';
  /** One employee's slips (/admin/user/{id}/paycheck). */
  userInfoId?: string;
}

const listQuery = (p: PaycheckListParams) => ({
  page: p.page,
  per_page: p.perPage,
  sort: p.sort,
  order: p.order,
  search: p.search || undefined,
  year: p.year,
  month: p.month,
  opened: p.opened,
});

/** GET /admin/paycheck, or GET /admin/user/{id}/paycheck for one employee. */
export const paychecksQueryOptions = (p: PaycheckListParams) =>
  queryOptions({
    queryKey: [...PAYCHECKS_KEY, 'list', p] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<AdminPaycheckPage>(
          p.userInfoId ? `/admin/user/${encodeURIComponent(p.userInfoId)}/paycheck` : '/admin/paycheck',
          listQuery(p),
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
export const usePaychecks = (p: PaycheckListParams) => useQuery(paychecksQueryOptions(p));

/** GET /admin/paycheck/delivery: one month's delivery. */
export const useDelivery = (year: number | undefined, month: number | undefined) =>
  useQuery({
    queryKey: [...PAYCHECKS_KEY, 'delivery', year, month] as const,
    queryFn: async ({ signal }) =>
      (await api.get<DeliverySummary>('/admin/paycheck/delivery', { year, month }, signal)).data,
    enabled: year !== undefined && month !== undefined,
  });

export async function downloadDelivery(year: number, month: number, format: 'csv' | 'pdf') {
  const res = await api.blob('/admin/paycheck/delivery/export', { year, month, format });
  saveBlob(res.data, res.headers, `cedolini-${year}-${month}.${format}`);
}

/** The form of a pay slip as multipart: the fields, then the PDF when one was chosen. */
export interface PaycheckFormInput {
  year: number;
  month: number;
  netAmount: string;
  currencyCode: string;
  description: string;
  file: File | null;
}
function formData(input: PaycheckFormInput) {
  const form = new FormData();
  form.append('year', String(input.year));
  form.append('month', String(input.month));
  form.append('netAmount', input.netAmount);
  form.append('currencyCode', input.currencyCode);
  form.append('description', input.description);
  if (input.file) form.append('file', input.file, input.file.name);
  return form;
}

/** Create (POST /admin/user/{id}/paycheck) or edit (POST /admin/paycheck/{id}) a pay slip. */
export function useSavePaycheck(userInfoId: string, id: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: PaycheckFormInput) =>
      (
        await api.post<AdminPaycheck>(
          id ? `/admin/paycheck/${encodeURIComponent(id)}` : `/admin/user/${encodeURIComponent(userInfoId)}/paycheck`,
          formData(input),
        )
      ).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: PAYCHECKS_KEY }),
  });
}

export function useDeletePaycheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/paycheck/${encodeURIComponent(id)}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: PAYCHECKS_KEY }),
  });
}

const fileName = (p: Pick<Paycheck, 'year' | 'month'>) => `cedolino-${p.year}-${String(p.month).padStart(2, '0')}.pdf`;

/** The admin's or consultant's download (logged, never taken for the employee's). */
export async function downloadAdminPaycheck(p: AdminPaycheck) {
  const res = await api.blob(`/admin/paycheck/${encodeURIComponent(p.id)}/attachment`);
  saveBlob(res.data, res.headers, fileName(p));
}

// The employee's side ------------------------------------------------------------------------------------------

export const myPaychecksQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: [...PAYCHECKS_KEY, 'mine', page, perPage] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ items: Paycheck[]; total: number; page: number; perPage: number }>(
          '/member/paycheck',
          { page, per_page: perPage },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
export const useMyPaychecks = (page: number, perPage: number) => useQuery(myPaychecksQueryOptions(page, perPage));

export const useMyPaycheck = (id: string) =>
  useQuery({
    queryKey: [...PAYCHECKS_KEY, 'mine', 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Paycheck>(`/member/paycheck/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

/** The employee's download: the first sets attachmentFirstOpenAt, so the lists are asked again. */
export function useDownloadMyPaycheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (p: Paycheck) => {
      const res = await api.blob(`/member/paycheck/${encodeURIComponent(p.id)}/attachment`);
      saveBlob(res.data, res.headers, fileName(p));
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: [...PAYCHECKS_KEY, 'mine'] }),
  });
}
