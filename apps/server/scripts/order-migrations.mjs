// drizzle-kit writes composite foreign keys before the unique indexes they reference, which PostgreSQL refuses.
// This puts the newest migration (the one just generated) in the order tables → indexes → constraints. Older
// migrations are never touched: they may already be applied somewhere.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../src/db/migrations');
const newest = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .at(-1);
for (const file of newest ? [newest] : []) {
  const full = path.join(dir, file);
  const parts = fs
    .readFileSync(full, 'utf8')
    .split('--> statement-breakpoint\n')
    .map((p) => p.trim())
    .filter(Boolean);
  const rank = (p) =>
    p.startsWith('CREATE TABLE')
      ? 0
      : /^CREATE (UNIQUE )?INDEX/.test(p)
        ? 1
        : p.startsWith('ALTER TABLE') && p.includes('ADD CONSTRAINT')
          ? 2
          : 3;
  if (parts.some((p) => rank(p) === 3)) continue; // hand-written or data migrations keep their order
  const sorted = [...parts].sort((a, b) => rank(a) - rank(b));
  const text = `${sorted.join('--> statement-breakpoint\n')}\n`;
  if (text !== fs.readFileSync(full, 'utf8')) {
    fs.writeFileSync(full, text);
    console.log(`reordered ${file}`);
  }
}
