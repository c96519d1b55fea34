/** The paths tried, in order, when CHROMIUM_PATH is not set. */
export declare const CHROMIUM_CANDIDATES: readonly string[];
/** What to do when no Chromium is found. */
export declare const CHROMIUM_HINT: string;
/** The Chromium executable to use, or null; throws when CHROMIUM_PATH is set but not an executable file. */
export declare function findChromium(env?: Record<string, string | undefined>): string | null;
