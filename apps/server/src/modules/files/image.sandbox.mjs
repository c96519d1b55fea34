// An uploaded image decoded and made anew, in a child process limited by lib/sandbox.ts (issue 30, ADR 0019): sharp
// (libvips) reads the header first and refuses an image past `maxPixels` before decoding a pixel; a file that does not
// decode is refused; what decodes is turned upright (EXIF), fitted into `maxSide` × `maxSide`, laid on white (opaque:
// no alpha tricks) and written as a fresh PNG. Only those bytes are ever stored, so nothing the uploader wrote inside
// the file (metadata, extra chunks, a lying header) reaches a PDF renderer or a browser.
import { Refusal, serve } from '../../lib/sandbox-child.mjs';

/**
 * The size a WebP declares, read from its first chunk (VP8 lossy, VP8L lossless, VP8X extended), or null. libvips
 * reserves a frame's memory while it reads a WebP's header, before its pixel limit is checked: under this child's
 * memory limit a 60-byte file declaring 16383 × 16383 failed as "out of memory" instead of "too many pixels".
 */
export function webpSize(b) {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  const d = 20;
  if (chunk === 'VP8 ' && b[d + 3] === 0x9d && b[d + 4] === 0x01 && b[d + 5] === 0x2a)
    return { width: b.readUInt16LE(d + 6) & 0x3fff, height: b.readUInt16LE(d + 8) & 0x3fff };
  if (chunk === 'VP8L' && b[d] === 0x2f) {
    const bits = b.readUInt32LE(d + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(d + 4, 3) + 1, height: b.readUIntLE(d + 7, 3) + 1 };
  return null;
}

serve(async (m, io) => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(1);
  const input = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
  const declared = webpSize(input);
  if (declared && declared.width * declared.height > m.maxPixels)
    throw new Refusal('too-many-pixels', `${declared.width}x${declared.height}`);
  const options = { limitInputPixels: m.maxPixels, failOn: 'warning', animated: false };
  let meta;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    throw new Refusal(/pixel limit/i.test(String(err && err.message)) ? 'too-many-pixels' : 'unreadable', String(err));
  }
  if (!meta.width || !meta.height) throw new Refusal('unreadable', 'no size');
  if (meta.width * meta.height > m.maxPixels) throw new Refusal('too-many-pixels', `${meta.width}x${meta.height}`);
  let out;
  try {
    out = await sharp(input, options)
      .rotate()
      .resize({ width: m.maxSide, height: m.maxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new Refusal(/pixel limit/i.test(String(err && err.message)) ? 'too-many-pixels' : 'unreadable', String(err));
  }
  await io.post({ type: 'image', bytes: out.data, width: out.info.width, height: out.info.height });
});
