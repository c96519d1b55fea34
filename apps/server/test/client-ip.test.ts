import { describe, expect, it } from 'vitest';
import { ipRateKey, isLoopbackHost, isLoopbackUrl } from '../src/lib/client-ip';

describe('ipRateKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(ipRateKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('turns an IPv4-mapped IPv6 address into its IPv4, in either spelling', () => {
    expect(ipRateKey('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(ipRateKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(ipRateKey('::ffff:102:304')).toBe('1.2.3.4');
    expect(ipRateKey('0:0:0:0:0:ffff:7f00:1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 client by its /64, normalised (expanded, lowercase, no leading zeros)', () => {
    expect(ipRateKey('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(ipRateKey('2001:0DB8:0000:0001:abcd:ef01:2345:6789')).toBe('2001:db8:0:1::/64');
    expect(ipRateKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(ipRateKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(ipRateKey('::1')).toBe('0:0:0:0::/64');
    expect(ipRateKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipRateKey('[2001:db8:a:b::1]')).toBe('2001:db8:a:b::/64');
    // An embedded IPv4 tail that is not a mapped address still belongs to its /64.
    expect(ipRateKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('gives every address of one /64 the same key, and different /64s different keys', () => {
    const keys = new Set(
      ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:abc'].map(ipRateKey),
    );
    expect(keys).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(ipRateKey('2001:db8:1:3::1')).not.toBe(ipRateKey('2001:db8:1:2::1'));
  });

  it('returns anything that is not an IP address unchanged', () => {
    expect(ipRateKey('unknown')).toBe('unknown');
    expect(ipRateKey('')).toBe('');
  });
});

describe('isLoopbackHost / isLoopbackUrl', () => {
  it('recognises localhost, 127.0.0.0/8 and ::1', () => {
    for (const h of [
      'localhost',
      'LOCALHOST',
      'app.localhost',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(h), h).toBe(true);
    }
    for (const h of [
      'example.it',
      'localhost.example.it',
      '128.0.0.1',
      '10.0.0.1',
      '0.0.0.0',
      '::',
      '::2',
      '2001:db8::1',
      '127.0.0.1.nip.io',
    ]) {
      expect(isLoopbackHost(h), h).toBe(false);
    }
  });

  it('reads the host of a URL', () => {
    expect(isLoopbackUrl('http://localhost:3000')).toBe(true);
    expect(isLoopbackUrl('http://127.0.0.1:8080/app')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:3000')).toBe(true);
    expect(isLoopbackUrl('http://[::ffff:127.0.0.1]:3000')).toBe(true);
    expect(isLoopbackUrl('https://timbro.example.it')).toBe(false);
    expect(isLoopbackUrl('http://192.168.1.10:3000')).toBe(false);
    expect(isLoopbackUrl('http://localhost@evil.example.it')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });
});
