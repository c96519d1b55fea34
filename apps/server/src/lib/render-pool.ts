import { apiMsg, ErrorCode } from '@timbro/shared';
import { Worker } from 'node:worker_threads';
import { AppError } from './errors';
import { FairTurns } from './fair-turns';

/**
 * Where the server renders documents from a company's data and files (the PDFs: timesheet, pay-slip delivery report):
 * in worker threads, so that a renderer that throws where nothing catches (pdfkit's PNG decoder throws inside a zlib
 * callback), runs out of heap or never ends fails that one request and never the process (issue 30). Each render has
 * a time limit and a heap limit; a thread that crashed or was stopped is replaced. Two threads at most, taken in turns
 * between companies (lib/fair-turns): one company's exports never queue another's behind more than one render each.
 * The threads load the renderer modules through tsx (TypeScript), once per thread; an idle thread keeps them loaded.
 */

export type RenderFailure = 'crashed' | 'timeout' | 'threw';

export class RenderFailed extends Error {
  override name = 'RenderFailed';
  constructor(
    readonly reason: RenderFailure,
    detail = '',
  ) {
    super(`render ${reason}${detail ? `: ${detail.slice(0, 500)}` : ''}`);
  }
}

const POOL_SIZE = 2;
/** A render's limit (a 500-person timesheet PDF takes well under a second). */
export const RENDER_TIMEOUT_MS = 20_000;
/** The limit for a thread to load tsx and the renderers (about 1.5 s on the 2-core machine). */
const START_TIMEOUT_MS = 60_000;
const HEAP_MB = 256;
const SCRIPT = new URL('./render-pool.worker.mjs', import.meta.url);

const turns = new FairTurns(POOL_SIZE);
const idle: Worker[] = [];
let seq = 0;

function startWorker(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SCRIPT, {
      // Not the parent's flags: the thread registers tsx itself, the same under tsx, vitest or plain Node.js.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    worker.unref();
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new RenderFailed('timeout', 'the render thread did not start'));
    }, START_TIMEOUT_MS);
    const onReady = (m: { ready?: boolean }) => {
      if (!m.ready) return;
      clearTimeout(timer);
      worker.off('message', onReady);
      worker.off('error', onError);
      resolve(worker);
    };
    const onError = (err: Error) => {
      clearTimeout(timer);
      reject(new RenderFailed('crashed', String(err)));
    };
    worker.on('message', onReady);
    worker.once('error', onError);
  });
}

/**
 * Calls the export `name` of the module `module` with `args` (structured-cloned) in a render thread, for `company`, and
 * answers the Buffer it returns; rejects with RenderFailed when the renderer threw, crashed its thread or passed
 * `timeoutMs`.
 */
export async function renderIsolated(
  module: URL,
  name: string,
  args: unknown[],
  company: string,
  timeoutMs = RENDER_TIMEOUT_MS,
): Promise<Buffer> {
  const release = await turns.acquire(company);
  let worker: Worker | null = null;
  try {
    worker = idle.pop() ?? (await startWorker());
    const w = worker;
    return await new Promise<Buffer>((resolve, reject) => {
      const id = ++seq;
      const cleanup = () => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      const lose = (reason: RenderFailure, detail: string) => {
        cleanup();
        worker = null;
        void w.terminate();
        reject(new RenderFailed(reason, detail));
      };
      const timer = setTimeout(() => lose('timeout', `${name} over ${timeoutMs} ms`), timeoutMs);
      const onMessage = (m: { id?: number; ok?: boolean; bytes?: Uint8Array; message?: string }) => {
        if (m.id !== id) return;
        cleanup();
        if (m.ok) resolve(Buffer.from(m.bytes!.buffer, m.bytes!.byteOffset, m.bytes!.byteLength));
        else reject(new RenderFailed('threw', m.message ?? ''));
      };
      const onError = (err: Error) => lose('crashed', String(err && err.stack));
      const onExit = (code: number) => lose('crashed', `the render thread exited (${code})`);
      w.on('message', onMessage);
      w.once('error', onError);
      w.once('exit', onExit);
      w.postMessage({ id, url: module.href, name, args });
    });
  } finally {
    if (worker) idle.push(worker);
    release();
  }
}

/**
 * `renderIsolated` for a request: a render that failed is a 503 with an Italian message (and a warning in the log),
 * the server and every other request untouched.
 */
export async function renderForRequest(
  log: { warn(obj: object, msg: string): void },
  ...call: Parameters<typeof renderIsolated>
): Promise<Buffer> {
  try {
    return await renderIsolated(...call);
  } catch (err) {
    if (!(err instanceof RenderFailed)) throw err;
    log.warn({ err, renderer: call[1] }, 'PDF render failed');
    throw new AppError(
      ErrorCode.UNAVAILABLE,
      err.reason === 'timeout' ? apiMsg.render.pdfTimeout : apiMsg.render.pdfFailed,
    );
  }
}
