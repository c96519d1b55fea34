/**
 * The Web App Manifest (issue 32; served as /manifest.webmanifest by the build, vite.config.ts). What Chromium needs
 * to offer the install: name, start URL and scope, standalone display, icons of 192 and 512 px (and a maskable one for
 * Android's shapes). The icons are committed files in public/icons/ (scripts/make-icons.mjs draws them from the SVGs).
 */
export const APP_MANIFEST = {
  id: '/',
  name: 'Timbro',
  short_name: 'Timbro',
  description: 'Presenze, assenze e turni: timbra dal telefono.',
  lang: 'it',
  dir: 'ltr' as const,
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'any' as const,
  theme_color: '#1A415B',
  background_color: '#FFFFFF',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
