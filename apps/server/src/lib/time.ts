/** Today's date (YYYY-MM-DD) in an IANA time zone: "today" for a company in Rome is Rome's today, not UTC's. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
