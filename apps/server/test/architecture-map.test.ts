import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The map a newcomer reads (issue 31): docs/ARCHITECTURE.md names every server module, every entry of the server's
 * lib/ and every web feature as they are on disk, so a new folder cannot be added without its line. The checklist of
 * registries a new module touches is in CONTRIBUTING.md.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const map = fs.readFileSync(path.join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8');
const contributing = fs.readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

describe('docs/ARCHITECTURE.md, the map', () => {
  it('names every server module', () => {
    const missing = folders('apps/server/src/modules').filter((m) => !map.includes(`modules/${m}/`));
    expect(missing).toEqual([]);
  });

  it('names every entry of the server’s lib/', () => {
    const entries = fs
      .readdirSync(path.join(ROOT, 'apps/server/src/lib'), { withFileTypes: true })
      .filter((d) => d.isDirectory() || (/\.(ts|mjs)$/.test(d.name) && !/\.test\.ts$/.test(d.name)))
      .map((d) => (d.isDirectory() ? `lib/${d.name}/` : `lib/${d.name}`));
    expect(entries.filter((e) => !map.includes(e))).toEqual([]);
  });

  it('names every web feature', () => {
    const missing = folders('apps/web/src/features').filter((f) => !map.includes(`features/${f}/`));
    expect(missing).toEqual([]);
  });

  it('and CONTRIBUTING.md lists the registries of a new module, on both sides', () => {
    for (const registry of [
      'eslint-rules/module-layers.js',
      'src/app.ts',
      'src/runtime.ts',
      'route-permissions.txt',
      'roles.ts',
      'notifications.ts',
      'uploads.ts',
      'src/lib/query-keys.ts',
      'src/config/paths.ts',
      'src/app/lazy-page.tsx',
      'nav-items.ts',
      'dashboard-widgets.ts',
      'route-walk-list.ts',
    ])
      expect(contributing, registry).toContain(registry);
  });
});
