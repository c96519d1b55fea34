// Makes sure the end-to-end tests have a Chromium (run by `npm run e2e`, hence by `npm test` and CI). Uses the system
// Chromium (scripts/chromium-path.mjs); when there is none and we are root on a machine with apt-get, installs Debian's
// chromium package; otherwise stops and says what to install. Never downloads Playwright's own browsers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_CANDIDATES, CHROMIUM_HINT, findChromium } from './chromium-path.mjs';

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

function find() {
  try {
    return findChromium();
  } catch (error) {
    return fail(error.message);
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, command), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Runs an apt-get command quietly; on failure prints its output and stops. */
function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    fail(`\`apt-get ${args.join(' ')}\` failed${result.error ? ` (${result.error.message})` : ''}. ${CHROMIUM_HINT}`);
  }
}

let chromium = find();
if (!chromium) {
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    console.log(
      "No Chromium found: installing Debian's chromium package for the end-to-end tests (apt-get install chromium)…",
    );
    aptGet(['update', '-qq']);
    aptGet(['install', '-y', '-qq', 'chromium']);
    chromium = find();
    if (!chromium)
      fail(
        `the chromium package is installed but none of ${CHROMIUM_CANDIDATES.join(', ')} is executable. ${CHROMIUM_HINT}`,
      );
  } else {
    fail(
      `no Chromium found (CHROMIUM_PATH is not set; looked at ${CHROMIUM_CANDIDATES.join(', ')}). The end-to-end tests run in the system Chromium and never download a browser. ${CHROMIUM_HINT}`,
    );
  }
}
console.log(`Chromium: ${chromium}`);
