import { Stack, Typography } from '@mui/material';
import type { DayPause, JustificationRequest } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormPeopleField } from '../../../components/form/form-people-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { useAuth } from '../../../lib/auth/auth-context';
import { completeDate } from '../../../lib/dates';
import type { RequestScope } from '../api/save-request';
import { RequestBalance } from './request-balance';
import { REQUEST_LIMITS } from './request-form';
import { RequestJustificationField } from './request-justification-field';
import { RequestPeriodFields } from './request-period-fields';
import { RequestResult } from './request-result';
import { useRequestDialog } from './use-request-dialog';

export interface RequestDialogProps {
  open: boolean;
  /** An employee's own request, or an admin filing for employees (approved at once). */
  scope: RequestScope;
  /** Editing this request (one date); otherwise a new one. */
  request?: JustificationRequest | null;
  /** Prefilled date (the day clicked in a calendar). */
  initialDate?: string | null;
  /** Admin: prefilled employees (the row of the admin calendar). */
  initialEmployees?: { id: string; name: string }[];
  /** The day's expected minutes, when known, to estimate what a whole day uses. */
  expectedMinutes?: number | null;
  /** The day's pauses, when known: a time range does not count them. */
  pauses?: readonly DayPause[];
  onClose(): void;
}

/**
 * "Nuova richiesta" / "Modifica richiesta": absence type (with its unit), whole day / time range / quantity, one date or
 * a period, certificate code where the type asks for one, note; the balance of the type and a live over-balance hint.
 * After saving: the server's warnings (over quota) as warnings, and whether it was approved or awaits approval.
 */
export function RequestDialog(props: RequestDialogProps) {
  // A fresh form for every opening (new date, other request).
  return props.open ? <RequestDialogContent {...props} /> : null;
}

function RequestDialogContent({ open: _open, ...options }: RequestDialogProps) {
  const { scope, request, initialEmployees, onClose } = options;
  const { t } = useTranslation();
  const { current } = useAuth();
  const { admin, editing, form, values, justifications, people, justification, result, submit, balance, closedMonths } =
    useRequestDialog(options);
  const { control, setValue, titleId } = form;
  // The balance of a whole date only: none is asked while the date is being typed (issue 30 item 17).
  const balanceDate = completeDate(balance.firstDate);

  if (result)
    return <RequestResult result={result} scope={scope} editing={editing} titleId={titleId} onClose={onClose} />;

  return (
    <FormDialog
      form={form}
      onSubmit={submit}
      title={editing ? t('requestDialog.editTitle') : admin ? t('requestDialog.adminTitle') : t('requestDialog.title')}
      testId="request-dialog"
      failureTestId="request-error"
      contentSx={{ pt: 0 }}
      intro={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="request-approval-note">
          {admin
            ? t('requestDialog.adminNote')
            : current?.attendanceAutoApprove
              ? t('requestDialog.autoApproveNote')
              : t('requestDialog.approvalNote')}
        </Typography>
      }
      submitLabel={editing ? t('common.save') : admin ? t('requestDialog.submitAdmin') : t('requestDialog.submit')}
      submitTestId="request-submit"
    >
      <Stack spacing={2}>
        {admin && !editing && (
          // Admin, new request: the employees it is filed for (several at once); those prefilled by the screen (the
          // calendar's row) show by name before the lookup arrives.
          <FormPeopleField
            control={control}
            name="userInfoIds"
            people={people}
            known={initialEmployees}
            label={t('requestDialog.fields.employees')}
            hint={t('requestDialog.employeesHint')}
            noOptionsText={t('requestDialog.noPeople')}
            testId="request-employees"
          />
        )}
        {admin && editing && request && (
          <Typography>
            <strong>{t('requestDialog.fields.employee')}:</strong> {request.employee.firstName}{' '}
            {request.employee.lastName}
          </Typography>
        )}
        <RequestJustificationField
          control={control}
          justifications={justifications.data}
          justification={justification}
          request={request}
        />
        <RequestPeriodFields
          control={control}
          setValue={setValue}
          values={values}
          editing={editing}
          titleId={titleId}
          justification={justification}
          closedMonths={closedMonths}
        />
        {justification?.requiresCertificate && (
          <FormTextField
            control={control}
            name="certificateCode"
            label={t('requestDialog.fields.certificateCode')}
            helperText={t('requestDialog.certificateHint')}
            transform={(v) => v.toUpperCase()}
            slotProps={{
              htmlInput: {
                maxLength: REQUEST_LIMITS.certificate,
                dir: 'ltr',
                'data-testid': 'request-certificate',
              },
            }}
          />
        )}
        <FormTextField
          control={control}
          name="note"
          label={t('requestDialog.fields.note')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REQUEST_LIMITS.note, 'data-testid': 'request-note' } }}
        />
        {justification && balanceDate && balance.show && (
          <RequestBalance
            scope={scope}
            justification={justification}
            userInfoId={balance.owner}
            date={balanceDate}
            requested={balance.requested}
            excludeRequestId={request?.id}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
