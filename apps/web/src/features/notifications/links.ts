/**
 * A notification's link as a path of this app, or null: only a path from the root (`/member/paycheck`), never an
 * address elsewhere (`https://…`, or `//host` and `/\host`, which browsers read as one).
 */
export function safeLink(link: string | null): string | null {
  return link !== null && /^\/(?![/\\])/.test(link) ? link : null;
}
