import { afterAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, initI18n, loadCatalogArea } from './i18n';

describe('a page’s texts asked for during a language switch', () => {
  afterAll(async () => {
    vi.restoreAllMocks();
    await initI18n('it');
  });

  it('arrive in the language switched to, not the one being left', async () => {
    await initI18n('it');
    // The moment that matters: the switch has listed the areas it loads in the new language and is about to apply it
    // when a page asks for its area (the account's language applied while a page opened directly loads its texts).
    let asked: Promise<void> | null = null;
    const apply = i18n.changeLanguage.bind(i18n);
    vi.spyOn(i18n, 'changeLanguage').mockImplementationOnce((...args) => {
      asked = loadCatalogArea('documents');
      return apply(...args);
    });
    await changeLanguage('ar');
    expect(asked).not.toBeNull();
    await asked;
    expect(i18n.language).toBe('ar');
    expect(i18n.t('documents.list.title')).toBe('المستندات');
    // And back: the area follows every later switch.
    await changeLanguage('it');
    expect(i18n.t('documents.list.title')).toBe('Documenti');
  });
});
