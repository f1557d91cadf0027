import type { Question } from '../../../shared/contracts/questions.ts';
import {
  choiceContent,
  matchingContent,
  shortAnswerContent,
  trueFalseContent,
  unsupported,
  type Built,
} from './import-build.ts';
import { htmlToPlain, htmlToRichInput, PART_MARKS, type ParsedQuestion } from './import-draft.ts';
import { categoryPath, questionTitle } from './moodle-xml-export.ts';

/**
 * GIFT (https://docs.moodle.org/en/GIFT_format): multiple choice with one or more right answers (`~%50%`),
 * true/false, short answer and matching. Difficulty and practice-only travel in a comment line just before a
 * question (`// pathbuilder: difficulty=3 practice-only`), which Moodle ignores.
 */

// The escaped special characters stand as private-use characters while the structure is read.
const ESCAPES: Record<string, string> = {
  '\\\\': '\uE006',
  '\\~': '\uE000',
  '\\=': '\uE001',
  '\\#': '\uE002',
  '\\{': '\uE003',
  '\\}': '\uE004',
  '\\:': '\uE005',
  '\\n': '\n',
};
const UNESCAPED: Record<string, string> = {
  '\uE006': '\\',
  '\uE000': '~',
  '\uE001': '=',
  '\uE002': '#',
  '\uE003': '{',
  '\uE004': '}',
  '\uE005': ':',
};
const hide = (s: string) => s.replace(/\\[\\~=#{}:n]/g, (e) => ESCAPES[e]!);
const restore = (s: string) => s.replace(/[\uE000-\uE006]/g, (c) => UNESCAPED[c]!);

type Format = 'html' | 'markdown' | 'plain' | 'moodle';

function stemOf(text: string, format: Format, notes: string[]): string {
  const t = restore(text).trim();
  if (format === 'html') return htmlToRichInput(t, notes);
  if (format === 'markdown') notes.push('The Markdown text was kept as plain text.');
  return t
    .split(/\r?\n/)
    .map((l) => l.replaceAll('<', '\u2039').replaceAll('>', '\u203a'))
    .join('<br>');
}
const plainOf = (text: string, format: Format) =>
  format === 'html' ? htmlToPlain(restore(text)) : restore(text).replace(/\s+/g, ' ').trim();

interface Answer {
  mark: '=' | '~';
  weight: number | null;
  text: string;
}

function answersIn(block: string): Answer[] {
  return [...block.matchAll(/([=~])\s*(?:%(-?\d+(?:\.\d+)?)%)?([^=~]*)/g)].map((m) => ({
    mark: m[1] as '=' | '~',
    weight: m[2] === undefined ? null : Number(m[2]),
    // An answer's own feedback follows its `#`.
    text: m[3]!.split('#')[0]!.trim(),
  }));
}

function contentOf(block: string, format: Format, notes: string[]): Built {
  const body = block.trim();
  if (!body) return { reason: unsupported('GIFT', 'essay') };
  if (body.startsWith('#')) return { reason: unsupported('GIFT', 'numerical') };
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/is.exec(body);
  if (tf) return trueFalseContent(tf[1]!.toUpperCase().startsWith('T'));
  const answers = answersIn(body);
  if (!answers.length) return { reason: 'The answers could not be read: each starts with = or ~.' };
  if (answers.some((a) => a.text.includes('->'))) {
    const pairs = answers.map((a) => {
      const [left = '', right = ''] = a.text.split('->');
      return { left: plainOf(left, format), right: plainOf(right, format) };
    });
    if (pairs.some((p) => !p.left))
      notes.push('Extra answers without a question (distractors) were left out.');
    return matchingContent(pairs.filter((p) => p.left));
  }
  if (answers.every((a) => a.mark === '=')) {
    if (answers.some((a) => a.weight !== null && a.weight < 100))
      notes.push('Answers worth part marks were left out.');
    return shortAnswerContent(
      answers.filter((a) => a.weight === null || a.weight >= 100).map((a) => plainOf(a.text, format)),
    );
  }
  const correct = (a: Answer) => (a.weight === null ? a.mark === '=' : a.weight > 0);
  const weighted = answers.some((a) => a.weight !== null && a.weight > 0 && a.weight < 100);
  const multiple = weighted || answers.filter(correct).length > 1;
  const marks = answers.filter(correct).reduce((sum, a) => sum + (a.weight ?? 100), 0);
  if (weighted && Math.abs(marks - 100) > 0.1) notes.push(PART_MARKS);
  return choiceContent(
    multiple,
    answers.map((a) => ({ text: plainOf(a.text, format), correct: correct(a) })),
  );
}

/** Every question of a GIFT file, read or refused with its reason. */
export function parseGift(text: string): ParsedQuestion[] {
  const out: ParsedQuestion[] = [];
  let category: string | null = null;
  let meta = '';
  let lines: string[] = [];
  const flush = () => {
    const block = lines.join('\n').trim();
    lines = [];
    const blockMeta = meta;
    meta = '';
    if (block) out.push(parseOne(block, out.length + 1, category, blockMeta));
  };
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('//')) {
      const m = /^\/\/\s*pathbuilder:(.*)$/i.exec(line);
      if (m) meta = m[1]!;
      continue;
    }
    if (/^\$CATEGORY:/i.test(line)) {
      flush();
      category = line.replace(/^\$CATEGORY:/i, '').trim() || null;
      continue;
    }
    if (!line) {
      // A blank line ends a question, but not inside its answers.
      const open = lines.join('\n');
      if (hide(open).split('{').length <= hide(open).split('}').length) flush();
      continue;
    }
    lines.push(raw);
  }
  flush();
  return out;
}

