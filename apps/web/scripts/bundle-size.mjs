// Prints the gzip size of the JavaScript the login route loads first (index.html's entry and its static imports).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const rel of new Set(entries)) {
  total += zlib.gzipSync(fs.readFileSync(path.join(dist, rel.replace(/^\//, '')))).length;
}
const kb = (total / 1024).toFixed(1);
const budget = 250;
console.log(`Initial JS (entry + preloads): ${kb} KB gzip (budget ${budget} KB)`);
if (total / 1024 > budget) {
  console.error(`Initial JS exceeds the ${budget} KB budget`);
  process.exit(1);
}
