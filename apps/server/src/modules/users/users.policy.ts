import { peopleMsg } from '@timbro/shared';

/** What the rules need to know about a membership (UserInfo). */
export interface MembershipFacts {
  id: string;
  isAdmin: boolean;
  isMember: boolean;
  enabled: boolean;
}

export type PolicyVerdict = { ok: true } | { ok: false; path?: string; message: string };

const ok: PolicyVerdict = { ok: true };

/**
 * A change of roles. The employee role, once granted, stays (the employee's records hang off it); the last enabled
 * admin of a workspace keeps the admin role. `otherEnabledAdmins` counts the workspace's other enabled admins (the
 * caller may pass 0 when the person is no admin: it is not read then).
 */
export function checkRoleChange(
  info: MembershipFacts,
  roles: readonly string[],
  otherEnabledAdmins: number,
): PolicyVerdict {
  if (info.isMember && !roles.includes('member'))
    return { ok: false, path: 'roles', message: peopleMsg.memberRoleLocked };
  if (info.isAdmin && info.enabled && !roles.includes('admin') && otherEnabledAdmins === 0) {
    return { ok: false, path: 'roles', message: peopleMsg.lastAdmin };
  }
  return ok;
}

/** Disabling a membership: nobody disables themselves, and a workspace keeps at least one enabled admin. */
export function checkDisable(
  info: MembershipFacts,
  actorUserInfoId: string | null,
  otherEnabledAdmins: number,
): PolicyVerdict {
  if (info.id === actorUserInfoId) return { ok: false, message: peopleMsg.cannotDisableSelf };
  if (info.isAdmin && otherEnabledAdmins === 0) return { ok: false, message: peopleMsg.lastAdmin };
  return ok;
}
