import { Alert, AlertTitle, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { decodeCodiceFiscale, normalizeCodiceFiscale } from '@timbro/shared/validators/codice-fiscale';
import dayjs from 'dayjs';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form/form-text-field';
import { SectionCard } from '../../components/section-card';
import type { UnboundUser } from './api/search-unbound';
import { catalogFor } from '../../i18n/languages';
import { birthPlaceText, useBirthPlace } from './birth-place';
import { LIMITS, type UserFormValues } from './schemas';
import { useUnboundMatches } from './use-unbound-matches';
import { grid, readOnlySx } from './user-form-layout';
import { userDetailPath } from './user-paths';
import { LinkButton } from '../../components/link-button';

/** The birth date, and the place when the code's comune or country is known (null otherwise). */
type BirthFromFiscalCodeUse = (birthday: string, birthplace: string | null) => void;

/**
 * The account: fiscal code (with the records it already has here, for a new employee), name and login e-mail. The
 * fiscal code is fixed once saved; the login e-mail is the person's: the workspace may only correct it before they
 * ever logged in (ADR 0015).
 */
export function UserAccountSection({
  control,
  editing,
  emailLocked,
  onFiscalCodeLeft,
  onBirthFromFiscalCode,
}: {
  control: Control<UserFormValues>;
  editing: boolean;
  emailLocked: boolean;
  /** The fiscal code field was left: the form checks it. */
  onFiscalCodeLeft?: () => void;
  /** "Usa data e luogo di nascita": the birth date and place the fiscal code encodes go into the form. */
  onBirthFromFiscalCode?: BirthFromFiscalCodeUse;
}) {
  const { t } = useTranslation();
  const { found, isFetching, dismiss } = useUnboundMatches(control, editing);

  return (
    <SectionCard
      title={t('users.form.sections.account')}
      description={editing ? t('users.form.sections.accountEditHint') : t('users.form.sections.accountHint')}
    >
      <Box sx={grid}>
        <FormTextField
          control={control}
          name="fiscalCode"
          label={t('auth.fields.fiscalCode')}
          required
          autoComplete="off"
          onBlur={editing ? undefined : onFiscalCodeLeft}
          helperText={editing ? t('users.form.fiscalCodeLocked') : t('users.form.fiscalCodeHint')}
          transform={(v) => v.toUpperCase().replace(/\s+/g, '')}
          slotProps={{
            htmlInput: {
              readOnly: editing,
              maxLength: 16,
              dir: 'ltr',
              style: { textTransform: 'uppercase', fontFamily: 'monospace', letterSpacing: 1 },
              'data-testid': 'field-fiscalCode',
            },
            input: {
              endAdornment: isFetching ? <CircularProgress size={18} aria-label={t('common.loading')} /> : undefined,
            },
          }}
          sx={{ gridColumn: { sm: '1 / -1' }, maxWidth: { sm: 'calc(50% - 8px)' }, ...readOnlySx(editing) }}
        />
        {onBirthFromFiscalCode && <BirthFromFiscalCode control={control} onUse={onBirthFromFiscalCode} />}
        {!editing && found.length > 0 && <UnboundFound found={found} onDismiss={dismiss} />}
        <FormTextField
          control={control}
          name="firstName"
          label={t('auth.fields.firstName')}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
        />
        <FormTextField
          control={control}
          name="lastName"
          label={t('auth.fields.lastName')}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
        />
        <FormTextField
          control={control}
          name="email"
          type="email"
          label={t('users.fields.email')}
          required
          autoComplete="off"
          helperText={
            emailLocked
              ? t('users.form.emailLocked')
              : editing
                ? t('users.form.emailCorrectHint')
                : t('users.form.emailHint')
          }
          slotProps={{
            htmlInput: { readOnly: emailLocked, maxLength: LIMITS.email, dir: 'ltr', 'data-testid': 'field-email' },
          }}
          sx={{ gridColumn: { sm: '1 / -1' }, ...readOnlySx(emailLocked) }}
        />
      </Box>
    </SectionCard>
  );
}

/** The records this fiscal code already has here: open one, or set it aside and go on. */
function UnboundFound({ found, onDismiss }: { found: UnboundUser[]; onDismiss(id: string): void }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" sx={{ gridColumn: '1 / -1' }} data-testid="unbound-found">
      <AlertTitle>{t('users.existing.title')}</AlertTitle>
      {found.map((p) => (
        <Stack
          key={p.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' }, mt: 0.5 }}
        >
          <Typography variant="body2" sx={{ flexGrow: 1 }}>
            {t(p.invitationStatus === 'declined' ? 'users.existing.declined' : 'users.existing.pending', {
              name: `${p.firstName} ${p.lastName}`,
            })}{' '}
            <Box component="span" dir="ltr" sx={{ fontWeight: 500 }}>
              {p.emailHint}
            </Box>
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignSelf: 'flex-start', flexShrink: 0 }}>
            <LinkButton size="small" variant="contained" to={userDetailPath(p.id)} data-testid="open-existing">
              {t('users.existing.open')}
            </LinkButton>
            <Button size="small" color="inherit" onClick={() => onDismiss(p.id)} data-testid="dismiss-unbound">
              {t('users.existing.dismiss')}
            </Button>
          </Stack>
        </Stack>
      ))}
    </Alert>
  );
}

/**
 * What a valid fiscal code says of the person (issue 30 item 17): their birth date and the comune (or country) of birth,
 * named from its cadastral code, offered for the form when the date is not the one there or the place is still empty.
 * Until the list of places has loaded, or for a code it does not know, the code itself is shown.
 */
function BirthFromFiscalCode({ control, onUse }: { control: Control<UserFormValues>; onUse: BirthFromFiscalCodeUse }) {
  const { t, i18n } = useTranslation();
  const [fiscalCode, birthday, birthplace] = useWatch({ control, name: ['fiscalCode', 'birthday', 'birthplace'] });
  const decoded = fiscalCode ? decodeCodiceFiscale(normalizeCodiceFiscale(fiscalCode)) : null;
  const place = useBirthPlace(decoded?.belfiore ?? null, decoded?.birthDate ?? null).data ?? null;
  if (!decoded) return null;
  const placeText = place ? birthPlaceText(place) : null;
  const dateDiffers = decoded.birthDate !== birthday;
  const placeMissing = !!placeText && !(birthplace ?? '').trim();
  if (!dateDiffers && !placeMissing) return null;
  const date = dayjs(decoded.birthDate).locale(catalogFor(i18n.language)).format('D MMMM YYYY');
  const foreign = decoded.belfiore.startsWith('Z');
  const body = placeText
    ? t(foreign ? 'users.form.fromFiscalCode.bodyCountry' : 'users.form.fromFiscalCode.bodyPlace', {
        date,
        place: placeText,
      })
    : t(foreign ? 'users.form.fromFiscalCode.bodyAbroad' : 'users.form.fromFiscalCode.body', {
        date,
        code: decoded.belfiore,
      });
  return (
    <Alert severity="info" sx={{ gridColumn: { sm: '1 / -1' } }} data-testid="fiscal-code-birth">
      {body}
      {/* Under the sentence, not beside it: a phone's width has no room for both. */}
      <Box sx={{ mt: 1 }}>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          onClick={() => onUse(decoded.birthDate, placeText)}
          data-testid="fiscal-code-use-birth"
        >
          {t(placeText ? 'users.form.fromFiscalCode.useBoth' : 'users.form.fromFiscalCode.use')}
        </Button>
      </Box>
    </Alert>
  );
}
