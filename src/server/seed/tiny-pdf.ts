/**
 * A very small PDF writer for the demo seed and tests: A4 pages of Helvetica text (a bold title, then
 * paragraphs wrapped to the page and continued on new pages), with a valid cross-reference table. ASCII
 * only: anything else becomes a close ASCII character or '?'.
 */
export interface PdfSection {
  /** A heading in bold. */
  heading?: string;
  /** Paragraphs; a line starting with "- " is a bullet. */
  paragraphs: string[];
}

const PAGE = { width: 595, height: 842, margin: 56 } as const;
const BODY = { size: 11, leading: 15, chars: 88 } as const;
const HEAD = { size: 13, leading: 20 } as const;

const ascii = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e]/g, '?');
const escape = (text: string) => ascii(text).replace(/[\\()]/g, (c) => `\\${c}`);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

type Line = { text: string; font: 'F1' | 'F2'; size: number; leading: number; indent: number };

/** The document as bytes: `title` on the first page, then the sections, paginated. */
export function tinyPdf(title: string, sections: PdfSection[]): Buffer {
  const lines: Line[] = [{ text: title, font: 'F2', size: 18, leading: 30, indent: 0 }];
  for (const section of sections) {
    if (section.heading)
      lines.push({
        text: section.heading,
        font: 'F2',
        size: HEAD.size,
        leading: HEAD.leading + 6,
        indent: 0,
      });
    for (const paragraph of section.paragraphs) {
      const bullet = paragraph.startsWith('- ');
      const wrapped = wrap(bullet ? paragraph.slice(2) : paragraph, BODY.chars - (bullet ? 4 : 0));
      wrapped.forEach((text, i) =>
        lines.push({
          text: bullet && i === 0 ? `- ${text}` : text,
          font: 'F1',
          size: BODY.size,
          leading: BODY.leading,
          indent: bullet ? (i === 0 ? 0 : 9) : 0,
        }),
      );
      lines.push({ text: '', font: 'F1', size: BODY.size, leading: 6, indent: 0 });
    }
  }

  // Lines onto pages, top to bottom.
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const flush = () => {
    const footer = `BT /F1 9 Tf ${PAGE.margin} 30 Td (${escape(title)} - page ${pages.length + 1}) Tj ET`;
    pages.push([...ops, footer].join('\n'));
    ops = [];
    y = PAGE.height - PAGE.margin;
  };
  for (const line of lines) {
    if (y - line.leading < PAGE.margin) flush();
    y -= line.leading;
    if (line.text)
      ops.push(
        `BT /${line.font} ${line.size} Tf ${PAGE.margin + line.indent} ${y} Td (${escape(line.text)}) Tj ET`,
      );
  }
  flush();

  // Objects: 1 catalog, 2 page tree, 3-4 fonts, then a page and its content stream per page.
  const objects: string[] = [];
  const kids = pages.map((_, i) => `${5 + i * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  pages.forEach((content, i) => {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${6 + i * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  });

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