function parseOne(raw: string, number: number, category: string | null, meta: string): ParsedQuestion {
  let text = hide(raw);
  let title = '';
  const titled = /^::([\s\S]*?)::/.exec(text);
  if (titled) {
    title = restore(titled[1]!).trim();
    text = text.slice(titled[0].length);
  }
  // Untitled, a question is known by the start of its text (as Moodle names it).
  title ||= restore(text.replace(/^\s*\[(html|markdown|plain|moodle)\]/i, '').split('{')[0]!)
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60);
  const open = text.indexOf('{');
  const close = text.indexOf('}', open);
  if (open < 0) return { number, title, reason: 'A description (text without answers) is not a question.' };
  if (close < 0) return { number, title, reason: 'The answers have no closing }.' };
  let before = text.slice(0, open);
  const after = text.slice(close + 1).trim();
  let inside = text.slice(open + 1, close);
  let format: Format = 'moodle';
  const marker = /^\s*\[(html|markdown|plain|moodle)\]/i.exec(before);
  if (marker) {
    format = marker[1]!.toLowerCase() as Format;
    before = before.slice(marker[0].length);
  }
  let explanation = '';
  const general = inside.indexOf('####');
  if (general >= 0) {
    explanation = inside.slice(general + 4);
    inside = inside.slice(0, general);
  }
  const notes: string[] = [];
  const built = contentOf(inside, format, notes);
  if ('reason' in built) return { number, title, reason: built.reason };
  // Text after the answers: a "missing word" question, the answers standing in the gap.
  const stemText = after ? `${before.trimEnd()} _____ ${after}` : before;
  const level = /difficulty=([123])/.exec(meta)?.[1];
  return {
    number,
    title,
    draft: {
      title,
      category,
      stem: stemOf(stemText, format, notes),
      explanation: explanation.trim() ? stemOf(explanation, format, notes) : '',
      content: built.content,
      difficulty: level ? Number(level) : null,
      practiceOnly: /practice-only/.test(meta),
      images: [],
      notes,
    },
  };
}

/** Text with GIFT's special characters escaped, on one line. */
export function giftEscape(s: string): string {
  return s.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, ' ');
}

const weight = (n: number) => String(Number(n.toFixed(5)));

function answerBlock(q: Question): string | null {
  const c = q.content;
  switch (c.type) {
    case 'single_choice':
      return c.options
        .map((o) => `\t${c.correct.includes(o.id) ? '=' : '~'}${giftEscape(o.text)}`)
        .join('\n');
    case 'multiple_choice': {
      const share = weight(100 / c.correct.length);
      return c.options
        .map((o) => `\t~%${c.correct.includes(o.id) ? share : '-100'}%${giftEscape(o.text)}`)
        .join('\n');
    }
    case 'true_false':
      return c.correct ? 'TRUE' : 'FALSE';
    case 'short_answer':
      return c.accepted.map((a) => `\t=${giftEscape(a)}`).join('\n');
    case 'matching':
      return c.pairs.map((p) => `\t=${giftEscape(p.left)} -> ${giftEscape(p.right)}`).join('\n');
    case 'ordering':
      return null;
  }
}

const withoutImages = (html: string) => html.replace(/<img [^>]*>/g, '');

/** The questions as GIFT, and the ones GIFT cannot hold (ordering), which are left out and named at the top. */
export function writeGift(questions: Question[]): { text: string; skipped: Question[] } {
  const skipped: Question[] = [];
  const withImages: Question[] = [];
  let body = '';
  let category = '';
  for (const q of questions) {
    const answers = answerBlock(q);
    if (answers === null) {
      skipped.push(q);
      continue;
    }
    if (/<img /.test(q.stem + q.explanation) || q.image_url) withImages.push(q);
    const path = categoryPath(q);
    if (path !== category) {
      category = path;
      body += `$CATEGORY: ${path}\n\n`;
    }
    const explanation = withoutImages(q.explanation);
    const multiline = answers.includes('\n');
    body +=
      `// pathbuilder: difficulty=${q.difficulty}${q.practice_only ? ' practice-only' : ''}\n` +
      `::${giftEscape(questionTitle(q))}::[html]${giftEscape(withoutImages(q.stem))} {` +
      (multiline ? `\n${answers}\n` : answers) +
      (explanation ? `${multiline ? '\t' : ' '}####${giftEscape(explanation)}${multiline ? '\n' : ''}` : '') +
      '}\n\n';
  }
  const head = ['// Pathbuilder question bank export (GIFT format).'];
  if (skipped.length)
    head.push(
      `// Left out, GIFT has no form for ordering questions: ${skipped.map((q) => `#${q.id} “${questionTitle(q)}”`).join('; ')}.`,
    );
  if (withImages.length)
    head.push(
      `// Exported without their images (GIFT cannot carry images): ${withImages.map((q) => `#${q.id}`).join(', ')}.`,
    );
  return { text: `${head.join('\n')}\n\n${body}`, skipped };
}
