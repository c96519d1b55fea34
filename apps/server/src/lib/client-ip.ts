import net from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded dotted IPv4 tail converted, a zone id
 * `%eth0` and brackets dropped), or null when `ip` is not IPv6.
 */
export function ipv6Groups(ip: string): number[] | null {
  let s = ip.trim().toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!net.isIPv6(s)) return null;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length > 1 && halves[1] ? halves[1].split(':') : [];
  const zeros = halves.length > 1 ? new Array<string>(8 - head.length - tail.length).fill('0') : [];
  const groups = [...head, ...zeros, ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, also written `::ffff:102:304`). */
function mappedIpv4(groups: number[]): string | null {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return null;
  const [hi, lo] = [groups[6]!, groups[7]!];
  return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
}

/**
 * The per-IP rate-limit key of a client address. An IPv6 host usually owns a whole /64 (and can pick any address
 * in it), so IPv6 clients are counted by their /64: `2001:0DB8:0:1:a:b:c:d` → `2001:db8:0:1::/64`. IPv4 stays as
 * is, an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports) becomes its IPv4. Anything
 * else (not an IP address) is returned unchanged.
 */
export function ipRateKey(ip: string): string {
  const trimmed = ip.trim();
  if (net.isIPv4(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return trimmed;
  const v4 = mappedIpv4(groups);
  if (v4) return v4;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** True for `localhost` (and `*.localhost`), 127.0.0.0/8, `::1` and an IPv4-mapped 127.x address. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  const groups = ipv6Groups(h);
  if (!groups) return false;
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return true;
  return mappedIpv4(groups)?.startsWith('127.') ?? false;
}

/** True when the URL's host is a loopback address (see isLoopbackHost); false for anything unparsable. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
