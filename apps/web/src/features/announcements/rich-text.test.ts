import { describe, expect, it } from 'vitest';
import { normalizeLink } from './link-dialog';
import { cleanHtml, isBlankHtml, plainTextOf } from './rich-text';

describe('the rich text brought to the server’s tags', () => {
  it('turns the editor’s divs into paragraphs and b/i into strong/em, dropping attributes, spans and styles', () => {
    expect(cleanHtml('Primo<div><b>secondo</b> e <i style="color:red">terzo</i></div><div><br></div>')).toBe(
      '<p>Primo</p><p><strong>secondo</strong> e <em>terzo</em></p>',
    );
    expect(cleanHtml('<p class="MsoNormal"><span style="font-size:11pt">Word</span></p>')).toBe('<p>Word</p>');
    expect(cleanHtml('<h1>Titolo</h1><h3>Sezione</h3><h6>Nota</h6>')).toBe(
      '<h2>Titolo</h2><h3>Sezione</h3><h4>Nota</h4>',
    );
  });

  it('keeps lists, quotes, underline and safe links; drops scripts, images and unsafe links', () => {
    expect(cleanHtml('<ul><li>uno</li><li><u>due</u></li></ul><ol><li>tre</li></ol>')).toBe(
      '<ul><li>uno</li><li><u>due</u></li></ul><ol><li>tre</li></ol>',
    );
    expect(cleanHtml('<blockquote>citazione</blockquote>')).toBe('<blockquote>citazione</blockquote>');
    expect(
      cleanHtml(
        '<p><a href="https://timbro.it" target="_blank" rel="noopener">sito</a> <a href="javascript:alert(1)">no</a></p>',
      ),
    ).toBe('<p><a href="https://timbro.it">sito</a> no</p>');
    expect(cleanHtml('<p>a<script>alert(1)</script><img src="x" onerror="y">b</p>')).toBe('<p>ab</p>');
  });

  it('never nests a paragraph in a paragraph; what the server sent comes back the same', () => {
    expect(cleanHtml('<p>fuori<div>dentro</div></p>')).not.toMatch(/<p>[^<]*<p>/);
    const stored =
      '<p>Testo <strong>forte</strong></p><ul><li>uno</li></ul><p><a href="mailto:hr@timbro.it">hr@timbro.it</a></p>';
    expect(cleanHtml(stored)).toBe(stored);
  });

  it('knows an empty editor and reads the text of a content', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p><br></p><p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
    expect(plainTextOf('<h3>Orari</h3><p>Dalle <b>9</b></p><ul><li>lun</li><li>mar</li></ul>')).toBe(
      'Orari Dalle 9 lun mar',
    );
  });

  it('accepts web and e-mail addresses as links, completing them', () => {
    expect(normalizeLink('https://timbro.it/aiuto')).toBe('https://timbro.it/aiuto');
    expect(normalizeLink('www.timbro.it')).toBe('https://www.timbro.it');
    expect(normalizeLink('hr@timbro.it')).toBe('mailto:hr@timbro.it');
    expect(normalizeLink('mailto:hr@timbro.it')).toBe('mailto:hr@timbro.it');
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('non un link')).toBeNull();
    expect(normalizeLink('')).toBeNull();
  });
});
