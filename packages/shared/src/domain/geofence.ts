/**
 * Inside or outside a work site, from one position read at the punch (issue 32, capture guide §2 L3–L4, §4.6). Pure:
 * the server decides with it and stores only the outcome and two bands, never the coordinates (unless a policy keeps
 * them for a stated time). Distances on the WGS84 mean sphere (haversine): at ≤ 2 km the error against the ellipsoid is
 * below half a metre per hundred.
 */

export const EARTH_RADIUS_M = 6_371_008.8;
export const SITE_RADIUS_MIN_M = 50;
export const SITE_RADIUS_MAX_M = 2_000;
export const SITE_RADIUS_DEFAULT_M = 200;
/** The fix's accuracy counts in the person's favour up to this much (L4). */
export const ACCURACY_MARGIN_MAX_M = 150;
/** A fix less precise than this decides nothing: the outcome is `unknown`. */
export const ACCURACY_UNUSABLE_M = 1_000;
/** A fix older than this when the punch is made is not used (the browser may return a cached one). */
export const FIX_MAX_AGE_MS = 30_000;

export const GEO_OUTCOMES = ['inside', 'outside', 'unknown', 'denied', 'not_requested'] as const;
export type GeoOutcome = (typeof GEO_OUTCOMES)[number];
export const DISTANCE_BANDS = ['lt100', '100to500', '500to2000', 'gt2000'] as const;
export type DistanceBand = (typeof DISTANCE_BANDS)[number];
export const ACCURACY_BANDS = ['lt20', '20to100', '100to1000', 'gt1000'] as const;
export type AccuracyBand = (typeof ACCURACY_BANDS)[number];

export interface GeoPoint {
  latitude: number;
  longitude: number;
}
export interface GeoFix extends GeoPoint {
  accuracy: number;
}
export interface GeoSite extends GeoPoint {
  id: string;
  radius: number;
}
export type FixReading = { kind: 'fix'; fix: GeoFix } | { kind: 'denied' } | { kind: 'unavailable' } | { kind: 'none' };

export interface GeoDecision {
  outcome: GeoOutcome;
  siteId: string | null;
  distanceBand: DistanceBand | null;
  accuracyBand: AccuracyBand | null;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function distanceBand(m: number): DistanceBand {
  if (m < 100) return 'lt100';
  if (m < 500) return '100to500';
  if (m < 2_000) return '500to2000';
  return 'gt2000';
}

export function accuracyBand(m: number): AccuracyBand {
  if (m < 20) return 'lt20';
  if (m < 100) return '20to100';
  if (m <= ACCURACY_UNUSABLE_M) return '100to1000';
  return 'gt1000';
}

/**
 * The outcome for one reading against the person's sites: the nearest site (by distance beyond its radius) decides.
 * Inside when distance − min(accuracy, 150 m) ≤ radius; a fix worse than 1,000 m is `unknown`; no sites → `unknown`.
 */
export function decideGeofence(reading: FixReading, sites: readonly GeoSite[]): GeoDecision {
  const none = { siteId: null, distanceBand: null, accuracyBand: null };
  if (reading.kind === 'none') return { outcome: 'not_requested', ...none };
  if (reading.kind === 'denied') return { outcome: 'denied', ...none };
  if (reading.kind === 'unavailable') return { outcome: 'unknown', ...none };
  const { fix } = reading;
  const acc = accuracyBand(fix.accuracy);
  if (sites.length === 0 || fix.accuracy > ACCURACY_UNUSABLE_M)
    return { outcome: 'unknown', siteId: null, distanceBand: null, accuracyBand: acc };
  let best: { site: GeoSite; d: number } | null = null;
  for (const site of sites) {
    const d = distanceMeters(fix, site);
    if (!best || d - site.radius < best.d - best.site.radius) best = { site, d };
  }
  const { site, d } = best!;
  const inside = d - Math.min(fix.accuracy, ACCURACY_MARGIN_MAX_M) <= site.radius;
  return { outcome: inside ? 'inside' : 'outside', siteId: site.id, distanceBand: distanceBand(d), accuracyBand: acc };
}

/** The point `meters` away from `from` on the initial bearing `bearingDeg` (used by fixtures and the admin's checks). */
export function destinationPoint(from: GeoPoint, meters: number, bearingDeg: number): GeoPoint {
  const δ = meters / EARTH_RADIUS_M;
  const θ = rad(bearingDeg);
  const φ1 = rad(from.latitude);
  const λ1 = rad(from.longitude);
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
  const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
  return { latitude: (φ2 * 180) / Math.PI, longitude: (((λ2 * 180) / Math.PI + 540) % 360) - 180 };
}
