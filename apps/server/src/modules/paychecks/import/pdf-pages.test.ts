import { describe, expect, it } from 'vitest';
import { pdf } from '../../../../test/upload-corpus';
import { PdfReadFailure, readPageTexts } from './pdf-pages';

describe('readPageTexts (worker thread)', () => {
  it('reads the text of every page in order, reporting each page', async () => {
    const seen: [number, number][] = [];
    const texts = await readPageTexts(
      pdf([['CEDOLINO OTTOBRE 2026', 'ROSSI MARIO'], [], ['RIEPILOGO']]),
      (done, total) => {
        seen.push([done, total]);
      },
    );
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('CEDOLINO OTTOBRE 2026');
    expect(texts[0]).toContain('ROSSI MARIO');
    expect(texts[1]!.trim()).toBe('');
    expect(texts[2]).toContain('RIEPILOGO');
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('a page without a text layer reads as empty', async () => {
    expect((await readPageTexts(pdf([['x']], { noText: true })))[0]!.trim()).toBe('');
  });

  it('a broken file is refused as such', async () => {
    await expect(readPageTexts(Buffer.from('%PDF-1.7\nnot really a pdf'))).rejects.toEqual(
      new PdfReadFailure('broken'),
    );
  });
});
