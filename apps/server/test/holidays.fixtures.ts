import { expect } from 'vitest';
import type { RequestOptions, TestContext } from './helpers';

/** What holidays.routes.test.ts and holidays.calendar.test.ts share: the two reads and what they answer. */

export type HolidayOut = {
  id: string;
  name: string;
  icon: string;
  day: number;
  month: number;
  year: number | null;
  kind: string;
  rule: 'easter' | 'easter_monday' | null;
  fromYear: number | null;
};
export type Occurrence = { id?: string; date: string; name: string; icon: string; recurring: boolean };

/** GET /admin/holiday with `opts` (of `year` when given): expects a 200. */
export async function listHolidays(ctx: TestContext, opts: RequestOptions, year?: number) {
  const res = await ctx.get('/admin/holiday', { ...opts, ...(year ? { query: { year: String(year) } } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HolidayOut[];
}

/** GET /attendance/ajax/holidays from `from` to `to` with `opts` (a session in a workspace): expects a 200. */
export async function holidayOccurrences(ctx: TestContext, opts: RequestOptions, from: string, to: string) {
  const res = await ctx.get('/attendance/ajax/holidays', { ...opts, query: { from, to } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Occurrence[];
}
