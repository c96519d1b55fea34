import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG_LANGUAGES } from './languages';

const dir = path.join(import.meta.dirname, 'locales');
const load = (lang: string, area?: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, area ?? '', `${lang}.json`), 'utf8')) as Record<string, unknown>;
/** Catalog areas (i18n.ts): folders of locales/ loaded with their screens. */
const AREAS = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v as Record<string, unknown>, key));
    else out[key] = String(v);
  }
  return out;
}

const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();

/** Every key of Italian, no extra ones, translated values and the same placeholders. */
function expectComplete(source: Record<string, string>, target: Record<string, string>, lang: string) {
  expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
  for (const [key, value] of Object.entries(source)) {
    expect(target[key]!.trim().length, `${lang}:${key}`).toBeGreaterThan(0);
    expect(placeholders(target[key]!), `${lang}:${key}`).toEqual(placeholders(value));
  }
  const untranslated = Object.keys(source).filter(
    (k) => target[k] === source[k] && /[a-zà-ù]{4,}\s[a-zà-ù]{3,}/i.test(source[k]!),
  );
  expect(untranslated, `${lang}: sentences identical to Italian`).toEqual([]);
}

const source = flatten(load('it'));

describe('i18n catalogs', () => {
  it('Italian is the source and has content', () => {
    expect(Object.keys(source).length).toBeGreaterThan(100);
    expect(source['errors.page403.title']).toBe('Non autorizzato');
    expect(source['errors.page404.title']).toBe('Pagina non trovata');
    expect(source['validation.passwordsDoNotMatch']).toBe('Le password non corrispondono');
  });

  for (const lang of CATALOG_LANGUAGES.filter((l) => l !== 'it')) {
    it(`${lang} has every key of Italian, no extra ones, translated values and the same placeholders`, () => {
      expectComplete(source, flatten(load(lang)), lang);
    });
  }

  for (const area of AREAS) {
    const areaSource = flatten(load('it', area));
    it(`area ${area}: its own top-level keys, none of the main catalog's`, () => {
      expect(Object.keys(areaSource).length).toBeGreaterThan(50);
      const main = Object.keys(load('it'));
      expect(Object.keys(load('it', area)).filter((k) => main.includes(k))).toEqual([]);
    });
    for (const lang of CATALOG_LANGUAGES.filter((l) => l !== 'it')) {
      it(`area ${area}: ${lang} is complete`, () => {
        expectComplete(areaSource, flatten(load(lang, area)), `${area}/${lang}`);
      });
    }
  }
});
