import { crc32 } from 'node:zlib';

/** Sample files for upload tests: the first bytes real files of each type start with, and some padding. */

// A real 1×1 PNG.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** An MP4's start: an `ftyp` box (isom), then an `mdat` box of `size` bytes of padding. */
export function mp4(size = 4096): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'latin1');
  const mdat = Buffer.alloc(8 + size, 0x11);
  mdat.writeUInt32BE(8 + size, 0);
  mdat.write('mdat', 4, 'latin1');
  for (let i = 8; i < mdat.length; i++) mdat[i] = i % 251;
  return Buffer.concat([ftyp, mdat]);
}

/** A WebM's start: the EBML header with DocType "webm", then padding. */
export function webm(size = 1024): Buffer {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85,
    0x81, 0x02,
  ]);
  return Buffer.concat([header, Buffer.alloc(size, 0x42)]);
}

/** A zip with stored (uncompressed) entries: an Office file when the names are under word/, xl/ or ppt/. */
export function zip(entries: Record<string, string>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(Buffer.byteLength(name), 26);
    parts.push(header, Buffer.from(name), data);
  }
  return Buffer.concat(parts);
}

export const DOCX = zip({
  '[Content_Types].xml': '<?xml version="1.0"?><Types></Types>',
  '_rels/.rels': '<?xml version="1.0"?><Relationships></Relationships>',
  'word/document.xml': '<?xml version="1.0"?><w:document></w:document>',
});

export const WINDOWS_EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(300, 0),
]);
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(300, 0)]);
export const HTML = Buffer.from(
  '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
);
