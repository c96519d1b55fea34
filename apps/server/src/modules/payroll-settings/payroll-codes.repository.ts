import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { justifications, userInfos } from '../../db/schema';
import { inScope, type WorkspaceScope } from '../../db/scope';
import { nameKey } from '../../db/sql';

/**
 * Reads of the codes the other modules store (user_infos belongs to users, justifications to justifications): one
 * statement each, no writes.
 */

/** Every record of the workspace with its payroll code (a former employee still has lines in past months). */
export async function employeeCodes(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({
      id: userInfos.id,
      firstName: userInfos.firstName,
      lastName: userInfos.lastName,
      fiscalCode: userInfos.fiscalCode,
      payrollCode: userInfos.payrollCode,
      isMember: userInfos.isMember,
      enabled: userInfos.enabled,
    })
    .from(userInfos)
    .where(inScope(userInfos, scope));
}

/** Every absence type of the workspace with its payroll code, by name (as the absence types page lists them). */
export async function justificationCodes(q: Queryable, scope: WorkspaceScope) {
  return q
    .select({
      id: justifications.id,
      code: justifications.code,
      name: justifications.name,
      enabled: justifications.enabled,
      payrollCode: justifications.payrollCode,
    })
    .from(justifications)
    .where(inScope(justifications, scope))
    .orderBy(asc(nameKey(justifications.name)), asc(justifications.id));
}
