export { ensureNationalHolidays, holidayRules, holidaysInRange } from './holidays.service';
