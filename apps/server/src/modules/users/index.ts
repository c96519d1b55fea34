export { enroll, getUser, listUsers, otherEnabledAdmins, setPayrollCodes } from './users.service';
