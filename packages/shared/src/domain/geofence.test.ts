import { describe, expect, it } from 'vitest';
import {
  decideGeofence,
  destinationPoint,
  distanceMeters,
  type GeoDecision,
  type GeoSite,
  type FixReading,
} from './geofence';

/**
 * The geofence fixture of the capture guide (§4.6, target T6): points around two Italian sites at known distances —
 * the edges at the radius plus the accuracy margin ± 1 m, accuracies from 5 m to 3 km, denial and timeouts — each
 * decided as rule L4 says.
 */

const milano: GeoSite = { id: 'milano', latitude: 45.464_203, longitude: 9.189_982, radius: 200 }; // Piazza del Duomo
const bari: GeoSite = { id: 'bari', latitude: 41.125_784, longitude: 16.862_029, radius: 50 }; // Bari Vecchia
const sites = [milano, bari];
const at = (site: GeoSite, meters: number, bearing: number, accuracy: number): FixReading => ({
  kind: 'fix',
  fix: { ...destinationPoint(site, meters, bearing), accuracy },
});

/** What rule L4 expects at `meters` from the site with this accuracy. */
function expected(site: GeoSite, meters: number, accuracy: number): GeoDecision['outcome'] {
  if (accuracy > 1_000) return 'unknown';
  return meters - Math.min(accuracy, 150) <= site.radius ? 'inside' : 'outside';
}

describe('distanceMeters', () => {
  it('is symmetric, zero on the spot, and agrees with the destination formula to a millimetre up to 2 km', () => {
    expect(distanceMeters(milano, milano)).toBe(0);
    expect(distanceMeters(milano, bari)).toBeCloseTo(distanceMeters(bari, milano), 6);
    for (const m of [1, 50, 199, 200, 201, 999, 2_000])
      for (const bearing of [0, 45, 90, 180, 270, 333])
        expect(Math.abs(distanceMeters(milano, destinationPoint(milano, m, bearing)) - m)).toBeLessThan(0.001);
  });
  it('one degree of latitude is 2πR/360 (111,195 m); one of longitude at 60° N is half of it', () => {
    const degree = (2 * Math.PI * 6_371_008.8) / 360;
    expect(distanceMeters({ latitude: 45, longitude: 9 }, { latitude: 46, longitude: 9 })).toBeCloseTo(degree, 3);
    expect(distanceMeters({ latitude: 60, longitude: 9 }, { latitude: 60, longitude: 9.001 })).toBeCloseTo(
      degree / 2000,
      2,
    );
  });
});

describe('decideGeofence', () => {
  const cases: { site: GeoSite; meters: number; bearing: number; accuracy: number }[] = [];
  for (const site of sites)
    for (const accuracy of [5, 19, 20, 60, 100, 149, 150, 151, 400, 1_000, 1_001, 3_000]) {
      const margin = Math.min(accuracy, 150);
      for (const meters of [0, site.radius / 2, site.radius + margin - 1, site.radius + margin + 1, 1_500, 2_400])
        for (const bearing of [17, 200]) cases.push({ site, meters, bearing, accuracy });
    }

  it(`decides ${cases.length} fixture points as rule L4 says (inside when distance − min(accuracy, 150 m) ≤ radius)`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const wrong = cases.filter(({ site, meters, bearing, accuracy }) => {
      const d = decideGeofence(at(site, meters, bearing, accuracy), sites);
      const want = expected(site, meters, accuracy);
      return d.outcome !== want || (want !== 'unknown' && d.siteId !== site.id);
    });
    expect(wrong).toEqual([]);
  });

  it('stores bands, not places: the distance and accuracy bands at their edges', () => {
    expect(decideGeofence(at(milano, 99, 0, 19), sites)).toEqual({
      outcome: 'inside',
      siteId: 'milano',
      distanceBand: 'lt100',
      accuracyBand: 'lt20',
    });
    expect(decideGeofence(at(milano, 100.5, 0, 20), sites)).toMatchObject({
      distanceBand: '100to500',
      accuracyBand: '20to100',
    });
    expect(decideGeofence(at(milano, 600, 0, 100), sites)).toMatchObject({
      outcome: 'outside',
      distanceBand: '500to2000',
      accuracyBand: '100to1000',
    });
    expect(decideGeofence(at(milano, 2_500, 0, 10), sites)).toMatchObject({
      outcome: 'outside',
      distanceBand: 'gt2000',
    });
  });

  it('the nearest site decides when a person has several', () => {
    const near: GeoSite = { id: 'milano-nord', ...destinationPoint(milano, 900, 0), radius: 100 };
    expect(decideGeofence(at(milano, 850, 0, 10), [milano, near])).toMatchObject({
      outcome: 'inside',
      siteId: 'milano-nord',
    });
    expect(decideGeofence(at(milano, 150, 0, 10), [milano, near])).toMatchObject({
      outcome: 'inside',
      siteId: 'milano',
    });
  });

  it('denied, unavailable, not asked and no sites', () => {
    expect(decideGeofence({ kind: 'denied' }, sites).outcome).toBe('denied');
    expect(decideGeofence({ kind: 'unavailable' }, sites).outcome).toBe('unknown');
    expect(decideGeofence({ kind: 'none' }, sites).outcome).toBe('not_requested');
    expect(decideGeofence(at(milano, 0, 0, 5), [])).toMatchObject({ outcome: 'unknown', siteId: null });
  });
});
