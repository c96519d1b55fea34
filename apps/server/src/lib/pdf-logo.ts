/**
 * A company logo in the heading of a generated PDF (pdfkit). The image is opened once per document and drawn on every
 * page that needs it (embedded once). PNG and JPEG only; bytes pdfkit cannot read give no logo rather than no PDF.
 */

/** The part of a pdfkit document this needs (`openImage` is pdfkit's own, missing from its type definitions). */
interface ImageDoc {
  image(src: unknown, x?: number, y?: number, options?: { fit?: [number, number] }): unknown;
}
interface OpenedImage {
  width: number;
  height: number;
}

export interface PdfLogo {
  /** The size it is drawn at: fitted into the box, proportions kept. */
  width: number;
  height: number;
  draw(x: number, y: number): void;
}

export function openLogo(doc: object, bytes: Buffer | null, box: { width: number; height: number }): PdfLogo | null {
  if (!bytes) return null;
  let image: OpenedImage;
  try {
    image = (doc as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
  } catch {
    return null;
  }
  if (!(image.width > 0 && image.height > 0)) return null;
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return {
    width,
    height,
    draw: (x, y) => void (doc as ImageDoc).image(image, x, y, { fit: [width, height] }),
  };
}
