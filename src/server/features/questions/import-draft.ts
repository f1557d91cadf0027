import type { QuestionContent } from '../../../shared/contracts/questions.ts';

/** An image a question carries in its file (Moodle XML's base64 `<file>`), before the file store has seen it. */
export interface DraftImage {
  name: string;
  bytes: Buffer;
}

/**
 * One question read from a file, in our shapes but not yet checked against the bank: the stem is HTML of the
 * rich-text allow-list (src/shared/rich-text.ts) whose images are `IMAGE_TOKEN(name, alt)` until stored.
 */
export interface Draft {
  title: string;
  /** The file's category for it (Moodle category path, GIFT `$CATEGORY:`): its last part names a micro topic. */
  category: string | null;
  stem: string;
  explanation: string;
  content: QuestionContent;
  difficulty: number | null;
  practiceOnly: boolean;
  images: DraftImage[];
  notes: string[];
}

/** A question of the file: read, or refused with the reason. `number` is its place in the file (1 = first). */
export type ParsedQuestion =
  { number: number; title: string; draft: Draft } | { number: number; title: string; reason: string };

/**
 * Said when another system's part marks cannot be kept: our multiple choice is right only with exactly the
 * correct options, which matches Moodle's marks only when the options worth marks add up to 100%.
 */
export const PART_MARKS =
  'Part marks are not kept: choosing exactly the options worth marks is the correct answer.';

/**
 * Where an image of the file stands in a stem until it is stored (then `<img src="/api/files/ID" alt="…">`):
 * its name in the file and its alt text.
 */
export const IMAGE_TOKEN = (name: string, alt = '') =>
  `[[image:${name.replace(/[\]|]/g, '')}|${alt.replace(/[\]|"]/g, '')}]]`;
export const IMAGE_TOKEN_PATTERN = /\[\[image:([^\]|]+)\|([^\]]*)\]\]/g;

/** The last part of a Moodle category path (`$course$/top/Counting` → `Counting`), or null. */
export function categoryTopic(path: string | null): string | null {
  if (!path) return null;
  const last = path
    .split(/(?<!\/)\/(?!\/)/)
    .map((s) => s.replaceAll('//', '/').trim())
    .filter(Boolean)
    .pop();
  return last ?? null;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};
/** HTML entities to characters (the named few Moodle writes, and every numeric one). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

const KEPT = new Set(['p', 'h2', 'h3', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'sub', 'sup', 'code']);
const RENAMED: Record<string, string> = {
  b: 'strong',
  i: 'em',
  h1: 'h2',
  h4: 'h3',
  h5: 'h3',
  h6: 'h3',
  div: 'p',
};

/**
 * Another system's question HTML as our rich text's input: the tags our rich text keeps, bare (b → strong,
 * div → p…); `@@PLUGINFILE@@` images as IMAGE_TOKEN; https links kept; every other tag dropped with its text
 * kept (scripts and styles with theirs). Entities become characters: sanitizeRichText escapes them again.
 */
export function htmlToRichInput(html: string, notes: string[]): string {
  const withoutScripts = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '');
  let out = '';
  let pos = 0;
  const tag = /<(\/?)([a-z][a-z0-9]*)\b([^>]*)>|<!--[\s\S]*?-->/gi;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(withoutScripts))) {
    out += decodeEntities(withoutScripts.slice(pos, m.index));
    pos = m.index + m[0].length;
    if (!m[2]) continue;
    const close = m[1] === '/';
    const lower = m[2].toLowerCase();
    const name = RENAMED[lower] ?? lower;
    if (KEPT.has(name)) {
      out += name === 'br' ? '<br>' : `<${close ? '/' : ''}${name}>`;
    } else if (name === 'img' && !close) {
      const attrs = m[3]!;
      const attr = (key: 'src' | 'alt') =>
        decodeEntities(
          new RegExp(`\\b${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs)?.slice(1).find(Boolean) ??
            '',
        );
      const src = attr('src');
      const plugin = /^@@PLUGINFILE@@\/(.+)$/.exec(src);
      if (plugin) out += IMAGE_TOKEN(decodeURIComponentSafe(plugin[1]!), attr('alt'));
      else notes.push(`An image from elsewhere (${src.slice(0, 80)}) was left out.`);
    } else if (name === 'a') {
      const href = decodeEntities(/\bhref\s*=\s*"([^"]*)"/i.exec(m[3]!)?.[1] ?? '');
      if (close) out += '</a>';
      else out += /^https?:\/\//i.test(href) ? `<a href="${href.replaceAll('"', '%22')}">` : '<a>';
    }
  }
  out += decodeEntities(withoutScripts.slice(pos));
  // An <a> without a kept href is dropped with its closing tag.
  return out.replace(/<a>([\s\S]*?)<\/a>/g, '$1');
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Another system's HTML as plain text (options, answers): tags dropped, entities decoded, spaces collapsed. */
export function htmlToPlain(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
      .replace(/<br\s*\/?>|<\/p>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
