// The app's icons (Web App Manifest, apple-touch-icon) from the two SVGs in public/icons/, as committed PNG files.
// Run by hand after changing an SVG (`node apps/web/scripts/make-icons.mjs`); the build never runs it. sharp comes with
// the server workspace.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.join(import.meta.dirname, '../../server/package.json'));
const sharp = require('sharp');
const dir = path.join(import.meta.dirname, '../public/icons');
const out = [
  ['icon.svg', 192, 'icon-192.png'],
  ['icon.svg', 512, 'icon-512.png'],
  ['icon-maskable.svg', 512, 'icon-maskable-512.png'],
  ['icon-maskable.svg', 180, 'apple-touch-icon.png'],
];
for (const [svg, size, png] of out) {
  await sharp(path.join(dir, svg), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(dir, png));
  console.log(png, size);
}
