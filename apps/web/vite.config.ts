import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_MANIFEST } from './src/lib/pwa/manifest';
import { defineConfig } from 'vitest/config';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** A module and its static imports, recursively: what must load before it can run. */
function staticClosure(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

const ENTRY = path.join(import.meta.dirname, 'src/main.tsx');
const LOGIN_PAGE = path.join(import.meta.dirname, 'src/features/auth/login-page.tsx');
let loginShared: Set<string> | null = null;

/**
 * The login route's own shared code (MUI inputs, form, validators…) in ONE chunk. Left to automatic splitting, every
 * lazy page that uses a different subset of it (a grid's Select, a form's Alert…) cuts it into more small chunks,
 * and the login route pays for the lost compression (ADR 0007: ≤ 250 KB gzip). The libraries of the entry (React DOM,
 * emotion, notistack…) join it, its own code stays in the entry: a group below that captures a module takes the
 * module's dependencies along (rolldown's `includeDependenciesRecursively`), so MUI's Portal in `app-libraries` took
 * React DOM's index and dayjs with it, and the entry then loaded that whole chunk (81 KB gzip on /signin, 2026-12-07).
 */
function loginSharedChunk(id: string, graph: ModuleGraph): string | null {
  if (!loginShared) {
    const entry = staticClosure(graph, ENTRY);
    const libraries = [...entry].filter((m) => /[\\/]node_modules[\\/]/.test(m));
    loginShared = new Set([
      ...[...staticClosure(graph, LOGIN_PAGE)].filter((m) => m !== LOGIN_PAGE && !entry.has(m)),
      ...libraries,
    ]);
  }
  return loginShared.has(id) ? 'login-shared' : null;
}

/**
 * Every icon the logged-in pages use, in ONE chunk (12 KB gzip). Left to automatic splitting, each icon shared by two
 * lazy pages became a chunk of its own — half a kilobyte each, two dozen of them before the frame could paint, queued
 * six at a time by the browser (HTTP/1.1). Icons of the login route stay where they were.
 */
let entryClosure: Set<string> | null = null;
/** `name` for a module neither the entry nor the login route holds (theirs stay where they are); null otherwise. */
function outsideLoginRoute(id: string, graph: ModuleGraph, name: string): string | null {
  entryClosure ??= staticClosure(graph, ENTRY);
  return entryClosure.has(id) || loginShared?.has(id) ? null : name;
}
function iconsChunk(id: string, graph: ModuleGraph): string | null {
  return /node_modules[\\/]@mui[\\/]icons-material[\\/]/.test(id) ? outsideLoginRoute(id, graph, 'icons') : null;
}

/**
 * The UI libraries of the logged-in pages (MUI's components, dayjs, forms…) in ONE chunk (61.6 KB gzip), as far as
 * the entry and the login route do not already hold them (ADR 0007). Left to automatic splitting, every set of lazy pages sharing a component made a chunk of it: a logged-in page opened directly asked
 * for dozens of files of 1–4 KB, queued six at a time by the browser (HTTP/1.1), before it could paint. The heavy
 * libraries of a few pages (the data grid, the charts, the date pickers, PDF) keep their own chunks.
 */
const APP_LIBRARIES =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@popperjs|react-transition-group|dayjs|react-hook-form|@hookform|clsx|notistack)[\\/]/;
function appLibrariesChunk(id: string, graph: ModuleGraph): string | null {
  return APP_LIBRARIES.test(id) ? outsideLoginRoute(id, graph, 'app-libraries') : null;
}

/**
 * React Router's production build. Its package exports point every condition at `dist/development` (react-router
 * issue #14102, open), so a plain build ships its development warnings and checks to the browser (0.6 KB gzip on the
 * login route, and warnings in the console). `dist/production` is the same API built without them; both entry points
 * are aliased, so that no module gets the other copy (two copies would not share the router's context).
 */
const REACT_ROUTER_DIST = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: path.join(REACT_ROUTER_DIST, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(REACT_ROUTER_DIST, 'dom-export.mjs') },
];

/**
 * The installable app (issue 32, ADR 0030): the Web App Manifest and the service worker of src/sw.ts, built by
 * vite-plugin-pwa in `injectManifest` mode. The precache holds the app shell only — the page, the entry and the
 * login route's shared code, the logged-in pages' libraries and icons, the dashboard, the Italian texts, the Latin
 * fonts (≤ 2 MB, capture guide T12); other hashed assets are cached by the worker the first time a page loads them.
 * Registered after the first paint (lib/pwa/register.ts), so the login route carries none of it.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: APP_MANIFEST,
  injectManifest: {
    globPatterns: [
      'index.html',
      'assets/index-*.js',
      'assets/login-shared-*.{js,css}',
      'assets/app-libraries-*.js',
      'assets/icons-*.js',
      'assets/dashboard*.js',
      'assets/prefetch-dashboard-*.js',
      'assets/pwa-banners-*.js',
      'assets/it-*.js',
      'assets/roboto-latin-{400,500,700}-normal-*.woff2',
      'icons/icon-192.png',
    ],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
    rollupFormat: 'iife',
  },
});

export default defineConfig(({ command }) => {
  // `vite build` is always the production build, whatever NODE_ENV the shell has: `NODE_ENV=development npm start`
  // would otherwise bundle React's development build (331 KB instead of 248 KB gzip on the login route, over the
  // budget of scripts/bundle-size.mjs). Vite reads NODE_ENV after loading this file, so React's entry points,
  // plugin-react and the `process.env.NODE_ENV` define all see production. Vitest runs the config as `serve`.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    plugins: command === 'build' ? [react(), pwa] : [react()],
    resolve: command === 'build' ? { alias: REACT_ROUTER_PRODUCTION } : {},
    server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 900,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: { groups: [{ name: loginSharedChunk }, { name: iconsChunk }, { name: appLibrariesChunk }] },
        },
      },
    },
    test: {
      name: 'web',
      root: import.meta.dirname,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      // fast-react.ts first: React without its per-element owner stacks (see the file).
      setupFiles: ['./src/testing/fast-react.ts', './src/testing/setup.ts'],
      // Files share each worker's module graph (MUI, React, the catalogs load once per worker, not once per file):
      // 190 → 100 s. The setup file resets the DOM, timers, globals and storage after every test.
      isolate: false,
      // Typing a whole form with user-event takes 2–5 s on the 2-core CI machine; 5 s (the default) left no margin.
      testTimeout: 20_000,
    },
  };
});
