import { z } from 'zod';
import { AdminAnnouncementSchema, MyAnnouncementSchema } from './announcements';
import { JustificationRequestSchema } from './attendance';
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
