/**
 * A file's type from its first bytes, for the few types we accept. Names and the browser's content type are
 * the uploader's to choose, so they decide nothing: a program renamed `.png` or an SVG (which can carry
 * script) is none of these and is refused.
 */
const SIGNATURES: { mime: string; ext: string; test: (head: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', ext: 'jpg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  {
    mime: 'image/gif',
    ext: 'gif',
    test: (h) => ['GIF87a', 'GIF89a'].includes(h.subarray(0, 6).toString('latin1')),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (h) =>
      h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export function sniffType(head: Buffer): { mime: string; ext: string } | null {
  const found = SIGNATURES.find((s) => s.test(head));
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** The extension for a type we serve (the download's file name ends with it, whatever it was called). */
export function extensionOf(mime: string): string {
  return SIGNATURES.find((s) => s.mime === mime)?.ext ?? 'bin';
}
