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

/**
 * Sends a stored image to be shown inline (a company logo in the header): its sniffed type, `inline`, `nosniff`, the
 * same sandboxing CSP, an ETag from its SHA-256 and private caching for `maxAge` seconds (a stored file's bytes never
 * change: a new logo is a new file with a new id). A request whose `If-None-Match` names the ETag gets a bodiless 304.
 */
export function sendInlineImage(
  reply: FastifyReply,
  file: { type: string; sha256: string; maxAge: number; body: () => Promise<Readable>; length: number },
) {
  const etag = `"${file.sha256}"`;
  reply
    .header('etag', etag)
    .header('cache-control', `private, max-age=${file.maxAge}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
  const wanted = reply.request.headers['if-none-match'];
  if (wanted && wanted.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return file
    .body()
    .then((body) =>
      reply
        .header('content-type', file.type)
        .header('content-length', String(file.length))
        .header('content-disposition', 'inline')
        .send(body),
    );
}
