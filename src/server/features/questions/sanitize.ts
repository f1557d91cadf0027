const ALLOWED = 'p|br|strong|em|u|ul|ol|li|sub|sup|code';
const BARE_TAG = new RegExp(`&lt;(/?)(${ALLOWED})\\s*/?&gt;`, 'gi');

/**
 * Rich text for stems and explanations: everything is escaped, then only bare allow-listed tags
 * (no attributes at all, so no event handlers, styles or links) are let back in.
 */
export function sanitizeRichText(input: string): string {
  // An entity that is already escaped stays as it is, so sanitising twice changes nothing.
  const escaped = input
    .replace(/&(?!(amp|lt|gt|quot|#\d{1,7}|#x[0-9a-f]{1,6});)/gi, '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
  return escaped.replace(BARE_TAG, (_m, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`);
}

/** Plain text of sanitised rich text (CSV export, search). */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br>/g, '\n')
    .replace(/<\/?(p|li)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();
}
