import { eq } from 'drizzle-orm';
import { userInfos } from '../../db/schema';
import { payrollCodeRepository } from '../../db/payroll-codes';

/** The employees' payroll codes (integration, employees section), in bulk: only employee records (member role). */
export const employeeCodes = payrollCodeRepository(userInfos, eq(userInfos.isMember, true));
