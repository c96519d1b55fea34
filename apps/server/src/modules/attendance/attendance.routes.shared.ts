import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attMsg } from '@timbro/shared';
import { forbidden } from '../../lib/errors';
import { requireWorkspace } from '../../plugins/request-context';

/** The Fastify instance the attendance routes register on (zod type provider). */
export type AttendanceApp = Parameters<FastifyPluginAsyncZod>[0];

/** The user info of the signed-in member; refused when the account has no membership data in this workspace. */
export function ownUserInfo(request: FastifyRequest): string {
  const id = requireWorkspace(request).membership.userInfoId;
  if (!id) throw forbidden(attMsg.noMembership);
  return id;
}
