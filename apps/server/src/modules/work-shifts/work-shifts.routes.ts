import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { feedSettingsRoutes } from './feed/calendar-feed.routes';
import { adminShiftRoutes, memberShiftRoutes } from './shifts/shifts.routes';
import { adminSwapRoutes, memberSwapRoutes } from './swaps/swaps.routes';

export { calendarFeedRoutes } from './feed/calendar-feed.routes';

/**
 * Work shifts and swaps (spec §3, §4; ADR 0022): the admin plans and decides, the member sees and asks. Each sub-slice
 * declares its routes (shifts/, swaps/, feed/); this registers them in the order of the OpenAPI document.
 */
export function workShiftRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    adminShiftRoutes(app, deps);
    adminSwapRoutes(app, deps);
    memberShiftRoutes(app, deps);
    feedSettingsRoutes(app, deps);
    memberSwapRoutes(app, deps);
  };
}
