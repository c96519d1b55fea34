import { IMPORT_MAX_PAGES } from '@timbro/shared';
import { FairTurns } from '../../../lib/fair-turns';
import { runSandbox, SandboxRefusal, type SandboxLimits, type SandboxMessage } from '../../../lib/sandbox';

export type PdfReadError = 'encrypted' | 'broken' | 'absurd' | 'too-many-pages';

export class PdfReadFailure extends Error {
  override name = 'PdfReadFailure';
  constructor(readonly code: PdfReadError) {
    super(`PDF not readable: ${code}`);
  }
}

/**
 * The limits of one PDF's child process (issue 30): 512 MB of memory, 5 s for any one page (a pay slip's page takes
 * 20–100 ms), and for the whole run 30 s to start and open the file plus half a second a page once its page count is
 * known (a 500-page file takes ~40 s on a 2-core machine), ten minutes at most.
 */
export function pdfLimits(pages = 0): SandboxLimits {
  return { memoryMb: 512, stepMs: 5_000, totalMs: Math.min(30_000 + 500 * pages, 10 * 60_000) };
}

/** What `inspect` (in the child) refuses before pdf.js parses anything. */
export const STRUCTURE_LIMITS = {
  maxPages: IMPORT_MAX_PAGES,
  /** One stream decoded: a pay slip's page content is 5–200 KB; a font program a few hundred KB. */
  maxStream: 16 * 1024 * 1024,
  /** Decoded over encoded, for a stream past 1 MB decoded: text compresses 3–15 times, a zip bomb a thousand. */
  maxRatio: 100,
  /** Every stream decoded together. */
  maxTotal: 256 * 1024 * 1024,
};

/**
 * One page of PDF work at a time in this process, taken in turns between companies (issue 30): a company's import
 * waits for at most one page of another's, whatever their sizes. The child processes run at a lower priority than the
 * server, so the API keeps its core.
 */
export const pdfTurns = new FairTurns(1);

const SCRIPT = new URL('./pdf-pages.sandbox.mjs', import.meta.url);

/**
 * Runs one operation of pdf-pages.sandbox.mjs on `bytes` in a limited child process, one page per turn of `pdfTurns`
 * for `company`, calling `onMessage` for each message until the child is done. Rejects with PdfReadFailure when the
 * child refuses the file, with SandboxLimitError when the file broke a limit.
 */
async function runPdf(
  company: string,
  input: Record<string, unknown>,
  limits: SandboxLimits,
  onMessage: (m: SandboxMessage) => void,
): Promise<void> {
  let release: (() => void) | null = await pdfTurns.acquire(company);
  try {
    await runSandbox(SCRIPT, input, limits, async (m) => {
      release?.();
      release = null;
      onMessage(m);
      if (m.wait) release = await pdfTurns.acquire(company);
    });
  } catch (err) {
    if (err instanceof SandboxRefusal) throw new PdfReadFailure(err.code as PdfReadError);
    throw err;
  } finally {
    (release as (() => void) | null)?.();
  }
}

/**
 * The structure check alone (page objects, decoded stream sizes and ratios), in a limited child process: the upload
 * runs it so that an absurd file is refused at once, in the person's form. Rejects with PdfReadFailure
 * (`absurd`, `too-many-pages`) or SandboxLimitError.
 */
export async function checkPdfStructure(bytes: Uint8Array, company = ''): Promise<void> {
  await runPdf(company, { op: 'inspect', bytes, limits: STRUCTURE_LIMITS }, pdfLimits(), () => undefined);
}

/**
 * The text of every page of a PDF, read in a limited child process (pdf.js) after its structure was checked.
 * `onPage` is called once the file is open (done 0) and as each page is done: the import's progress. Rejects with
 * PdfReadFailure for a password-protected, broken or absurd file, SandboxLimitError past a limit.
 */
export async function readPageTexts(
  bytes: Uint8Array,
  onPage?: (done: number, total: number) => void,
  company = '',
): Promise<string[]> {
  const texts: string[] = [];
  // The run's limits, read by the watchdog at every sample: the file's own once its page count is known.
  const limits = pdfLimits();
  await runPdf(company, { op: 'read', bytes, limits: STRUCTURE_LIMITS }, limits, (m) => {
    if (m.type === 'opened') {
      Object.assign(limits, pdfLimits(m.total as number));
      onPage?.(0, m.total as number);
    } else if (m.type === 'page') {
      texts[(m.page as number) - 1] = m.text as string;
      onPage?.(m.page as number, m.total as number);
    }
  });
  return texts;
}

/**
 * One new PDF per group of (1-based) pages, in the order of the groups, made in a limited child process
 * (@cantoo/pdf-lib). `onSlip` is called as each is made (the publication's progress).
 */
export async function splitPdf(
  bytes: Uint8Array,
  groups: readonly (readonly number[])[],
  onSlip?: (done: number, total: number) => void,
  company = '',
): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  await runPdf(company, { op: 'split', bytes, groups }, pdfLimits(groups.length), (m) => {
    if (m.type !== 'slip') return;
    out[m.index as number] = m.bytes as Uint8Array;
    onSlip?.((m.index as number) + 1, groups.length);
  });
  if (out.length !== groups.length) throw new PdfReadFailure('broken');
  return out;
}
