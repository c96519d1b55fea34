import { z } from 'zod';
import { AdminAnnouncementSchema, MyAnnouncementSchema } from './announcements';
import { JustificationRequestSchema } from './attendance';
import { MonthSchema } from './month-logs';
import { AccrualBalanceSchema, ContractSchema } from './working-time';
import { PersonRefSchema, ShiftRefSchema, SwapSchema } from './work-shifts';

/**
 * The dashboard in one call (issue 16): the widgets the caller's roles may see, each made by the same query as the list
 * it links to (a count on the dashboard is the total of that list). A widget the role may not see is absent, not
 * empty.
 */

/** How many items a list widget carries (its total says how many there are). */
export const DASHBOARD_LIST_SIZE = 5;
/** "Next holidays": those of the next two months (spec: "none in the next two months"). */
export const NEXT_HOLIDAYS_MONTHS = 2;

const HolidayItemSchema = z.object({ date: z.string(), name: z.string(), icon: z.string().nullable() });

export const DashboardSchema = z.object({
  today: z.string(),
  /** The workspace's time zone (instants such as the clock's `since` are shown in it). */
  timeZone: z.string(),
  welcome: z
    .object({
      firstName: z.string(),
      /** My published shifts starting today. */
      todayShifts: z.array(ShiftRefSchema),
      /** Someone who clocks in (an employee); null for the other roles. */
      clock: z.object({ state: z.enum(['in', 'out']), since: z.string().nullable() }).nullable(),
    })
    .optional(),
  myAccruals: z.object({ date: z.string(), balances: z.array(AccrualBalanceSchema) }).optional(),
  activeEmployees: z.object({ count: z.number() }).optional(),
  /** The contract list's "expiring" filter: ending within 30 days and not followed by a later contract. */
  expiringContracts: z.object({ total: z.number(), items: z.array(ContractSchema) }).optional(),
  nextHolidays: z.object({ from: z.string(), to: z.string(), items: z.array(HolidayItemSchema) }).optional(),
  pendingRequests: z.object({ total: z.number(), items: z.array(JustificationRequestSchema) }).optional(),
  swapRequests: z
    .object({
      /** `admin`: awaiting a decision; `member`: awaiting my reply. */
      scope: z.enum(['admin', 'member']),
      total: z.number(),
      items: z.array(SwapSchema),
    })
    .optional(),
  latestAnnouncements: z
    .object({
      scope: z.enum(['admin', 'member']),
      total: z.number(),
      /** Member: how many are not opened yet; admin: null. */
      unread: z.number().nullable(),
      mine: z.array(MyAnnouncementSchema).optional(),
      sent: z.array(AdminAnnouncementSchema).optional(),
    })
    .optional(),
  nextWeekShifts: z
    .object({
      scope: z.enum(['admin', 'member']),
      from: z.string(),
      to: z.string(),
      people: z.array(PersonRefSchema),
      shifts: z.array(ShiftRefSchema.extend({ userInfoIds: z.array(z.string()), swapped: z.boolean() })),
      absences: z.array(
        z.object({ userInfoId: z.string(), date: z.string(), name: z.string(), wholeDay: z.boolean() }),
      ),
      holidays: z.array(HolidayItemSchema),
    })
    .optional(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** Italian texts of the dashboard's own checks. */
export const dashboardMsg = {
  monthInFuture: 'Il mese scelto non è ancora iniziato: scegli il mese in corso o uno passato',
} as const;

/**
 * GET /dashboard/hours-by-group: the month's figures (the current month in the workspace's time zone when omitted).
 * The month is YYYY-MM within the product's range; a month that has not begun yet is refused by the service (it needs
 * the workspace's today).
 */
export const HoursByGroupQuerySchema = z.object({ month: MonthSchema.optional() });
export type HoursByGroupQuery = z.infer<typeof HoursByGroupQuerySchema>;

/** Minutes of some people over the range, as the timesheet counts them (justified = covered + increase − decrease). */
const GroupHoursSchema = z.object({
  /** How many timesheet rows (members of the workspace) are counted. */
  people: z.number(),
  expected: z.number(),
  worked: z.number(),
  justified: z.number(),
});

/**
 * The chart of expected vs worked vs justified minutes per group: the timesheet's totals of [from, to] (the month to
 * date: the 1st to today for the current month, the whole month for a past one) summed over each group's members.
 * Groups in name order; a person in two groups counts in both; people in no group are `noGroup`; `total` counts
 * everyone once.
 */
export const HoursByGroupSchema = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  groups: z.array(GroupHoursSchema.extend({ id: z.string(), name: z.string() })),
  noGroup: GroupHoursSchema,
  total: GroupHoursSchema,
});
export type HoursByGroup = z.infer<typeof HoursByGroupSchema>;
