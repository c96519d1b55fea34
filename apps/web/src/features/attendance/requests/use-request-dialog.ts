import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { DayPause, Justification, JustificationRequest, RequestWriteResult } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDialogForm } from '../../../components/form/use-dialog-form';
import { catalogFor } from '../../../i18n/languages';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import { useJustificationLookup } from '../../../lib/queries/justification-lookup';
import { useUserLookup } from '../../../lib/queries/user-lookup';
import { closedMonthsQueryOptions, useClosedMonths } from '../api/get-closed-months';
import { useSaveRequest, type RequestScope } from '../api/save-request';
import {
  emptyRequestForm,
  estimateUsage,
  formToPayload,
  REQUEST_FORM_FIELDS,
  requestFormSchema,
  requestToForm,
  type RequestFormValues,
} from './request-form';

export interface RequestDialogOptions {
  scope: RequestScope;
  onClose(): void;
  request?: JustificationRequest | null;
  initialDate?: string | null;
  initialEmployees?: { id: string; name: string }[];
  expectedMinutes?: number | null;
  pauses?: readonly DayPause[];
}

/** API field paths → form fields (the server names the time range in minutes). */
const SERVER_FIELDS: Record<string, keyof RequestFormValues> = { startsAtMinutes: 'start', endsAtMinutes: 'end' };

/**
 * The request dialog's state: the form (prefilled from the request, or the date and employees clicked), the lookups it
 * picks from, the chosen type, the balance shown and the live usage estimate, and the save with the server's field
 * errors placed on the fields (else one message) and its result.
 */
export function useRequestDialog({
  scope,
  request,
  initialDate,
  initialEmployees,
  expectedMinutes,
  pauses = [],
  onClose,
}: RequestDialogOptions) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const admin = scope === 'admin';
  const editing = !!request;
  const language = catalogFor(i18n.language);
  // The employee's closed months (the admin is not held by the lock): flagged on the dates before sending.
  const closedMonths = useClosedMonths(!admin);
  const schema = useMemo(
    () => requestFormSchema(t, { admin, closedMonths, language }),
    [t, admin, closedMonths, language],
  );
  const justifications = useJustificationLookup();
  const people = useUserLookup(false);
  const save = useSaveRequest(scope);
  const [result, setResult] = useState<RequestWriteResult | null>(null);
  const form = useDialogForm<RequestFormValues>({
    resolver: zodResolver(schema),
    defaultValues: request
      ? requestToForm(request)
      : emptyRequestForm({ date: initialDate, userInfoIds: initialEmployees?.map((e) => e.id) }),
    serverFields: REQUEST_FORM_FIELDS,
    onServerError: (err, { setError, getValues }) => {
      let placed = false;
      for (const [path, message] of Object.entries(fieldErrors(err))) {
        const head = path.split('.')[0]!;
        let field = SERVER_FIELDS[head] ?? (REQUEST_FORM_FIELDS as readonly string[]).find((f) => f === head);
        if (field === 'date' && getValues('multiDay')) field = 'startDate';
        if (field) {
          setError(field as Path<RequestFormValues>, { type: 'server', message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      // A month closed meanwhile (the lock's 409): the dates show it from now on.
      if (!admin) void queryClient.invalidateQueries({ queryKey: closedMonthsQueryOptions().queryKey });
      return placed ? null : errorMessage(err, t('errors.generic'));
    },
    busy: save.isPending,
    onClose,
  });
  const { control } = form;
  const values = useWatch({ control }) as RequestFormValues;
  const justification =
    justifications.data?.find((j) => j.id === values.justificationId) ??
    (request ? ({ ...request.justification, requiresCertificate: false } as Justification) : undefined);
  const firstDate = values.multiDay ? values.startDate : values.date;
  // The balance is one person's: mine, or the one employee chosen by the admin.
  const balanceOwner = admin ? (values.userInfoIds.length === 1 ? values.userInfoIds[0]! : null) : null;
  const showBalance = !admin || balanceOwner !== null;
  const sameDay = !values.multiDay && values.date === initialDate;
  const requested = justification
    ? estimateUsage(values, justification.unit, sameDay ? (expectedMinutes ?? null) : null, sameDay ? pauses : [])
    : null;

  // After the save the dialog shows its outcome (approved, or awaiting approval) instead of the form.
  const submit = form.submitWith(
    async (v) => setResult(await save.mutateAsync({ id: request?.id, payload: formToPayload(v, { admin, editing }) })),
    { keepOpen: true },
  );

  return {
    admin,
    editing,
    form,
    values,
    justifications,
    people,
    justification,
    save,
    result,
    submit,
    balance: { firstDate, owner: balanceOwner, show: showBalance, requested },
    closedMonths,
  };
}
