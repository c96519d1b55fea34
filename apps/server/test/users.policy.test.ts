import { peopleMsg } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { checkDisable, checkRoleChange, type MembershipFacts } from '../src/modules/users/users.policy';

const employee: MembershipFacts = { id: 'e', isAdmin: false, isMember: true, enabled: true };
const admin: MembershipFacts = { id: 'a', isAdmin: true, isMember: false, enabled: true };

describe('users policy: roles', () => {
  it('keeps the employee role once granted', () => {
    expect(checkRoleChange(employee, ['admin'], 0)).toEqual({
      ok: false,
      path: 'roles',
      message: peopleMsg.memberRoleLocked,
    });
    expect(checkRoleChange(employee, ['member', 'admin'], 0)).toEqual({ ok: true });
    // A person who was never an employee may become one, or not.
    expect(checkRoleChange(admin, ['admin', 'member'], 0)).toEqual({ ok: true });
  });

  it('keeps the admin role on the last enabled admin only', () => {
    expect(checkRoleChange(admin, ['accountant'], 0)).toEqual({
      ok: false,
      path: 'roles',
      message: peopleMsg.lastAdmin,
    });
    expect(checkRoleChange(admin, ['accountant'], 1)).toEqual({ ok: true });
    // A disabled admin is not what keeps the workspace administered.
    expect(checkRoleChange({ ...admin, enabled: false }, ['accountant'], 0)).toEqual({ ok: true });
  });
});

describe('users policy: disabling', () => {
  it('refuses to disable yourself', () => {
    expect(checkDisable(employee, 'e', 3)).toEqual({ ok: false, message: peopleMsg.cannotDisableSelf });
    expect(checkDisable(employee, 'someone-else', 0)).toEqual({ ok: true });
    expect(checkDisable(employee, null, 0)).toEqual({ ok: true });
  });

  it('keeps one enabled admin', () => {
    expect(checkDisable(admin, null, 0)).toEqual({ ok: false, message: peopleMsg.lastAdmin });
    expect(checkDisable(admin, 'operator-has-no-membership', 1)).toEqual({ ok: true });
  });
});
