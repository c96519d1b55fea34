// The gzip size of the JavaScript the login route needs before it can render: the entry chunk, its static imports,
// and the login page's chunk with its static imports (from Vite's manifest of apps/web/dist, ADR 0007). A lower bound,
// known at build time: what Chromium loads for /signin (every script until the network is quiet, dynamic imports fired
// on load included) is measured and held to the same budget by `e2e/smoke.spec.ts`, in the end-to-end run.
// Without arguments (after `vite build`, hence `npm start`) it only prints the size, with a warning over the budget;
// with --check (`npm run e2e`, hence `npm test` and CI) it fails over the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = 250;
const check = process.argv.includes('--check');

function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/login-page.tsx'));
if (!entryKey || !loginKey) throw new Error('entry or login page not found in the manifest');
const keys = closure(loginKey, closure(entryKey));
let total = 0;
for (const k of keys) total += zlib.gzipSync(fs.readFileSync(path.join(dist, manifest[k].file))).length;
const kb = total / 1024;
const line = `Login route JS by the manifest (entry + login page + their static imports, ${keys.size} chunks; as loaded: e2e/smoke.spec.ts): ${kb.toFixed(1)} KB gzip (budget ${budgetKb} KB)`;
if (kb <= budgetKb) {
  console.log(
    check ? `Login route JS by the manifest ${kb.toFixed(1)} KB gzip: within the ${budgetKb} KB budget` : line,
  );
} else if (check) {
  console.error(`${line}\nThe login route exceeds the ${budgetKb} KB budget (ADR 0007).`);
  process.exit(1);
} else {
  console.warn(
    `${line}\nWarning: the login route exceeds the ${budgetKb} KB budget (ADR 0007); \`npm test\` fails until it is back under.`,
  );
}

// The logged-in pages' chunks stay off the login route: a module of theirs that the entry or the login page imports
// (or that their group takes along as a dependency, vite.config.ts) makes the login page load the whole chunk.
const offRoute = [...keys].filter((k) => /(^|\/)(app-libraries|icons)-[\w-]+\.js$/.test(manifest[k].file));
if (offRoute.length > 0) {
  const why = `The login route loads ${offRoute.map((k) => manifest[k].file).join(', ')}, the logged-in pages' chunk: see loginSharedChunk in vite.config.ts.`;
  if (check) {
    console.error(why);
    process.exit(1);
  }
  console.warn(`Warning: ${why}`);
}

// The logged-in pages' MUI components are one chunk (vite.config.ts, ADR 0007 amendment of 2026-12-01), as far as the
// entry and the login route do not hold them. A barrel import (`from '@mui/material'`) in a file of theirs makes the
// build count every MUI module as theirs, and the chunk empties into dozens again: import by path there.
const libraries = Object.values(manifest).find((c) => /(^|\/)app-libraries-[\w-]+\.js$/.test(c.file));
const librariesKb = libraries ? zlib.gzipSync(fs.readFileSync(path.join(dist, libraries.file))).length / 1024 : 0;
if (librariesKb < 30) {
  const why = `The logged-in pages' MUI chunk (app-libraries) holds ${librariesKb.toFixed(1)} KB gzip (at least 30 expected): a file of the entry or the login route imports '@mui/material' (the barrel); import its components by path.`;
  if (check) {
    console.error(why);
    process.exit(1);
  }
  console.warn(`Warning: ${why}`);
}

// The screens drawn without a data grid do not load MUI's DataGrid (93 KB gzip) before they paint: a shared piece kept
// in the grid's module (the filter panel was, until 2026-12-02) pulls it into each of them (the timesheet's Lighthouse
// score went from 82 to 94 when it left).
const NO_GRID_SCREENS = [
  'features/attendance/timesheet/timesheet-page.tsx',
  'features/attendance/calendar/member-calendar-page.tsx',
  'features/attendance/calendar/admin-calendar-page.tsx',
  'features/work-shifts/planning/planning-page.tsx',
];
for (const screen of NO_GRID_SCREENS) {
  const key = Object.keys(manifest).find((k) => k.endsWith(screen));
  const grid = key && [...closure(key)].find((k) => /localized-data-grid/.test(manifest[k].file));
  if (!key || grid) {
    const why = key
      ? `${screen} loads the data grid (${manifest[grid].file}) with its code: move what it imports from the grid's module out of it.`
      : `${screen} is not in the manifest (renamed? update NO_GRID_SCREENS in scripts/bundle-size.mjs).`;
    if (check) {
      console.error(why);
      process.exit(1);
    }
    console.warn(`Warning: ${why}`);
  }
}
