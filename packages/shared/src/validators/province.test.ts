import { describe, expect, it } from 'vitest';
import { isValidProvince, PROVINCES } from './province';

describe('PROVINCES', () => {
  it('lists the 107 sigle in force until 2025 plus the 4 legacy Sardinian ones', () => {
    expect(PROVINCES).toHaveLength(111);
  });

  it('has unique two-letter uppercase codes and non-empty names and regions', () => {
    const codes = PROVINCES.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const p of PROVINCES) {
      expect(p.code).toMatch(/^[A-Z]{2}$/);
      expect(p.name.length).toBeGreaterThan(0);
      expect(p.region.length).toBeGreaterThan(0);
    }
  });

  it('covers the 20 regions', () => {
    expect(new Set(PROVINCES.map((p) => p.region)).size).toBe(20);
  });

  it('includes the Sardinian sigle, current and legacy', () => {
    const sardegna = PROVINCES.filter((p) => p.region === 'Sardegna')
      .map((p) => p.code)
      .sort();
    expect(sardegna).toEqual(['CA', 'CI', 'NU', 'OG', 'OR', 'OT', 'SS', 'SU', 'VS']);
  });

  it('maps codes to the right names', () => {
    const byCode = new Map(PROVINCES.map((p) => [p.code, p]));
    expect(byCode.get('MI')).toEqual({ code: 'MI', name: 'Milano', region: 'Lombardia' });
    expect(byCode.get('RM')?.name).toBe('Roma');
    expect(byCode.get('BT')?.region).toBe('Puglia');
    expect(byCode.get('AO')?.region).toBe("Valle d'Aosta");
    expect(byCode.get('FC')?.name).toBe('Forlì-Cesena');
  });

  it('does not list EE', () => {
    expect(PROVINCES.some((p) => p.code === 'EE')).toBe(false);
  });
});

describe('isValidProvince', () => {
  it('accepts every listed sigla', () => {
    for (const p of PROVINCES) expect(isValidProvince(p.code), p.code).toBe(true);
  });

  it('accepts the legacy Sardinian sigle and SU', () => {
    for (const code of ['CI', 'VS', 'OG', 'OT', 'SU']) expect(isValidProvince(code)).toBe(true);
  });

  it('accepts EE only when foreign addresses are allowed', () => {
    expect(isValidProvince('EE')).toBe(false);
    expect(isValidProvince('EE', {})).toBe(false);
    expect(isValidProvince('EE', { allowForeign: false })).toBe(false);
    expect(isValidProvince('EE', { allowForeign: true })).toBe(true);
    expect(isValidProvince('MI', { allowForeign: true })).toBe(true);
  });

  it('rejects unknown codes, lowercase and wrong lengths', () => {
    for (const code of ['XX', 'ZZ', 'mi', 'Mi', 'M', 'MIL', '', ' MI', 'M1', 'ee']) {
      expect(isValidProvince(code, { allowForeign: true }), code).toBe(false);
    }
  });
});
