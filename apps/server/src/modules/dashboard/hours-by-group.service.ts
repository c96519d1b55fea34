import {
  dashboardMsg,
  daysInMonth,
  ErrorCode,
  type HoursByGroup,
  type HoursByGroupQuery,
  type IsoDate,
  type SheetTotals,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { todayIn } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import { timesheetAll } from '../attendance';
import { groupMemberships, lookupGroups } from '../groups';

type Figures = HoursByGroup['total'];

const none = (): Figures => ({ people: 0, expected: 0, worked: 0, justified: 0 });

/** One person's figures from their timesheet totals (justified as `timesheetRows` counts it per day). */
const figuresOf = (t: SheetTotals): Figures => ({
  people: 1,
  expected: t.expected,
  worked: t.worked,
  justified: t.covered + t.increase - t.decrease,
});

function addTo(sum: Figures, f: Figures) {
  sum.people += f.people;
  sum.expected += f.expected;
  sum.worked += f.worked;
  sum.justified += f.justified;
}

/** The month to date: the 1st to today for the current month, the whole month for a past one. */
function monthToDate(month: string, today: IsoDate): { from: IsoDate; to: IsoDate } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
  return { from: `${month}-01`, to: last < today ? last : today };
}

/**
 * GET /dashboard/hours-by-group: the month's expected, worked and justified minutes per group, from the timesheet's
 * engine (`timesheetAll` over the month to date, so a group's figures are the sum of its members' timesheet totals).
 * A person in two groups counts in both, people in no group go to `noGroup`, `total` counts everyone once. A fixed
 * number of statements whatever the number of people and groups: the timesheet's (its people and the engine's inputs),
 * the groups and their memberships.
 */
export async function hoursByGroup(deps: AppDeps, ctx: RequestCtx, query: HoursByGroupQuery): Promise<HoursByGroup> {
  const today = todayIn(ctx.timeZone);
  const month = query.month ?? today.slice(0, 7);
  if (`${month}-01` > today)
    throw new AppError(ErrorCode.VALIDATION_FAILED, dashboardMsg.monthInFuture, {
      errors: [{ path: 'month', message: dashboardMsg.monthInFuture }],
    });
  const { from, to } = monthToDate(month, today);
  const [sheet, groups, memberships] = await Promise.all([
    timesheetAll(deps, ctx, { from, to }),
    lookupGroups(deps, ctx),
    groupMemberships(deps, ctx),
  ]);

  const byPerson = new Map(sheet.rows.map((r) => [r.userInfo.id, figuresOf(r.totals)]));
  const byGroup = new Map(groups.map((g) => [g.id, none()]));
  const grouped = new Set<string>();
  for (const { groupId, userInfoId } of memberships) {
    const person = byPerson.get(userInfoId);
    const sum = byGroup.get(groupId);
    // Someone outside the timesheet (an admin or consultant who is not an employee) has no figures.
    if (!person || !sum) continue;
    addTo(sum, person);
    grouped.add(userInfoId);
  }
  const total = none();
  const noGroup = none();
  for (const [id, f] of byPerson) {
    addTo(total, f);
    if (!grouped.has(id)) addTo(noGroup, f);
  }
  return {
    month,
    from,
    to,
    groups: groups.map((g) => ({ id: g.id, name: g.name, ...byGroup.get(g.id)! })),
    noGroup,
    total,
  };
}
