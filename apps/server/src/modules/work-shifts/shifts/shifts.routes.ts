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
import * as member from './my-shifts.service';
import * as planningService from './planning.service';
import * as publishing from './publish.service';
import * as service from './shifts.service';

const tags = ['work-shifts'];

/** The admin's planning: the grid, shifts one by one, checks, publication and the week copy (spec §3, §4; ADR 0022). */
export function adminShiftRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  // The admin's planning ------------------------------------------------------------------------------------
  app.get(
    '/admin/work-shift',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary:
          'The planning grid: a page of employees (group, search) with their shifts of [from, to] (≤ 62 days), approved absences, holidays and the drafts count',
        querystring: PlanningQuerySchema,
        response: { 200: PlanningSchema },
      },
    },
    async (request) => planningService.planning(deps, workspaceCtx(request), request.query),
  );
  app.post(
    '/admin/work-shift',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary:
          'New draft shifts: a date or a period (≤ 93 days, chosen weekdays), one or many employees, times typed in or from a daily template; answers their rest-rule warnings',
        body: WorkShiftCreateSchema,
        response: { 201: CreateShiftsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.createShifts(deps, workspaceCtx(request), request.body);
    },
  );
  app.post(
    '/admin/work-shift/check',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary: 'The rest-rule warnings the form’s shifts would have; nothing is saved',
        body: WorkShiftCreateSchema,
        response: { 200: z.object({ warnings: z.array(ShiftWarningSchema) }) },
      },
    },
    async (request) => service.previewWarnings(deps, workspaceCtx(request), request.body),
  );
  app.post(
    '/admin/work-shift/publish',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary:
          'Publish the drafts of a period (of a group): never fails as a whole — published N, skipped M with a reason each; warnings need an override note',
        body: PublishSchema,
        response: { 200: PublishResponseSchema },
      },
    },
    async (request) => publishing.publish(deps, workspaceCtx(request), request.body),
  );
  app.post(
    '/admin/work-shift/copy-week',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary: 'Copy a week’s shifts (Monday `from`) to another week (Monday `to`) as drafts',
        body: CopyWeekSchema,
        response: { 200: CopyWeekResponseSchema },
      },
    },
    async (request) => publishing.copyWeek(deps, workspaceCtx(request), request.body),
  );
  app.get(
    '/admin/work-shift/:id',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary: 'One shift with its people, warnings and swaps',
        params: IdParamsSchema,
        response: { 200: WorkShiftDetailSchema },
      },
    },
    async (request) => service.getShift(deps, workspaceCtx(request), request.params.id),
  );
  app.post(
    '/admin/work-shift/:id',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary:
          'Edit a shift: a change of day, times, pause or people rejects its open swaps automatically (same transaction) and tells its people if published',
        params: IdParamsSchema,
        body: WorkShiftUpdateSchema,
        response: { 200: UpdateShiftResponseSchema },
      },
    },
    async (request) => service.updateShift(deps, workspaceCtx(request), request.params.id, request.body),
  );
  app.delete(
    '/admin/work-shift/:id',
    {
      config: { permission: 'shift:write' },
      schema: {
        tags,
        summary: 'Delete a shift (its open swaps are rejected automatically)',
        params: IdParamsSchema,
        response: { 200: z.object({ message: z.string(), autoRejected: z.number() }) },
      },
    },
    async (request) => service.deleteShift(deps, workspaceCtx(request), request.params.id),
  );
}

/** The member's own published shifts. */
export function memberShiftRoutes(app: Parameters<FastifyPluginAsyncZod>[0], deps: AppDeps) {
  // The member --------------------------------------------------------------------------------------------------
  app.get(
    '/member/work-shift',
    {
      config: { permission: 'shift:read:own' },
      schema: {
        tags,
        summary: 'My published shifts of [from, to] (≤ 62 days), each with my open swap on it, and the holidays',
        querystring: MemberShiftQuerySchema,
        response: { 200: MyShiftsSchema },
      },
    },
    async (request) => member.myShifts(deps, workspaceCtx(request), request.query),
  );
}
