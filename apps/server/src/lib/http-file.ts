import type { FastifyReply } from 'fastify';

/**
 * Sends bytes as a download: `attachment` with an ASCII file name (and the UTF-8 one), `nosniff`, no caching. Nothing
 * a user uploaded or the app generated is ever rendered inline by the browser.
 */
export function sendFile(reply: FastifyReply, file: { name: string; type: string; body: Buffer }) {
  const ascii = file.name.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
