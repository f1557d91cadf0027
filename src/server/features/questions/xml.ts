import { SaxesParser } from 'saxes';

/** One element of a parsed XML document: its name, attributes, text (CDATA included) and child elements. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Why an XML file could not be read, with where (1-based line and column) when the parser knows. */
export class XmlError extends Error {}

/**
 * Parses XML without ever expanding an entity of its own or fetching anything: a document type that
 * declares entities (the "billion laughs", `<!ENTITY xxe SYSTEM "file:///etc/passwd">`) is refused outright,
 * and saxes knows only the five predefined entities and character references, so an undeclared one is an error.
 * Linear in the input: no recursion over the text, and the tree is at most `maxDepth` deep.
 */
export function parseXml(text: string, maxDepth = 32): XmlElement {
  const parser = new SaxesParser({ position: true });
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const fail = (message: string): never => {
    throw new XmlError(`Line ${parser.line}, column ${parser.column}: ${message}`);
  };
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail('The file declares entities (<!ENTITY …>), which are not accepted.');
    if (/\b(SYSTEM|PUBLIC)\b/.test(doctype)) fail('The file refers to an external document type.');
  });
  parser.on('opentag', (tag) => {
    if (stack.length > maxDepth) fail('The elements are nested too deeply.');
    const el: XmlElement = {
      name: tag.name,
      attrs: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])),
      children: [],
      text: '',
    };
    stack.at(-1)!.children.push(el);
    stack.push(el);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (t: string) => {
    stack.at(-1)!.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error) => {
    // saxes words its messages "file:line:column: message"; keep ours the same shape as the rest.
    const m = /^(?:[^:]*:)?(\d+):(\d+): (.*)$/s.exec(error.message);
    throw new XmlError(m ? `Line ${m[1]}, column ${m[2]}: ${m[3]}` : error.message);
  });
  parser.write(text).close();
  if (!root.children.length) throw new XmlError('The file contains no XML element.');
  return root.children[0]!;
}

export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el?.children.find((c) => c.name === name);
export const childrenNamed = (el: XmlElement | undefined, name: string): XmlElement[] =>
  el?.children.filter((c) => c.name === name) ?? [];
/** The text of `<name><text>…</text></name>` (Moodle's way of holding every text), or ''. */
export const textOf = (el: XmlElement | undefined, name?: string): string => {
  const holder = name ? child(el, name) : el;
  return child(holder, 'text')?.text ?? '';
};

export function escapeXml(s: string): string {
  return s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Text in a CDATA section; `]]>` inside it is split across two sections. */
export function cdata(s: string): string {
  return `<![CDATA[${s.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
