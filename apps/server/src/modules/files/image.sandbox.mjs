// An uploaded image decoded and made anew, in a child process limited by lib/sandbox.ts (issue 30, ADR 0019): sharp
// (libvips) reads the header first and refuses an image past `maxPixels` before decoding a pixel; a file that does not
// decode is refused; what decodes is turned upright (EXIF), fitted into `maxSide` × `maxSide`, laid on white (opaque:
// no alpha tricks) and written as a fresh PNG. Only those bytes are ever stored, so nothing the uploader wrote inside
// the file (metadata, extra chunks, a lying header) reaches a PDF renderer or a browser.
import { Refusal, serve } from '../../lib/sandbox-child.mjs';

serve(async (m, io) => {
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(1);
  const input = Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
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
