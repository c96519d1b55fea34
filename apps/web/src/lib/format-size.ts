/** A file size: 980 → "980 byte", 15360 → "15 kB", 3·1024³ → "3 GB", in the user's language. */
export function formatSize(bytes: number, language: string): string {
  const KB = 1024;
  const unit = bytes < KB ? 'byte' : bytes < KB ** 2 ? 'kilobyte' : bytes < KB ** 3 ? 'megabyte' : 'gigabyte';
  const value =
    unit === 'byte'
      ? bytes
      : unit === 'kilobyte'
        ? bytes / KB
        : unit === 'megabyte'
          ? bytes / KB ** 2
          : bytes / KB ** 3;
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
