import { payrollLinesOf, sumSheets, type DaySheet, type PayrollLine, type SheetTotals } from '@timbro/shared';
import type { AppDeps } from '../../deps';
import type { RequestCtx } from '../../plugins/request-context';
import { everyonesSheets } from '../attendance';
import { endOfMonthOf } from './month-logs.repository';

export interface ComputedEmployee {
  userInfo: { id: string; firstName: string; lastName: string };
  sheets: DaySheet[];
  openRequests: { id: string; date: string; justificationId: string }[];
  lines: PayrollLine[];
  totals: SheetTotals;
}

/** The month's first and last day. */
export function monthRange(month: string) {
  return { from: `${month}-01`, to: endOfMonthOf(month) };
}

/**
 * The month as the engine sees it now: every employee with a contract in it, their day sheets, open requests, payroll
 * lines and totals. The same computation feeds the pre-close check and the closing, so what the check shows is what
 * the version freezes. A fixed number of queries whatever the number of employees; `onEmployee` lets the closing
 * report progress (and yield to the event loop) while the sheets are computed.
 */
export async function computeMonth(
  deps: AppDeps,
  ctx: Pick<RequestCtx, 'scope' | 'timeZone'>,
  month: string,
  onEmployee?: (done: number, total: number) => Promise<void>,
): Promise<ComputedEmployee[]> {
  const { from, to } = monthRange(month);
  const people = await everyonesSheets(deps, ctx, from, to);
  const out: ComputedEmployee[] = [];
  for (const p of people) {
    const sheets = p.sheets();
    out.push({
      userInfo: p.userInfo,
      openRequests: p.openRequests,
      sheets,
      lines: sheets.flatMap((s) => payrollLinesOf(p.userInfo.id, s)),
      totals: sumSheets(sheets),
    });
    if (onEmployee) await onEmployee(out.length, people.length);
  }
  return out;
}
