import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Sends bytes as a download: `attachment` with an ASCII file name (and the UTF-8 one), `nosniff`, a sandboxing CSP and
 * no caching. Nothing a user uploaded or the app generated is ever rendered inline by the browser. The body is a
 * buffer (generated files) or a stream (stored files, with their known length).
 */
export function sendFile(
  reply: FastifyReply,
  file: { name: string; type: string; body: Buffer | Readable; length?: number },
) {
  const ascii = file.name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  if (file.length !== undefined) reply.header('content-length', String(file.length));
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
