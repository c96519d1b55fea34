// Prints the gzip size of the JavaScript the login route needs before it can render: the entry chunk, its static
// imports, and the login page's chunk with its static imports (from Vite's manifest). Fails over the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const budgetKb = 250;

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
console.log(`Login route JS (entry + login page + their static imports, ${keys.size} chunks): ${kb.toFixed(1)} KB gzip (budget ${budgetKb} KB)`);
if (kb > budgetKb) {
  console.error(`The login route exceeds the ${budgetKb} KB budget`);
  process.exit(1);
}
