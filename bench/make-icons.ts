// Draws the app icons (a rounded square with a white "P") into public/icons/ as PNG files.
// Run once after changing the design: `npx node bench/make-icons.ts`. Pure Node: no image library.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const BRAND = [0x2f, 0x6f, 0x5e] as const; // theme_color of manifest.webmanifest
const WHITE = [0xff, 0xff, 0xff] as const;
const SUPERSAMPLES = 4; // per axis: smooth edges without an anti-aliasing algorithm

type Shape = (x: number, y: number) => boolean; // unit coordinates, 0..1

const roundedSquare =
  (radius: number): Shape =>
  (x, y) => {
    const dx = Math.max(radius - x, x - (1 - radius), 0);
    const dy = Math.max(radius - y, y - (1 - radius), 0);
    return dx * dx + dy * dy <= radius * radius;
  };

/** A "P" centred in the unit square, scaled by `size` (1 fills the square's middle half). */
function letterP(size: number): Shape {
  const bowlRight = (cx: number, cy: number, r: number, x: number, y: number) =>
    x >= cx && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
    x >= x0 && x <= x1 && y >= y0 && y <= y1;
  return (ux, uy) => {
    const x = (ux - 0.5) / size + 0.5;
    const y = (uy - 0.5) / size + 0.5;
    const stem = inRect(x, y, 0.33, 0.22, 0.46, 0.78);
    const bowlOuter = inRect(x, y, 0.33, 0.22, 0.52, 0.58) || bowlRight(0.52, 0.4, 0.18, x, y);
    const bowlHole = inRect(x, y, 0.46, 0.34, 0.52, 0.46) || bowlRight(0.52, 0.4, 0.06, x, y);
    return stem || (bowlOuter && !bowlHole);
  };
}

function render(size: number, background: Shape, letter: Shape): Buffer {
  const rowBytes = size * 4 + 1;
  const raw = Buffer.alloc(rowBytes * size); // each row starts with filter type 0 (none)
  const n = SUPERSAMPLES;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let covered = 0;
      let white = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const x = (px + (sx + 0.5) / n) / size;
          const y = (py + (sy + 0.5) / n) / size;
          if (!background(x, y)) continue;
          covered++;
          if (letter(x, y)) white++;
        }
      }
      const offset = py * rowBytes + 1 + px * 4;
      const mix = covered === 0 ? 0 : white / covered;
      for (let c = 0; c < 3; c++) raw[offset + c] = Math.round(BRAND[c] * (1 - mix) + WHITE[c] * mix);
      raw[offset + 3] = Math.round((covered / (n * n)) * 255);
    }
  }
  return encodePng(size, size, raw);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(width: number, height: number, filteredRows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filteredRows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
mkdirSync(outDir, { recursive: true });
const fullBleed: Shape = () => true;
const icons = [
  { file: 'icon-192.png', size: 192, background: roundedSquare(0.22), letter: letterP(1) },
  { file: 'icon-512.png', size: 512, background: roundedSquare(0.22), letter: letterP(1) },
  // Maskable: launchers crop to their own shape, so fill the square and keep the letter in the safe zone.
  { file: 'icon-maskable-512.png', size: 512, background: fullBleed, letter: letterP(0.75) },
  { file: 'apple-touch-icon-180.png', size: 180, background: fullBleed, letter: letterP(0.85) },
];
for (const icon of icons) {
  writeFileSync(join(outDir, icon.file), render(icon.size, icon.background, icon.letter));
  console.log(`public/icons/${icon.file}`);
}
