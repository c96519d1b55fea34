import http from 'node:http';
import type { BrowserContext, Page } from '@playwright/test';

/** The login route's JavaScript budget, gzip, as Chromium loads it (ADR 0007). */
export const LOGIN_JS_BUDGET_KB = 250;

export interface LoadedScript {
  /** The path the browser asked for (`/assets/…`). */
  path: string;
  /** How Chromium asked for it: `script` (an entry, a static import, a modulepreload, a dynamic import), `worker`… */
  kind: string;
  /** Bytes the server sends to a client accepting only gzip (the precompressed `.gz` copy, or the file when it has none). */
  gzip: number;
  /** The same with brotli accepted (what Chromium itself receives). */
  brotli: number;
  /** The file's own bytes. */
  raw: number;
}

/** The body length the server sends for `url` with this Accept-Encoding, as sent (not decoded). */
function sentBytes(url: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') })
          : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

const SCRIPT_URL = /\.m?js(\?|$)/;

/**
 * Every script Chromium fetches while `open` runs and until the network has been quiet: the entry, its static
 * imports, modulepreloads, the dynamic imports fired on load (texts, routes, pages), workers — whatever asks for them.
 * Each one is then fetched again as a client accepting only gzip, only brotli, and nothing, and its sent bytes counted.
 * The context must be fresh (no cache): a cached script is not asked for.
 */
export async function loadedScripts(
  context: BrowserContext,
  open: (page: Page) => Promise<void>,
): Promise<LoadedScript[]> {
  const seen = new Map<string, string>();
  const onRequest = (request: { url(): string; resourceType(): string }) => {
    const kind = request.resourceType();
    if (kind === 'script' || SCRIPT_URL.test(new URL(request.url()).pathname)) {
      if (!seen.has(request.url())) seen.set(request.url(), kind);
    }
  };
  // Context-wide, so that requests of workers count too.
  context.on('request', onRequest);
  const page = await context.newPage();
  try {
    await open(page);
    // Quiet for 500 ms by Playwright's measure, then until a whole second passes without a new script: what a timer
    // or an idle callback asks for once the page is up (a lazy table, a prefetch) is counted too.
    let before = -1;
    while (before !== seen.size) {
      before = seen.size;
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
    }
  } finally {
    context.off('request', onRequest);
    await page.close();
  }
  const scripts: LoadedScript[] = [];
  for (const [url, kind] of seen) {
    const [gzip, brotli, raw] = await Promise.all([
      sentBytes(url, 'gzip'),
      sentBytes(url, 'br'),
      sentBytes(url, 'identity'),
    ]);
    scripts.push({ path: new URL(url).pathname, kind, gzip: gzip.bytes, brotli: brotli.bytes, raw: raw.bytes });
  }
  return scripts.sort((a, b) => b.gzip - a.gzip);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);

/** A table of the scripts, their sizes and the totals. */
export function scriptsReport(title: string, scripts: LoadedScript[]): string {
  const total = (key: 'gzip' | 'brotli' | 'raw') => scripts.reduce((n, s) => n + s[key], 0);
  return [
    `${title}: ${scripts.length} scripts, ${kb(total('gzip')).trim()} KB gzip, ${kb(total('brotli')).trim()} KB brotli, ${kb(total('raw')).trim()} KB uncompressed (budget ${LOGIN_JS_BUDGET_KB} KB gzip)`,
    '    gzip  brotli     raw  kind    file',
    ...scripts.map((s) => `  ${kb(s.gzip)}  ${kb(s.brotli)}  ${kb(s.raw)}  ${s.kind.padEnd(6)}  ${s.path}`),
  ].join('\n');
}

export const totalGzipKb = (scripts: LoadedScript[]) => scripts.reduce((n, s) => n + s.gzip, 0) / 1024;
