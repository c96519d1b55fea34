/** The IANA zones this runtime knows (its `Intl`), plus `UTC`, which `supportedValuesOf` leaves out. Built on first use. */
let zones: ReadonlySet<string> | null = null;

/** The time zones a workspace may choose: the runtime's canonical IANA names (`Europe/Rome`), and `UTC`. */
export function timeZoneNames(): readonly string[] {
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...zones];
}

/**
 * Whether `s` names an IANA time zone by its canonical name (`Europe/Rome`, `America/New_York`, `UTC`). Aliases and
 * offsets (`Europe/Kiev`, `GMT+1`, `+01:00`) are refused: the workspace stores the one name every runtime agrees on.
 */
export function isValidTimeZone(s: string): boolean {
  if (typeof s !== 'string') return false;
  zones ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return zones.has(s);
}
