export { exportSource, itemLabel } from './month-diff.service';
export { getMonthLog, versionNumbersOfMonth } from './month-logs.service';
