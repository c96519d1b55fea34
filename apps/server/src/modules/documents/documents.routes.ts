import {
  AdminDocumentPageSchema,
  AdminDocumentSchema,
  DocumentSettingsResponseSchema,
  DocumentSettingsSchema,
  docMsg,
  DocumentPageSchema,
  DocumentSchema,
  IdParamsSchema,
  ListDocumentsQuerySchema,
  MessageResponseSchema,
  MyDocumentsQuerySchema,
} from '@timbro/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { workspaceCtx } from '../../plugins/request-context';
import { confirm, routeOptions } from '../../plugins/route-options';
import * as service from './documents.service';

const route = routeOptions(['documents']);
const multipart = ['multipart/form-data'];
const formNote =
  'multipart/form-data: label, description, expiresAt (YYYY-MM-DD or empty), note, and the file as `file` (PDF, PNG or JPEG, at most 20 MB, read from its content)';

export function documentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/document/settings',
      route('document:read', {
        summary: 'When expiry reminders go: days before each document expires (30, 7 and 0 unless changed)',
        reply: DocumentSettingsResponseSchema,
      }),
      async (request) => service.getSettings(deps, workspaceCtx(request)),
    );
    app.post(
      '/admin/document/settings',
      route('document:write', {
        summary: 'Change the reminder offsets (at most five, 0–365 days); reminders already sent stay sent',
        body: DocumentSettingsSchema,
        reply: DocumentSettingsResponseSchema,
      }),
      async (request) => service.saveSettings(deps, workspaceCtx(request), request.body),
    );
    app.get(
      '/admin/document',
      route('document:read', {
        summary: 'Documents of the whole workspace: filters by employee, expiry status and text; sorted, paged',
        querystring: ListDocumentsQuerySchema,
        reply: AdminDocumentPageSchema,
      }),
      async (request) => service.listDocuments(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/admin/user/:id/document',
      route('document:read', {
        summary: 'Documents of one employee',
        params: IdParamsSchema,
        querystring: ListDocumentsQuerySchema,
        reply: AdminDocumentPageSchema,
      }),
      async (request) => service.listDocuments(deps, workspaceCtx(request), request.query, request.params.id),
    );
    app.post(
      '/admin/user/:id/document',
      route('document:write', {
        summary: `File a document for an employee. ${formNote}`,
        consumes: multipart,
        params: IdParamsSchema,
        reply: AdminDocumentSchema,
      }),
      async (request) => service.createDocument(deps, workspaceCtx(request), request.params.id, request),
    );
    app.get(
      '/admin/document/:id',
      route('document:read', {
        summary: 'A document',
        params: IdParamsSchema,
        reply: AdminDocumentSchema,
      }),
      async (request) => service.getDocument(deps, workspaceCtx(request), request.params.id),
    );
    app.post(
      '/admin/document/:id',
      route('document:write', {
        summary: `Edit a document; a new \`file\` (optional) replaces the old one. ${formNote}`,
        consumes: multipart,
        params: IdParamsSchema,
        reply: AdminDocumentSchema,
      }),
      async (request) => service.updateDocument(deps, workspaceCtx(request), request.params.id, request),
    );
    app.delete(
      '/admin/document/:id',
      route('document:write', {
        summary: 'Delete a document and its file',
        params: IdParamsSchema,
        reply: MessageResponseSchema,
      }),
      async (request) =>
        confirm(docMsg.documentDeleted, service.deleteDocument(deps, workspaceCtx(request), request.params.id)),
    );
    app.get(
      '/admin/document/:id/attachment',
      route('document:read', {
        summary: 'Download the file (the open is logged)',
        params: IdParamsSchema,
      }),
      async (request, reply) => service.adminDownload(deps, workspaceCtx(request), request.params.id, reply),
    );
    app.get(
      '/member/document',
      route('document:read:own', {
        summary: 'My documents not past their expiry, newest first',
        querystring: MyDocumentsQuerySchema,
        reply: DocumentPageSchema,
      }),
      async (request) => service.myDocuments(deps, workspaceCtx(request), request.query),
    );
    app.get(
      '/member/document/:id',
      route('document:read:own', {
        summary: 'One of my documents (not found after its expiry)',
        params: IdParamsSchema,
        reply: DocumentSchema,
      }),
      async (request) => service.myDocument(deps, workspaceCtx(request), request.params.id),
    );
    app.get(
      '/member/document/:id/attachment',
      route('document:read:own', {
        summary: 'Download my document (the first download is recorded as attachmentFirstOpenAt)',
        params: IdParamsSchema,
      }),
      async (request, reply) => service.myDownload(deps, workspaceCtx(request), request.params.id, reply),
    );
  };
}
