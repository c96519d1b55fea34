// Where the system Chromium is: CHROMIUM_PATH, else the usual Debian/Ubuntu paths. Shared by scripts/ensure-chromium.mjs
// (run by `npm run e2e`) and apps/web/playwright.config.ts, so both use the same executable. No browser is downloaded.
import fs from 'node:fs';

/** The paths tried, in order, when CHROMIUM_PATH is not set. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** What to do when no Chromium is found. */
export const CHROMIUM_HINT =
  "Install Debian's chromium package (`sudo apt-get install chromium`), or set CHROMIUM_PATH to a Chromium or Chrome executable.";

function isExecutableFile(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * The Chromium executable to use, or null when none of the usual paths has one. Throws when CHROMIUM_PATH is set but
 * is not an executable file (a typo must not silently fall back to another browser).
 */
export function findChromium(env = process.env) {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutableFile(fromEnv)) return fromEnv;
    throw new Error(
      `CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file. Point it to a Chromium or Chrome executable, or unset it to use the system Chromium.`,
    );
  }
  return CHROMIUM_CANDIDATES.find(isExecutableFile) ?? null;
}
