import { OFFICE_TYPES } from '../../../shared/contracts/files.ts';

/**
 * A file's type from its first bytes, for the few types we accept. Names and the browser's content type are
 * the uploader's to choose, so they decide nothing: a program renamed `.mp4` or an SVG (which can carry
 * script) is none of these and is refused.
 */
const latin1 = (h: Buffer, start: number, end: number) => h.subarray(start, end).toString('latin1');

/** Programs and markup a browser would run or render: refused whatever they are uploaded as. */
const EXECUTABLE_HEADS = [
  Buffer.from('MZ'), // Windows programs
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]), // ELF
  Buffer.from('#!'), // scripts
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), // Mach-O 64
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]), // Mach-O 32
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]), // Mach-O universal, Java classes
];

// HEIF/AVIF images are ISO boxes too; they are not videos a <video> element plays.
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** MP4: an `ftyp` box first, its size at 0 and its major brand at 8. */
function isMp4(h: Buffer): boolean {
  if (h.length < 12 || latin1(h, 4, 8) !== 'ftyp') return false;
  const boxSize = h.readUInt32BE(0);
  return boxSize >= 8 && !IMAGE_BRANDS.has(latin1(h, 8, 12));
}

/** WebM: an EBML header whose DocType (element 0x4282) is "webm" (Matroska's other files are not). */
function isWebm(h: Buffer): boolean {
  if (h.length < 8 || h.readUInt32BE(0) !== 0x1a45dfa3) return false;
  const header = h.subarray(0, 64);
  const at = header.indexOf(Buffer.from([0x42, 0x82]));
  if (at < 0) return false;
  // The size is an EBML variable-length integer; for "webm" it is one byte, 0x84.
  return header[at + 2] === 0x84 && latin1(header, at + 3, at + 7) === 'webm';
}

const ZIP_ENTRY = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * An Office file is a zip whose entries sit under `word/`, `xl/` or `ppt/`. The names of the first entries are
 * in the head (each local header is followed by its name), so they are read from there; a zip whose head
 * names none of these (a plain archive, or one built to hide something) is not a document.
 */
function officeType(h: Buffer): string | null {
  if (!h.subarray(0, 4).equals(ZIP_ENTRY)) return null;
  const names: string[] = [];
  for (let at = 0; at >= 0 && at + 30 <= h.length; at = h.indexOf(ZIP_ENTRY, at + 4)) {
    const nameLength = h.readUInt16LE(at + 26);
    if (at + 30 + nameLength > h.length) break;
    names.push(latin1(h, at + 30, at + 30 + nameLength));
  }
  const has = (prefix: string) => names.some((n) => n.startsWith(prefix));
  if (names.some((n) => /\.(exe|dll|js|vbs|bat|cmd|scr|jar|html?|svg)$/i.test(n))) return null;
  if (has('word/')) return OFFICE_TYPES.docx;
  if (has('xl/')) return OFFICE_TYPES.xlsx;
  if (has('ppt/')) return OFFICE_TYPES.pptx;
  return null;
}

// Markup a browser would render if it ever got the chance: a "text" file that holds it is refused.
const MARKUP =
  /<(?:!doctype|\?xml|!\[cdata\[|\/?(?:html|head|body|script|svg|iframe|frame|frameset|object|embed|style|link|meta|img|a|form|base|math|template|xml|xsl|applet|video|audio|input|button|details)(?=[\s/>]|$))|\bjavascript:/i;

/**
 * Plain text: valid UTF-8 (a character cut by the end of the head is allowed), no NUL or other control
 * characters but tab, line breaks and form feed, and nothing that looks like HTML, SVG or XML.
 */
function isPlainText(h: Buffer, truncated: boolean): boolean {
  // A character may be cut at the end of a partial head: drop up to three bytes of an unfinished sequence.
  let end = h.length;
  if (truncated) {
    for (let back = 1; back <= 3 && end - back >= 0; back++) {
      const byte = h[end - back]!;
      if ((byte & 0xc0) === 0xc0) {
        end -= back;
        break;
      }
      if ((byte & 0x80) === 0) break;
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(h.subarray(0, end));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  return !MARKUP.test(text);
}

const SIGNATURES: { mime: string; ext: string; test: (head: Buffer, truncated: boolean) => boolean }[] = [
  {
    mime: 'image/png',
    ext: 'png',
    test: (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', ext: 'jpg', test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (h) => ['GIF87a', 'GIF89a'].includes(latin1(h, 0, 6)) },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (h) => latin1(h, 0, 4) === 'RIFF' && latin1(h, 8, 12) === 'WEBP',
  },
  { mime: 'application/pdf', ext: 'pdf', test: (h) => latin1(h, 0, 5) === '%PDF-' },
  { mime: 'video/mp4', ext: 'mp4', test: isMp4 },
  { mime: 'video/webm', ext: 'webm', test: isWebm },
  { mime: OFFICE_TYPES.docx, ext: 'docx', test: (h) => officeType(h) === OFFICE_TYPES.docx },
  { mime: OFFICE_TYPES.xlsx, ext: 'xlsx', test: (h) => officeType(h) === OFFICE_TYPES.xlsx },
  { mime: OFFICE_TYPES.pptx, ext: 'pptx', test: (h) => officeType(h) === OFFICE_TYPES.pptx },
  // Last: anything above that happens to decode as text is what its signature says.
  { mime: 'text/plain', ext: 'txt', test: isPlainText },
];

/**
 * The type of a file whose first bytes are `head`; `truncated` says the file goes on past them (so a
 * multi-byte character may be cut at the end). Null for anything not accepted, executables first.
 */
export function sniffType(head: Buffer, truncated = false): { mime: string; ext: string } | null {
  if (head.length === 0 || EXECUTABLE_HEADS.some((sig) => head.subarray(0, sig.length).equals(sig)))
    return null;
  const found = SIGNATURES.find((s) => s.test(head, truncated));
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** The extension for a type we serve (the download's file name ends with it, whatever it was called). */
export function extensionOf(mime: string): string {
  return SIGNATURES.find((s) => s.mime === mime)?.ext ?? 'bin';
}

/** Types the app shows itself (opened in a tab or on the file-view screen) rather than offers to download. */
export function shownInline(mime: string): boolean {
  return (
    mime.startsWith('image/') ||
    mime.startsWith('video/') ||
    mime === 'application/pdf' ||
    mime === 'text/plain'
  );
}
