/** "1.234,56", "1234,56" or "1234.56" → 1234.56; null when it is not an amount with at most two decimals. */
export function parseAmount(raw: string | number): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && Math.round(raw * 100) === raw * 100 ? raw : null;
  let s = raw.trim().replace(/\s/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(s)) s = s.replace(/\./g, '');
  s = s.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  return Number(s);
}
