/** "2,17" or "2.17" → 2.17; anything else → NaN. */
export function parseDecimal(text: string): number {
  const v = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : NaN;
}
