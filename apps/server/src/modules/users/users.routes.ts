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
import { routeOptions } from '../../plugins/route-options';
import * as access from './users.access.service';
import * as service from './users.service';

const route = routeOptions(['users']);

export function userRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/user',
      route('user:read', {
        summary: 'Employees of the active workspace (paginated, sorted, searchable, filterable)',
        querystring: ListUsersQuerySchema,
        reply: UserPageSchema,
      }),
      async (request) => service.listUsers(deps, workspaceCtx(request), request.query),
    );

    app.get(
      '/admin/user/search-unbound',
      route('user:write', {
        summary:
          'This workspace’s own records with this fiscal code that are not active members (pending or declined invitations)',
        querystring: SearchUnboundQuerySchema,
        reply: UnboundUserListSchema,
      }),
      async (request) =>
        service.searchUnbound(deps, workspaceCtx(request), request.query.fiscal_code, request.query.exclude_ids ?? []),
    );

    app.post(
      '/admin/user',
      route('user:write', {
        summary: 'Enrol a person: a new account with a first-login link, or an invitation the account holder accepts',
        body: CreateUserInputSchema,
        reply: UserSchema,
      }),
      async (request) => service.createUser(deps, workspaceCtx(request), request.body),
    );

    app.get(
      '/admin/user/:id',
      route('user:read', {
        summary: 'One employee record',
        params: IdParamsSchema,
        reply: UserSchema,
      }),
      async (request) => service.getUser(deps, workspaceCtx(request), request.params.id),
    );

    app.post(
      '/admin/user/:id',
      route('user:write', {
        summary: 'Update an employee record',
        params: IdParamsSchema,
        body: UpdateUserInputSchema,
        reply: UserSchema,
      }),
      async (request) => service.updateUser(deps, workspaceCtx(request), request.params.id, request.body),
    );

    app.post(
      '/admin/user/:id/resend-invitation',
      route('user:write', {
        summary: 'Send a pending invitation again',
        params: IdParamsSchema,
        reply: UserSchema,
      }),
      async (request) => access.resendInvitation(deps, workspaceCtx(request), request.params.id),
    );

    for (const [action, enabled] of [
      ['enable', true],
      ['disable', false],
    ] as const) {
      app.post(
        `/admin/user/:id/${action}`,
        route('user:write', {
          summary: enabled
            ? 'Give the person access to the workspace again'
            : 'End the person’s access to the workspace at once',
          params: IdParamsSchema,
          reply: UserSchema,
        }),
        async (request) => access.setEnabled(deps, workspaceCtx(request), request.params.id, enabled),
      );
    }

    app.get(
      '/ajax/users',
      route('workspace:read', {
        summary: 'Lookup: people of the active workspace',
        querystring: LookupQuerySchema,
        reply: UserLookupSchema,
      }),
      async (request) => {
        const ws = requireWorkspace(request);
        // Former staff only for those who may read the employee list; a member sees current colleagues.
        const includeDisabled = (request.query.include_disabled ?? false) && hasPermission(ws.roles, 'user:read');
        return service.lookupUsers(deps, workspaceCtx(request), request.query.search, includeDisabled);
      },
    );
  };
}
