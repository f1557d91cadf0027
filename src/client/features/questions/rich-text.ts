// The sanitiser itself is shared with the server (src/shared/rich-text.ts): the preview shows exactly what
// will be kept. What is here is the editor's own: the stored form back to the typed one, and the toolbar.

/**
 * Stored rich text back to what the author typed. The server escapes every `&`, so editing the stored
 * form directly would turn `&amp;` into `&amp;amp;` on each save.
 */
export function storedToEditable(html: string): string {
  return html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&');
}

export type Edit = { text: string; start: number; end: number };

/** Wraps the selection (or an empty spot for the caret) in a tag pair; the selection stays on the text. */
export function wrapSelection(text: string, start: number, end: number, tag: string): Edit {
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  return {
    text: text.slice(0, start) + open + text.slice(start, end) + close + text.slice(end),
    start: start + open.length,
    end: end + open.length,
  };
}

/** Turns the selected lines into list items (one per non-empty line), or inserts an empty item. */
export function makeList(text: string, start: number, end: number, tag: 'ul' | 'ol' = 'ul'): Edit {
  const lines = text
    .slice(start, end)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const items = (lines.length ? lines : ['']).map((l) => `<li>${l}</li>`).join('\n');
  const block = `<${tag}>\n${items}\n</${tag}>`;
  const caret = lines.length ? start + block.length : start + `<${tag}>\n<li>`.length;
  return {
    text: text.slice(0, start) + block + text.slice(end),
    start: caret,
    end: caret,
  };
}
