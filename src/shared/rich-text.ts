/**
 * Rich text for question stems and explanations, one rule for both sides: the server stores what
 * sanitizeRichText returns, and the editor's preview shows the same, so what an author sees is what is kept.
 * Plain string work, no DOM: it runs in Node and in the browser alike.
 *
 * The editor (src/client/components/rich-text-editor) is configured to produce only what is let back in here;
 * the server sanitises whatever it is sent all the same.
 */

/** The only tags let back in bare: no attributes at all, so no event handlers, styles or classes. */
export const RICH_TEXT_TAGS = [
  'p',
  // Section headings of a lecture (h1 is the screen's own title).
  'h2',
  'h3',
  'br',
  'strong',
  'em',
  'u',
  'ul',
  'ol',
  'li',
  'sub',
  'sup',
  'code',
] as const;
const BARE_TAG = new RegExp(`&lt;(/?)(${RICH_TEXT_TAGS.join('|')})\\s*/?&gt;`, 'gi');

/**
 * Two tags come back with attributes, each rebuilt from scratch in one fixed form:
 * - `<img src="/api/files/ID" alt="…">`: only our own uploaded files. Images from anywhere else (even https)
 *   stay text: a remote image tells its host who read the question and when (a tracker), breaks offline, and
 *   the Content-Security-Policy (img-src 'self') would block it anyway.
 * - `<a href="https://…" rel="noopener noreferrer nofollow" target="_blank">`: http(s) and mailto links only,
 *   opened in a new tab so a quiz is never navigated away from. The scheme is checked on the literal text, so
 *   `javascript:` (however encoded: an entity cannot come before the literal `https://`) stays text.
 */
const ATTRS = '((?:\\s+[a-z-]+=&quot;(?:(?!&quot;)[^<>])*?&quot;)*)';
const IMG_TAG = new RegExp(`&lt;img${ATTRS}\\s*/?&gt;`, 'gi');
const A_OPEN = new RegExp(`&lt;a${ATTRS}\\s*&gt;`, 'gi');
const A_CLOSE = /&lt;\/a\s*&gt;/gi;
const ATTR = /([a-z-]+)=&quot;((?:(?!&quot;)[^<>])*?)&quot;/gi;
/**
 * Every tag that may come back, in one pass from left to right: a tag is rebuilt only where it starts outside
 * another tag, so `</a>` or `<p>` written inside an attribute value stays the escaped text it is.
 */
const TOKEN = new RegExp(`${IMG_TAG.source}|${A_OPEN.source}|${A_CLOSE.source}|${BARE_TAG.source}`, 'gi');

/** The one image source rich text may use: a file uploaded to us (contracts/files.ts FILE_URL_PATTERN). */
export const RICH_TEXT_IMAGE_SRC = /^\/api\/files\/[1-9]\d{0,9}$/;
const LINK_HREF = /^(https?:\/\/[^\s/]|mailto:[^\s])\S{0,2000}$/i;
export const LINK_REL = 'noopener noreferrer nofollow';

function attrsOf(text: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const [, name, value] of text.matchAll(ATTR)) attrs.set(name!.toLowerCase(), value!);
  return attrs;
}

/** Everything is escaped, then only allow-listed tags come back, in one fixed form. */
export function sanitizeRichText(input: string): string {
  // An entity that is already escaped stays as it is, so sanitising twice changes nothing.
  const escaped = input
    .replace(/&(?!(amp|lt|gt|quot|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return escaped.replace(TOKEN, (m, imgAttrs?: string, aAttrs?: string, slash?: string, tag?: string) => {
    if (imgAttrs !== undefined) {
      const attrs = attrsOf(imgAttrs);
      const src = attrs.get('src') ?? '';
      if (!RICH_TEXT_IMAGE_SRC.test(src)) return m;
      const alt = attrs.get('alt');
      return alt ? `<img src="${src}" alt="${alt}">` : `<img src="${src}" alt="">`;
    }
    if (aAttrs !== undefined) {
      const href = attrsOf(aAttrs).get('href') ?? '';
      if (!LINK_HREF.test(href)) return m;
      return `<a href="${href}" rel="${LINK_REL}" target="_blank">`;
    }
    if (tag !== undefined) return `<${slash ?? ''}${tag.toLowerCase()}>`;
    return '</a>';
  });
}

/** Plain text of sanitised rich text, on one line (CSV export, search, lists). */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br>/g, ' ')
    .replace(/<\/?(p|li)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}
