import { runSandbox, SandboxLimitError, SandboxRefusal } from '../../lib/sandbox';

/** An uploaded image is refused past this many pixels (decoded, that is 4 MP × 4 bytes = 16 MB). */
export const IMAGE_MAX_PIXELS = 4_000_000;
/** What is stored is at most this many pixels a side. */
export const IMAGE_MAX_SIDE = 1024;

export type ImageRefusal = 'unreadable' | 'too-many-pixels';

export class ImageRefused extends Error {
  override name = 'ImageRefused';
  constructor(readonly reason: ImageRefusal) {
    super(`image refused: ${reason}`);
  }
}

export interface CleanImage {
  /** A fresh opaque PNG, at most IMAGE_MAX_SIDE a side. */
  bytes: Uint8Array;
  width: number;
  height: number;
}

const SCRIPT = new URL('./image.sandbox.mjs', import.meta.url);
/** A logo decodes in well under a second; a hostile one is stopped at these. */
const LIMITS = { memoryMb: 256, stepMs: 10_000, totalMs: 10_000 };

/**
 * Decodes an untrusted image in a limited child process and makes it anew (image.sandbox.mjs): the clean PNG, or
 * ImageRefused when it does not decode, has too many pixels, or broke a limit of the child (a decoder that eats
 * memory or time is the file's fault).
 */
export async function cleanImage(bytes: Uint8Array): Promise<CleanImage> {
  let out: CleanImage | null = null;
  try {
    await runSandbox(SCRIPT, { bytes, maxPixels: IMAGE_MAX_PIXELS, maxSide: IMAGE_MAX_SIDE }, LIMITS, (m) => {
      if (m.type === 'image')
        out = { bytes: m.bytes as Uint8Array, width: m.width as number, height: m.height as number };
    });
  } catch (err) {
    if (err instanceof SandboxRefusal)
      throw new ImageRefused(err.code === 'too-many-pixels' ? 'too-many-pixels' : 'unreadable');
    if (err instanceof SandboxLimitError) throw new ImageRefused('unreadable');
    throw err;
  }
  if (!out) throw new ImageRefused('unreadable');
  return out;
}
