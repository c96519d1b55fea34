/**
 * Italian validation messages (spec section 5). Server and web use the same texts, so a field error reads the same
 * whether the browser or the API caught it.
 */
export const msg = {
  required: 'Campo obbligatorio',
  emailRequired: "Inserisci l'indirizzo email",
  emailInvalid: 'Inserisci un indirizzo email valido',
  passwordRequired: 'Inserisci la password',
  passwordConfirmationRequired: 'Conferma la password',
  passwordsDoNotMatch: 'Le password non corrispondono',
  passwordTooShort: (min: number) => `La password deve contenere almeno ${min} caratteri`,
  passwordTooLong: (max: number) => `La password può contenere al massimo ${max} caratteri`,
  oldPasswordRequired: 'Inserisci la password attuale',
  newPasswordRequired: 'Inserisci la nuova password',
  firstNameRequired: 'Inserisci il nome',
  lastNameRequired: 'Inserisci il cognome',
  fiscalCodeRequired: 'Inserisci il codice fiscale',
  fiscalCodeInvalid: 'Il codice fiscale non è valido',
  vatNumberInvalid: 'La partita IVA non è valida',
  companyFiscalCodeInvalid: 'Il codice fiscale non è valido',
  nameRequired: 'Inserisci il nome',
  companyNameRequired: "Inserisci la ragione sociale",
  phoneInvalid: 'Il numero di telefono non è valido',
  mobileInvalid: 'Il numero di cellulare non è valido',
  postCodeInvalid: 'Il CAP non è valido',
  provinceInvalid: 'La provincia non è valida',
  urlInvalid: "L'indirizzo del sito non è valido",
  tooLong: (max: number) => `Massimo ${max} caratteri`,
  invalidValue: 'Valore non valido',
  invalidId: 'Identificativo non valido',
  invalidDate: 'Data non valida (formato AAAA-MM-GG)',
  invalidLanguage: 'Lingua non supportata',
} as const;
