export { payrollCodes } from './payroll-codes.service';
export type { PayrollCodes } from './payroll-codes.service';
