import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module shared with eslint.config.js (no types)
import { MODULE_LAYERS } from '../../../eslint-rules/module-layers.js';

/**
 * The server modules' graph (ADR 0029, issue 31): every module folder in exactly one layer; no module imports one of
 * a layer above; another module only through its public face (index.ts), which re-exports no repository; and no two
 * modules import each other, in a pair or in a longer cycle (the lint zones let a layer import itself, so only this
 * test catches a pair inside one layer). The figures are printed for docs/ARCHITECTURE.md.
 */

const MODULES = path.resolve(import.meta.dirname, '../src/modules');
const layers = MODULE_LAYERS as { name: string; modules: string[] }[];
const folders = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === '__fixtures__' ? [] : sourceFiles(p);
    return /\.ts$/.test(d.name) && !/\.test\.ts$/.test(d.name) ? [p] : [];
  });
}

/** Module → the modules it imports, each with the specifiers used (from every non-test source file). */
function graph() {
  const edges = new Map<string, Map<string, Set<string>>>();
  for (const m of folders) {
    const out = new Map<string, Set<string>>();
    for (const file of sourceFiles(path.join(MODULES, m))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/\bfrom\s+'(\.[^']+)'/g)) {
        const target = path.relative(MODULES, path.resolve(path.dirname(file), spec!));
        if (target.startsWith('..')) continue;
        const to = target.split(path.sep)[0]!;
        if (to === m) continue;
        if (!out.has(to)) out.set(to, new Set());
        out.get(to)!.add(target.split(path.sep).slice(1).join('/') || 'index');
      }
    }
    edges.set(m, out);
  }
  return edges;
}

describe('the server modules’ graph', () => {
  const edges = graph();
  const rank = new Map(layers.flatMap((l, i) => l.modules.map((m) => [m, i] as const)));

  it('puts every module folder in exactly one layer, and names no folder that is not there', () => {
    const listed = layers.flatMap((l) => l.modules);
    expect([...listed].sort()).toEqual(folders);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('imports only down or across the layers, and through a module’s public face', () => {
    const upward: string[] = [];
    const inside: string[] = [];
    for (const [from, outs] of edges)
      for (const [to, specs] of outs) {
        if (rank.get(to)! > rank.get(from)!) upward.push(`${from} → ${to}`);
        for (const s of specs) if (s !== 'index' && s !== 'index.ts') inside.push(`${from} → ${to}/${s}`);
      }
    expect(upward).toEqual([]);
    expect(inside).toEqual([]);
  });

  it('re-exports no repository from a public face', () => {
    const leaks = folders.filter((m) => {
      const index = path.join(MODULES, m, 'index.ts');
      return fs.existsSync(index) && /from '\.\/[^']*repository'/.test(fs.readFileSync(index, 'utf8'));
    });
    expect(leaks).toEqual([]);
  });

  it('has no pair of modules importing each other and no cycle', () => {
    const reach = (a: string) => {
      const seen = new Set<string>();
      const stack = [a];
      while (stack.length)
        for (const b of edges.get(stack.pop()!)?.keys() ?? [])
          if (!seen.has(b)) {
            seen.add(b);
            stack.push(b);
          }
      return seen;
    };
    const cyclic = folders.filter((m) => reach(m).has(m));
    expect(cyclic).toEqual([]);
    const count = [...edges.values()].reduce((n, o) => n + o.size, 0);
    console.log(`[module graph] ${folders.length} modules, ${count} edges, 0 pairs, 0 cycles, ${layers.length} layers`);
  });
});
