import {
  CopyWeekResponseSchema,
  CopyWeekSchema,
  CreateShiftsResponseSchema,
  IdParamsSchema,
  MemberShiftQuerySchema,
  MyShiftsSchema,
  PlanningQuerySchema,
  PlanningSchema,
  PublishResponseSchema,
  PublishSchema,
  ShiftWarningSchema,
  UpdateShiftResponseSchema,
  WorkShiftCreateSchema,
  WorkShiftDetailSchema,
  WorkShiftUpdateSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { workspaceCtx } from '../../../plugins/request-context';
import { created, routeOptions } from '../../../plugins/route-options';
import * as member from './my-shifts.service';
import * as planningService from './planning.service';
import * as publishing from './publish.service';
import * as service from './shifts.service';

const route = routeOptions(['work-shifts']);

/** The admin's planning: the grid, shifts one by one, checks, publication and the week copy (spec §3, §4; ADR 0022). */
export function adminShiftRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  // The admin's planning ------------------------------------------------------------------------------------
  app.get(
    '/admin/work-shift',
    route('shift:write', {
      summary:
        'The planning grid: a page of employees (group, search) with their shifts of [from, to] (≤ 62 days), approved absences, holidays and the drafts count',
      querystring: PlanningQuerySchema,
      reply: PlanningSchema,
    }),
    async (request) => planningService.planning(deps, workspaceCtx(request), request.query),
  );
  app.post(
    '/admin/work-shift',
    route('shift:write', {
      summary:
        'New draft shifts: a date or a period (≤ 93 days, chosen weekdays), one or many employees, times typed in or from a daily template; answers their rest-rule warnings',
      body: WorkShiftCreateSchema,
      response: { 201: CreateShiftsResponseSchema },
    }),
    async (request, reply) => created(reply, service.createShifts(deps, workspaceCtx(request), request.body)),
  );
  app.post(
    '/admin/work-shift/check',
    route('shift:write', {
      summary: 'The rest-rule warnings the form’s shifts would have; nothing is saved',
      body: WorkShiftCreateSchema,
      reply: z.object({ warnings: z.array(ShiftWarningSchema) }),
    }),
    async (request) => service.previewWarnings(deps, workspaceCtx(request), request.body),
  );
  app.post(
    '/admin/work-shift/publish',
    route('shift:write', {
      summary:
        'Publish the drafts of a period (of a group): never fails as a whole — published N, skipped M with a reason each; warnings need an override note',
      body: PublishSchema,
      reply: PublishResponseSchema,
    }),
    async (request) => publishing.publish(deps, workspaceCtx(request), request.body),
  );
  app.post(
    '/admin/work-shift/copy-week',
    route('shift:write', {
      summary: 'Copy a week’s shifts (Monday `from`) to another week (Monday `to`) as drafts',
      body: CopyWeekSchema,
      reply: CopyWeekResponseSchema,
    }),
    async (request) => publishing.copyWeek(deps, workspaceCtx(request), request.body),
  );
  app.get(
    '/admin/work-shift/:id',
    route('shift:write', {
      summary: 'One shift with its people, warnings and swaps',
      params: IdParamsSchema,
      reply: WorkShiftDetailSchema,
    }),
    async (request) => service.getShift(deps, workspaceCtx(request), request.params.id),
  );
  app.post(
    '/admin/work-shift/:id',
    route('shift:write', {
      summary:
        'Edit a shift: a change of day, times, pause or people rejects its open swaps automatically (same transaction) and tells its people if published',
      params: IdParamsSchema,
      body: WorkShiftUpdateSchema,
      reply: UpdateShiftResponseSchema,
    }),
    async (request) => service.updateShift(deps, workspaceCtx(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/work-shift/:id',
    route('shift:write', {
      summary: 'Delete a shift (its open swaps are rejected automatically)',
      params: IdParamsSchema,
      reply: z.object({ message: z.string(), autoRejected: z.number() }),
    }),
    async (request) => service.deleteShift(deps, workspaceCtx(request), request.params.id),
  );
}

/** The member's own published shifts. */
export function memberShiftRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  // The member --------------------------------------------------------------------------------------------------
  app.get(
    '/member/work-shift',
    route('shift:read:own', {
      summary: 'My published shifts of [from, to] (≤ 62 days), each with my open swap on it, and the holidays',
      querystring: MemberShiftQuerySchema,
      reply: MyShiftsSchema,
    }),
    async (request) => member.myShifts(deps, workspaceCtx(request), request.query),
  );
}
