import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { LogoField } from './logo-field';
import { LOGO_FIELDS, type LogoFieldName, type TextField } from './schemas';

/** Two columns, one on phones. */
export const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** The sections of the company details, in order, with their fields (the form and the read-only view share them). */
export const SECTIONS: { key: 'company' | 'contacts' | 'address'; fields: TextField[] }[] = [
  { key: 'company', fields: ['name', 'vatNumber', 'fiscalCode'] },
  { key: 'contacts', fields: ['email', 'website', 'phoneNumber', 'mobileNumber'] },
  {
    key: 'address',
    fields: ['addressStreet', 'addressCity', 'addressPostCode', 'addressProvince', 'addressCountry', 'addressNote'],
  },
];
/** Fields with a hint under them. */
export const HINTED: readonly TextField[] = [
  'vatNumber',
  'fiscalCode',
  'website',
  'phoneNumber',
  'mobileNumber',
  'addressProvince',
  'addressCountry',
];
/** Fields that read left to right in every language, and their keyboards. */
export const LTR: Partial<Record<TextField, string>> = {
  email: 'email',
  website: 'url',
  phoneNumber: 'tel',
  mobileNumber: 'tel',
  vatNumber: 'numeric',
  fiscalCode: 'text',
  addressPostCode: 'numeric',
};
export const AUTOCOMPLETE: Partial<Record<TextField, string>> = {
  name: 'organization',
  email: 'email',
  website: 'url',
  phoneNumber: 'tel',
  mobileNumber: 'tel',
  addressStreet: 'street-address',
  addressCity: 'address-level2',
  addressPostCode: 'postal-code',
  addressCountry: 'country',
};
export const UPPER: readonly TextField[] = ['fiscalCode', 'addressProvince', 'addressCountry'];

/**
 * The logos' section: each logo with its label and hint; `field` adds what the form or the view knows of it (its
 * preview, and the editing of the form).
 */
export function LogosCard({
  description,
  field,
}: {
  description?: string;
  field(name: LogoFieldName): Omit<Parameters<typeof LogoField>[0], 'shape' | 'label' | 'hint' | 'testId'>;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('workspaceSettings.company.sections.logos')} description={description}>
      <Stack spacing={3}>
        {LOGO_FIELDS.map((name) => (
          <LogoField
            key={name}
            shape={name}
            label={t(`workspaceSettings.company.fields.${name}`)}
            hint={t(`workspaceSettings.company.hints.${name}`)}
            testId={`company-${name}`}
            {...field(name)}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}
