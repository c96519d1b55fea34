/** Today's date (YYYY-MM-DD) in an IANA time zone: "today" for a company in Rome is Rome's today, not UTC's. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** "2026-03-12" → "12/03/2026": how Italian messages, e-mails and exports write a date. */
export function italianDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)}/${isoDate.slice(5, 7)}/${isoDate.slice(0, 4)}`;
}
