import {
  hasPermission,
  CreateUserInputSchema,
  IdParamsSchema,
  ListUsersQuerySchema,
  LookupQuerySchema,
  SearchUnboundQuerySchema,
  UnboundUserListSchema,
  UpdateUserInputSchema,
  UserLookupSchema,
  UserPageSchema,
  UserSchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireWorkspace, workspaceCtx } from '../../plugins/request-context';
import * as access from './users.access.service';
import * as service from './users.service';

const tags = ['users'];

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/user',
      {
        config: { permission: 'user:read' },
        schema: {
          tags,
          summary: 'Employees of the active workspace (paginated, sorted, searchable, filterable)',
          querystring: ListUsersQuerySchema,
          response: { 200: UserPageSchema },
        },
      },
      async (request) => service.listUsers(deps, workspaceCtx(request), request.query),
    );

    app.get(
      '/admin/user/search-unbound',
      {
        config: { permission: 'user:write' },
        schema: {
          tags,
          summary:
            'This workspace’s own records with this fiscal code that are not active members (pending or declined invitations)',
          querystring: SearchUnboundQuerySchema,
          response: { 200: UnboundUserListSchema },
        },
      },
      async (request) =>
        service.searchUnbound(deps, workspaceCtx(request), request.query.fiscal_code, request.query.exclude_ids ?? []),
    );

    app.post(
      '/admin/user',
      {
        config: { permission: 'user:write' },
        schema: {
          tags,
          summary: 'Enrol a person: a new account with a first-login link, or an invitation the account holder accepts',
          body: CreateUserInputSchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => service.createUser(deps, workspaceCtx(request), request.body),
    );

    app.get(
      '/admin/user/:id',
      {
        config: { permission: 'user:read' },
        schema: { tags, summary: 'One employee record', params: IdParamsSchema, response: { 200: UserSchema } },
      },
      async (request) => service.getUser(deps, workspaceCtx(request), request.params.id),
    );

    app.post(
      '/admin/user/:id',
      {
        config: { permission: 'user:write' },
        schema: {
          tags,
          summary: 'Update an employee record',
          params: IdParamsSchema,
          body: UpdateUserInputSchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => service.updateUser(deps, workspaceCtx(request), request.params.id, request.body),
    );

    app.post(
      '/admin/user/:id/resend-invitation',
      {
        config: { permission: 'user:write' },
        schema: {
          tags,
          summary: 'Send a pending invitation again',
          params: IdParamsSchema,
          response: { 200: UserSchema },
        },
      },
      async (request) => access.resendInvitation(deps, workspaceCtx(request), request.params.id),
    );

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/admin/user/:id/${action}`,
        {
          config: { permission: 'user:write' },
          schema: {
            tags,
            summary: enabled
              ? 'Give the person access to the workspace again'
              : 'End the person’s access to the workspace at once',
            params: IdParamsSchema,
            response: { 200: UserSchema },
          },
        },
        async (request) => access.setEnabled(deps, workspaceCtx(request), request.params.id, enabled),
      );
    }

    app.get(
      '/ajax/users',
      {
        config: { permission: 'workspace:read' },
        schema: {
          tags,
          summary: 'Lookup: people of the active workspace',
          querystring: LookupQuerySchema,
          response: { 200: UserLookupSchema },
        },
      },
      async (request) => {
        const ws = requireWorkspace(request);
        // Former staff only for those who may read the employee list; a member sees current colleagues.
        const includeDisabled = (request.query.include_disabled ?? false) && hasPermission(ws.roles, 'user:read');
        return service.lookupUsers(deps, workspaceCtx(request), request.query.search, includeDisabled);
      },
    );
  };
}
