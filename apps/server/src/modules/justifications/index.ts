export { ensureDefaultJustifications, setPayrollCodes } from './justifications.service';
