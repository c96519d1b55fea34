import type { TimesheetPage } from '@timbro/shared';
import type { GridPerson } from './people-month-grid';

/** The figures the timesheet can show, one at a time. */
export const METRICS = ['expected', 'worked', 'justified', 'balance'] as const;
export type Metric = (typeof METRICS)[number];

export type TimesheetRow = TimesheetPage['items'][number];
export type TimesheetCell = TimesheetRow['days'][number];
/** A row of the grid: the employee's timesheet and its days by date. */
export interface TimesheetPerson extends GridPerson {
  row: TimesheetRow;
  cells: Map<string, TimesheetCell>;
}

/** A figure's month total: justified is what was covered and added less what was taken off. */
export const metricTotal = (row: TimesheetRow, key: Metric) =>
  key === 'justified'
    ? row.totals.covered + row.totals.increase - row.totals.decrease
    : key === 'balance'
      ? row.totals.balance // of the days that are over
      : row.totals[key];
