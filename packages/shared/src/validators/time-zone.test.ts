import { describe, expect, it } from 'vitest';
import { isValidTimeZone, timeZoneNames } from './time-zone';

describe('isValidTimeZone', () => {
  it('accepts canonical IANA names and UTC', () => {
    for (const z of ['Europe/Rome', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'])
      expect(isValidTimeZone(z), z).toBe(true);
  });

  it('refuses unknown names, offsets, wrong case and non-strings', () => {
    for (const z of ['', 'Europe/Atlantide', 'europe/rome', 'GMT+1', '+01:00', 'Rome', ' Europe/Rome'])
      expect(isValidTimeZone(z), JSON.stringify(z)).toBe(false);
    expect(isValidTimeZone(1 as unknown as string)).toBe(false);
  });

  it('lists the zones it accepts, UTC first', () => {
    const names = timeZoneNames();
    expect(names[0]).toBe('UTC');
    expect(names).toContain('Europe/Rome');
    expect(names.every(isValidTimeZone)).toBe(true);
  });
});
