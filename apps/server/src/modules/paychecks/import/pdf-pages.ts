import { Worker } from 'node:worker_threads';

export type PdfReadError = 'encrypted' | 'broken';

export class PdfReadFailure extends Error {
  override name = 'PdfReadFailure';
  constructor(readonly code: PdfReadError) {
    super(`PDF not readable: ${code}`);
  }
}

/**
 * The text of every page of a PDF, read in a worker thread (pdf.js) so the API keeps answering while hundreds of
 * pages are read; `onPage` is called as each page is done (the import's progress). Rejects with PdfReadFailure for
 * a password-protected or broken file.
 */
export function readPageTexts(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => void | Promise<void>,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes); // a fresh ArrayBuffer of its own, handed over to the worker
    const worker = new Worker(new URL('./pdf-pages.worker.mjs', import.meta.url), {
      workerData: { bytes: copy.buffer },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    const texts: string[] = [];
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: { type: string; page?: number; total?: number; text?: string; code?: PdfReadError }) => {
      if (m.type === 'page') {
        texts[m.page! - 1] = m.text!;
        void onPage?.(m.page!, m.total!);
      } else if (m.type === 'done') finish(() => resolve(texts));
      else if (m.type === 'error') finish(() => reject(new PdfReadFailure(m.code ?? 'broken')));
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`PDF worker exited with ${code}`))));
  });
}
