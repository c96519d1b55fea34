import type { MemberShiftQuerySchema, MyShifts } from '@timbro/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { forbidden } from '../../../lib/errors';
import type { RequestCtx } from '../../../plugins/request-context';

import { holidaysBetween, toRef } from '../work-shifts.shared';
import * as rosterRepo from './roster.repository';

/** GET /member/work-shift: my published shifts (never a draft, never a colleague's), with my open swap on each. */
export async function myShifts(
  deps: AppDeps,
  ctx: RequestCtx,
  query: z.infer<typeof MemberShiftQuerySchema>,
): Promise<MyShifts> {
  const me = ctx.actor.userInfoId;
  if (!me) throw forbidden();
  const [rows, holidays] = await Promise.all([
    rosterRepo.myShifts(deps.db, ctx.scope, me, query.from, query.to),
    holidaysBetween(deps.db, ctx.scope, query.from, query.to),
  ]);
  return {
    from: query.from,
    to: query.to,
    shifts: rows.map((r) => ({ ...toRef(r.shift), swapped: r.shift.swapped, openSwapId: r.openSwapId })),
    holidays: holidays.map((h) => ({ date: h.date, name: h.name, icon: h.icon ?? null })),
  };
}
