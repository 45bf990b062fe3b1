// The app's icons (the web app manifest's and the home screen's), drawn from the brand mark in
// web/public/favicon.svg. Run after changing the mark: node scripts/generate-icons.mjs
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const OUT = resolve(import.meta.dirname, '../web/public/icons');
const BARS = 'M8 22V14M14 22V9M20 22v-6M26 22V11';

/** The favicon's mark: a rounded tile with four bars. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0e7490"/><path d="${BARS}" stroke="#fff" stroke-width="3" stroke-linecap="round"/></svg>`;
/**
 * Maskable: the launcher crops to its own shape, keeping only the centre circle of 80 %. The tile
 * fills the square and the bars shrink into the safe zone.
 */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0e7490"/><g transform="translate(16 16) scale(0.7) translate(-17 -15.5)"><path d="${BARS}" stroke="#fff" stroke-width="3" stroke-linecap="round"/></g></svg>`;

mkdirSync(OUT, { recursive: true });
for (const size of [192, 512]) {
  await sharp(Buffer.from(anyIcon), { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toFile(`${OUT}/icon-${size}.png`);
  await sharp(Buffer.from(maskableIcon), { density: 72 * (size / 32) })
    .resize(size, size)
    .png()
    .toFile(`${OUT}/maskable-${size}.png`);
}
await sharp(Buffer.from(maskableIcon), { density: 72 * (180 / 32) })
  .resize(180, 180)
  .png()
  .toFile(`${OUT}/apple-touch-icon.png`);
