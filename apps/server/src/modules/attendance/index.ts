export { countEmployees, employeesPage, everyonesSheets, timesheetAll } from './attendance-data.service';
export { closedMonthsOf } from './month-lock';
export type { MonthChangeNote, MonthLockPort } from './month-lock';
export { clockState } from './punches.service';
export { listRequests } from './requests.service';
