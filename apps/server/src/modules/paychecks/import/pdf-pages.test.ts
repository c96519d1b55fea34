import { describe, expect, it } from 'vitest';
import { pdf } from '../../../../test/upload-corpus';
import { PdfReadFailure, readPageTexts, splitPdf } from './pdf-pages';

describe('readPageTexts (worker thread)', () => {
  it('reads the text of every page in order, reporting the opening and each page', async () => {
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
      [0, 3],
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

describe('splitPdf (worker thread)', () => {
  it('makes one PDF per group, holding exactly its pages in order', async () => {
    const source = pdf([['PAGINA UNO'], ['PAGINA DUE'], ['PAGINA TRE'], ['PAGINA QUATTRO']]);
    const progress: number[] = [];
    const parts = await splitPdf(source, [[1, 2], [4], [3]], (done) => progress.push(done));
    expect(progress).toEqual([1, 2, 3]);
    expect(parts).toHaveLength(3);
    const texts = await Promise.all(parts.map((p) => readPageTexts(p)));
    expect(texts.map((t) => t.map((s) => s.trim()))).toEqual([
      ['PAGINA UNO', 'PAGINA DUE'],
      ['PAGINA QUATTRO'],
      ['PAGINA TRE'],
    ]);
    for (const p of parts) expect(Buffer.from(p.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('a page outside the file is refused, not silently skipped', async () => {
    await expect(splitPdf(pdf([['A']]), [[1], [2]])).rejects.toEqual(new PdfReadFailure('broken'));
  });
});
