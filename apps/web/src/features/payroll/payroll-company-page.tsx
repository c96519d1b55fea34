import { zodResolver } from '@hookform/resolvers/zod';
import { Box } from '@mui/material';
import type { PayrollCompany } from '@timbro/shared';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormShell, Loaded, useFormScaffold } from '../../components/form/form-page';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import { usePayrollCompany } from './api/get-company';
import { useUpdatePayrollCompany } from './api/update-company';
import { maxOf } from './codes';
import { PayrollFrame } from './payroll-frame';
import {
  COMPANY_FIELDS,
  COMPANY_KINDS,
  companyFormSchema,
  companyPayload,
  companyToForm,
  type CompanyFormValues,
} from './schemas';

const FORM_WIDTH = 760;

/** /integration/{payroll}/company: the company and branch codes, and the codes of the worked and overtime items. */
export function PayrollCompanyPage() {
  const query = usePayrollCompany();
  return (
    <PayrollFrame section="company">
      <Loaded queries={[query]} width={FORM_WIDTH}>
        {([company]) => (
          <Box sx={{ maxWidth: FORM_WIDTH }}>
            <CompanyForm company={company} />
          </Box>
        )}
      </Loaded>
    </PayrollFrame>
  );
}

function CompanyForm({ company }: { company: PayrollCompany }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePayrollCompany();
  const schema = useMemo(() => companyFormSchema(t), [t]);
  const form = useFormScaffold<CompanyFormValues>({
    resolver: zodResolver(schema),
    defaultValues: companyToForm(company),
    serverFields: COMPANY_FIELDS,
  });
  const { control } = form;
  const submit = form.submitWith(async (values) => {
    const saved = await update.mutateAsync(companyPayload(values));
    form.reset(companyToForm(saved));
    enqueueSnackbar(t('payroll.company.saved'), { variant: 'success' });
  });
  const field = (name: (typeof COMPANY_FIELDS)[number]) => {
    const kind = COMPANY_KINDS[name];
    return (
      <FormTextField
        control={control}
        name={name}
        label={t(`payroll.company.fields.${name}`)}
        helperText={t(`payroll.company.hints.${name}`, { max: maxOf(kind) })}
        autoComplete="off"
        transform={kind === 'item' ? (v) => v.toUpperCase() : undefined}
        slotProps={{
          htmlInput: {
            dir: 'ltr',
            maxLength: 12,
            spellCheck: false,
            inputMode: kind === 'item' ? 'text' : 'numeric',
            'data-testid': `payroll-${name}`,
          },
        }}
      />
    );
  };
  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={t('payroll.company.formLabel')}
      testId="payroll-company-form"
      failureTestId="payroll-company-error"
      submitLabel={t('payroll.company.save')}
      onCancel={() => form.reset()}
    >
      <SectionCard
        title={t('payroll.company.sections.company')}
        description={t('payroll.company.sections.companyHint')}
      >
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('companyCode')}
          {field('branchCode')}
        </Box>
      </SectionCard>
      <SectionCard title={t('payroll.company.sections.items')} description={t('payroll.company.sections.itemsHint')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {field('workedCode')}
          {field('overtimeCode')}
        </Box>
      </SectionCard>
    </FormShell>
  );
}
