import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_MANIFEST } from './manifest';
import { servedByNetwork } from './sw-routes';

const PUBLIC = path.join(import.meta.dirname, '../../../public');

/** Width and height from a PNG's IHDR chunk (bytes 16–23), and whether the file is a PNG at all. */
function pngSize(file: string) {
  const b = fs.readFileSync(file);
  const signature = b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { signature, width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe('the Web App Manifest', () => {
  it('has what Chromium needs to install the app, the theme colour and the start on the clock', () => {
    expect(APP_MANIFEST).toMatchObject({
      name: 'Timbro',
      short_name: 'Timbro',
      start_url: '/',
      scope: '/',
      id: '/',
      display: 'standalone',
      lang: 'it',
      theme_color: '#1A415B',
    });
    expect(APP_MANIFEST).not.toHaveProperty('prefer_related_applications');
  });

  it('declares icons of 192 and 512 px and a maskable 512, each a PNG file of exactly its declared size', () => {
    const declared = APP_MANIFEST.icons.map((i) => `${i.sizes} ${i.purpose}`);
    expect(declared).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of APP_MANIFEST.icons) {
      const size = pngSize(path.join(PUBLIC, icon.src));
      expect(size.signature, icon.src).toBe(true);
      expect(`${size.width}x${size.height}`, icon.src).toBe(icon.sizes);
    }
  });
});

describe('the service worker’s navigation routes', () => {
  it('leaves the API and its documentation to the network, answers every app route with the shell', () => {
    for (const p of ['/api', '/api/', '/api/v1/user', '/api/docs', '/api/v1/admin/timesheet/export.xlsx'])
      expect(servedByNetwork(p), p).toBe(true);
    for (const p of ['/', '/dashboard', '/member/calendar', '/signin', '/apiary', '/admin/api-keys'])
      expect(servedByNetwork(p), p).toBe(false);
  });
});
