/** An employee record's field → its label key (the import's errors and the history name their fields). */
export const USER_FIELD_LABELS: Record<string, string> = {
  firstName: 'auth.fields.firstName',
  lastName: 'auth.fields.lastName',
  email: 'users.fields.email',
  fiscalCode: 'auth.fields.fiscalCode',
  roles: 'users.fields.roles',
  workEmail: 'users.fields.workEmail',
  pec: 'users.fields.pec',
  phoneNumber: 'users.fields.phoneNumber',
  homeAddress: 'users.fields.homeAddress',
  iban: 'users.fields.iban',
  birthday: 'users.fields.birthday',
  birthplace: 'users.fields.birthplace',
  groups: 'users.fields.groups',
};
