import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import { employeeCodes, justificationCodes } from './payroll-codes.repository';
import { findSettings, type CompanyCodes } from './payroll-settings.repository';

/** Every payroll code of a workspace, as the month's pre-close check and the export preflight read them. */
export interface PayrollCodes {
  /** The company section (nulls when never saved). */
  company: CompanyCodes;
  /**
   * Every record of the workspace by id (not only today's employees: a former employee still has lines in a past
   * month); `isMember` and `enabled` tell who is an employee today.
   */
  employees: Map<
    string,
    {
      payrollCode: string | null;
      fiscalCode: string | null;
      firstName: string;
      lastName: string;
      isMember: boolean;
      enabled: boolean;
    }
  >;
  /** Every absence type by id, with its own code and name. */
  justifications: Map<string, { code: string; name: string; payrollCode: string | null }>;
}

const NO_COMPANY: CompanyCodes = { companyCode: null, branchCode: null, workedCode: null, overtimeCode: null };

/**
 * The workspace's payroll codes in three statements whatever its size: the company section, the employees' codes and
 * the absence types' codes. Inside the caller's transaction when given one.
 */
export async function payrollCodes(q: Queryable, scope: WorkspaceScope): Promise<PayrollCodes> {
  const company = await findSettings(q, scope);
  const people = await employeeCodes(q, scope);
  const types = await justificationCodes(q, scope);
  return {
    company: company ?? NO_COMPANY,
    employees: new Map(
      people.map((p) => [
        p.id,
        {
          payrollCode: p.payrollCode,
          fiscalCode: p.fiscalCode,
          firstName: p.firstName,
          lastName: p.lastName,
          isMember: p.isMember,
          enabled: p.enabled,
        },
      ]),
    ),
    justifications: new Map(types.map((j) => [j.id, { code: j.code, name: j.name, payrollCode: j.payrollCode }])),
  };
}
