import { Worker } from 'node:worker_threads';

export type PdfReadError = 'encrypted' | 'broken';

export class PdfReadFailure extends Error {
  override name = 'PdfReadFailure';
  constructor(readonly code: PdfReadError) {
    super(`PDF not readable: ${code}`);
  }
}

interface WorkerMessage {
  type: 'opened' | 'page' | 'slip' | 'done' | 'error';
  page?: number;
  total?: number;
  text?: string;
  index?: number;
  bytes?: Uint8Array;
  code?: PdfReadError;
}

/**
 * Runs one operation of pdf-pages.worker.mjs on a copy of `bytes` (handed over to the worker, so the caller keeps
 * its own), calling `onMessage` for each message until `done`; rejects with PdfReadFailure when the worker says the
 * file cannot be read.
 */
function runWorker(
  bytes: Uint8Array,
  data: Record<string, unknown>,
  onMessage: (m: WorkerMessage) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(bytes);
    const worker = new Worker(new URL('./pdf-pages.worker.mjs', import.meta.url), {
      workerData: { ...data, bytes: copy.buffer },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
      // Plain JavaScript: without the parent's loader flags (tsx in development transforms pdf.js's 3 MB for seconds).
      execArgv: [],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (m: WorkerMessage) => {
      if (settled) return;
      if (m.type === 'done') finish(resolve);
      else if (m.type === 'error') finish(() => reject(new PdfReadFailure(m.code ?? 'broken')));
      else {
        try {
          onMessage(m);
        } catch (err) {
          finish(() => reject(err as Error));
        }
      }
    });
    worker.on('error', (err) => finish(() => reject(err)));
    worker.on('exit', (code) => finish(() => reject(new Error(`PDF worker exited with ${code}`))));
  });
}

/**
 * The text of every page of a PDF, read in a worker thread (pdf.js) so the API keeps answering while hundreds of
 * pages are read. `onPage` is called once the file is open (done 0) and as each page is done: the import's progress.
 * Rejects with PdfReadFailure for a password-protected or broken file.
 */
export async function readPageTexts(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => void,
): Promise<string[]> {
  const texts: string[] = [];
  await runWorker(bytes, { op: 'read' }, (m) => {
    if (m.type === 'opened') onPage?.(0, m.total!);
    else if (m.type === 'page') {
      texts[m.page! - 1] = m.text!;
      onPage?.(m.page!, m.total!);
    }
  });
  return texts;
}

/**
 * One new PDF per group of (1-based) pages, in the order of the groups, made in a worker thread (@cantoo/pdf-lib).
 * `onSlip` is called as each is made (the publication's progress).
 */
export async function splitPdf(
  bytes: Uint8Array,
  groups: readonly (readonly number[])[],
  onSlip?: (done: number, total: number) => void,
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  await runWorker(bytes, { op: 'split', groups }, (m) => {
    if (m.type !== 'slip') return;
    out[m.index!] = m.bytes!;
    onSlip?.(m.index! + 1, groups.length);
  });
  if (out.length !== groups.length) throw new PdfReadFailure('broken');
  return out;
}
