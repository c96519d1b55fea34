import type { CurrentUser, WorkspaceSummary } from '@timbro/shared';
import { describe, expect, it } from 'vitest';
import { deriveCurrentUser } from './current-user';

const base: CurrentUser = {
  id: 'u1',
  first_name: 'Mario',
  last_name: 'Rossi',
  email: 'mario@x.it',
  email_verified: true,
  pending_invitations: 0,
  fiscal_code: null,
  language: 'it',
  is_operator: false,
  workspace_roles: [],
  attendance_infos: [],
  disabled_workspaces: [],
};
const ws = (id: string, auto: boolean): WorkspaceSummary => ({
  id,
  name: id,
  attendance_auto_approve_request: auto,
  square_logo: null,
});
const role = (
  workspace_id: string,
  r: Partial<{ oimmei: boolean; admin: boolean; accountant: boolean; member: boolean; auto: boolean | null }>,
) => ({
  workspace_id,
  oimmei: r.oimmei ?? false,
  admin: r.admin ?? false,
  accountant: r.accountant ?? false,
  member: r.member ?? false,
  attendance_auto_approve_request: r.auto ?? null,
});

describe('deriveCurrentUser', () => {
  it('display name, roles and main role per the spec order (admin, then accountant, then member: last wins)', () => {
    const u = deriveCurrentUser(
      { ...base, workspace_roles: [role('a', { admin: true, member: true })] },
      [ws('a', false)],
      'a',
    );
    expect(u.displayName).toBe('Mario Rossi');
    expect(u.roles).toEqual(['user', 'admin', 'member']);
    expect(u.mainRole).toBe('member');
    expect(u.isAdmin && u.isMember && !u.isAccountant).toBe(true);
    expect(u.homeRoute).toBe('/dashboard');
  });

  it('the operator flag adds admin; without a role in the workspace only user applies', () => {
    const op = deriveCurrentUser({ ...base, workspace_roles: [role('a', { oimmei: true })] }, [ws('a', false)], 'a');
    expect(op.roles).toEqual(['user', 'admin']);
    expect(op.mainRole).toBe('admin');
    const none = deriveCurrentUser(base, [], 'a');
    expect(none.roles).toEqual(['user']);
    expect(none.mainRole).toBe('user');
    expect(none.attendanceInfo).toBeNull();
  });

  it('the platform operator is the operator even with no workspace to enter (ADR 0023)', () => {
    const alone = deriveCurrentUser({ ...base, is_operator: true }, [], null);
    expect(alone.isOperator).toBe(true);
    expect(alone.roles).toEqual(['user']);
    expect(deriveCurrentUser(base, [], null).isOperator).toBe(false);
  });

  it('accountant only lands on /admin/month-log; with another role on /dashboard', () => {
    expect(deriveCurrentUser({ ...base, workspace_roles: [role('a', { accountant: true })] }, [], 'a').homeRoute).toBe(
      '/admin/month-log',
    );
    expect(
      deriveCurrentUser({ ...base, workspace_roles: [role('a', { accountant: true, member: true })] }, [], 'a')
        .homeRoute,
    ).toBe('/dashboard');
  });

  it('auto-approve: own true → true; unset → workspace setting; own false → false', () => {
    const pick = (own: boolean | null, wsAuto: boolean) =>
      deriveCurrentUser({ ...base, workspace_roles: [role('a', { member: true, auto: own })] }, [ws('a', wsAuto)], 'a')
        .attendanceAutoApprove;
    expect(pick(true, false)).toBe(true);
    expect(pick(null, true)).toBe(true);
    expect(pick(null, false)).toBe(false);
    expect(pick(false, true)).toBe(false);
  });

  it('the attendance info is the current workspace one', () => {
    const info = {
      workspace_id: 'b',
      user_info_id: 'ui-b',
      enabled: true,
      workspace_attendance_auto_approve_request: false,
      time_zone: 'Europe/Rome',
    };
    const u = deriveCurrentUser(
      {
        ...base,
        workspace_roles: [role('a', { member: true }), role('b', { member: true })],
        attendance_infos: [info],
      },
      [],
      'b',
    );
    expect(u.attendanceInfo?.user_info_id).toBe('ui-b');
  });
});

describe("can: one's own notifications", () => {
  const info = (workspace_id: string) => ({
    workspace_id,
    user_info_id: `ui-${workspace_id}`,
    enabled: true,
    workspace_attendance_auto_approve_request: false,
    time_zone: 'Europe/Rome',
  });
  it('needs a record in the workspace: an operator entering a company only as its admin has no bell there', async () => {
    const { can } = await import('./permissions');
    const operator = {
      ...base,
      is_operator: true,
      workspace_roles: [role('a', { oimmei: true }), role('b', { oimmei: true, admin: true })],
      attendance_infos: [info('b')],
    };
    expect(can(deriveCurrentUser(operator, [ws('a', false), ws('b', false)], 'a'), 'notification:own')).toBe(false);
    expect(can(deriveCurrentUser(operator, [ws('a', false), ws('b', false)], 'b'), 'notification:own')).toBe(true);
    expect(can(deriveCurrentUser(operator, [ws('a', false)], 'a'), 'platform:manage')).toBe(true);
  });
});
