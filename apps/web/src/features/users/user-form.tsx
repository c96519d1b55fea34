import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@timbro/shared';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormShell, useFormScaffold } from '../../components/form/form-page';
import { SectionCard } from '../../components/section-card';
import { emptyUserForm, USER_FORM_FIELDS, userFormSchema, userToForm, type UserFormValues } from './schemas';
import { UserAccountSection } from './user-form-account';
import { UserEmployeeSection } from './user-form-employee';
import { GroupsField } from './user-form-groups';
import { UserRolesSection } from './user-form-roles';

export interface UserFormSubmit {
  values: UserFormValues;
}

interface Props {
  /** The saved record when editing; absent for a new employee. */
  user?: User;
  submitLabel: string;
  onSubmit(data: UserFormSubmit): Promise<void>;
  onCancel(): void;
}

/**
 * The employee form (new and edit): account, roles and approval, employee info, groups. Client checks mirror the
 * server's; the server's field errors land on their fields, anything else shows above the form.
 */
export function UserForm({ user, submitLabel, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const editing = !!user;
  const schema = useMemo(() => userFormSchema(t, { editing }), [t, editing]);
  const form = useFormScaffold<UserFormValues>({
    resolver: zodResolver(schema),
    defaultValues: user ? userToForm(user) : emptyUserForm,
    serverFields: USER_FORM_FIELDS,
  });
  const { control } = form;
  const roles = useWatch({ control, name: 'roles' });
  const isEmployee = roles.includes('member');
  const memberLocked = !!user?.roles.includes('member');
  // The login e-mail is the person's: the workspace may only correct it before they ever logged in (ADR 0015).
  const emailLocked = editing && !user.loginEmailEditable;

  const submit = form.submitWith((values) => onSubmit({ values }));

  return (
    <FormShell
      form={form}
      onSubmit={submit}
      label={submitLabel}
      testId="user-form"
      failureTestId="user-form-error"
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <UserAccountSection
        control={control}
        editing={editing}
        emailLocked={emailLocked}
        // A wrong fiscal code (its check character) is said when the field is left, not only at saving (issue 30).
        onFiscalCodeLeft={() => {
          if (form.getValues('fiscalCode')) void form.trigger('fiscalCode');
        }}
        onBirthFromFiscalCode={(birthday, birthplace) => {
          form.setValue('birthday', birthday, { shouldDirty: true, shouldValidate: true });
          if (birthplace) form.setValue('birthplace', birthplace, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <UserRolesSection control={control} memberLocked={memberLocked} />
      <UserEmployeeSection control={control} isEmployee={isEmployee} />
      <SectionCard title={t('users.form.sections.groups')} description={t('users.form.sections.groupsHint')}>
        <GroupsField control={control} />
      </SectionCard>
    </FormShell>
  );
}
