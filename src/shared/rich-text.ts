/**
 * Rich text for question stems and explanations, one rule for both sides: the server stores what
 * sanitizeRichText returns, and the editor's preview shows the same, so what an author sees is what is kept.
 * Plain string work, no DOM: it runs in Node and in the browser alike.
 */

/** The only tags let back in, bare: no attributes at all, so no event handlers, styles or links. */
export const RICH_TEXT_TAGS = [
  'p',
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

/** Everything is escaped, then only bare allow-listed tags come back. */
export function sanitizeRichText(input: string): string {
  // An entity that is already escaped stays as it is, so sanitising twice changes nothing.
  const escaped = input
    .replace(/&(?!(amp|lt|gt|quot|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return escaped.replace(BARE_TAG, (_m, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`);
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
