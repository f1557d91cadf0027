import type { Question } from '../../../shared/contracts/questions.ts';
import { richTextToPlain } from '../../../shared/rich-text.ts';
import {
  choiceContent,
  matchingContent,
  orderingContent,
  shortAnswerContent,
  trueFalseContent,
  unsupported,
  type Built,
} from './import-build.ts';
import {
  htmlToPlain,
  htmlToRichInput,
  IMAGE_TOKEN_PATTERN,
  PART_MARKS,
  type DraftImage,
  type ParsedQuestion,
} from './import-draft.ts';
import {
  cdata,
  child,
  childrenNamed,
  escapeXml,
  parseXml,
  textOf,
  XmlError,
  type XmlElement,
} from './xml.ts';

/**
 * Moodle XML (https://docs.moodle.org/en/Moodle_XML_format): multichoice (single and multiple),
 * truefalse, shortanswer, matching, and the ordering plugin's `ordering`. Difficulty and practice-only travel
 * as tags (`difficulty:2`, `practice-only`), which Moodle keeps as question tags.
 */
const TYPE_NAMES: Record<string, string> = {
  essay: 'essay',
  numerical: 'numerical',
  multianswer: 'embedded answers (Cloze)',
  cloze: 'embedded answers (Cloze)',
  calculated: 'calculated',
  calculatedsimple: 'calculated',
  calculatedmulti: 'calculated',
  ddwtos: 'drag and drop into text',
  ddimageortext: 'drag and drop onto image',
  ddmarker: 'drag and drop markers',
  gapselect: 'select missing words',
  randomsamatch: 'random short-answer matching',
  random: 'random',
};

function plainOf(el: XmlElement | undefined): string {
  const format = el?.attrs.format ?? 'html';
  const text = textOf(el);
  return format === 'plain_text' ? text.replace(/\s+/g, ' ').trim() : htmlToPlain(text);
}

function richOf(el: XmlElement | undefined, notes: string[]): string {
  const format = el?.attrs.format ?? 'html';
  const text = textOf(el);
  if (format === 'html') return htmlToRichInput(text, notes);
  if (format === 'markdown') notes.push('The Markdown text was kept as plain text.');
  // Plain and "Moodle auto-format" texts: their lines become lines.
  return text
    .trim()
    .split(/\r?\n/)
    .map((l) => l.replaceAll('<', '\u2039').replaceAll('>', '\u203a'))
    .join('<br>');
}

function filesOf(...els: Array<XmlElement | undefined>): DraftImage[] {
  return els.flatMap((el) =>
    childrenNamed(el, 'file')
      .filter((f) => (f.attrs.encoding ?? 'base64') === 'base64')
      .map((f) => ({ name: f.attrs.name ?? '', bytes: Buffer.from(f.text.replace(/\s+/g, ''), 'base64') })),
  );
}

const hasImage = (el: XmlElement | undefined) => /<img\b/i.test(textOf(el));
const fraction = (a: XmlElement) => Number(a.attrs.fraction ?? 0);

function content(q: XmlElement, type: string, notes: string[]): Built {
  const answers = childrenNamed(q, 'answer');
  if (answers.some(hasImage)) return { reason: 'Images in answers are not supported.' };
  switch (type) {
    case 'multichoice': {
      const single = ['true', '1'].includes((child(q, 'single')?.text ?? 'true').trim().toLowerCase());
      const marks = answers.filter((a) => fraction(a) > 0).reduce((sum, a) => sum + fraction(a), 0);
      if (!single && Math.abs(marks - 100) > 0.1) notes.push(PART_MARKS);
      return choiceContent(
        !single,
        answers.map((a) => ({ text: plainOf(a), correct: single ? fraction(a) >= 100 : fraction(a) > 0 })),
      );
    }
    case 'truefalse': {
      const right = answers.find((a) => fraction(a) >= 100);
      const word = right ? plainOf(right).toLowerCase() : '';
      return trueFalseContent(word === 'true' ? true : word === 'false' ? false : null);
    }
    case 'shortanswer': {
      if ((child(q, 'usecase')?.text ?? '0').trim() === '1')
        notes.push('Moodle matched these answers case-sensitively; here answers match ignoring case.');
      if (answers.some((a) => fraction(a) > 0 && fraction(a) < 100))
        notes.push('Answers worth part marks were left out.');
      const accepted = answers.filter((a) => fraction(a) >= 100).map(plainOf);
      if (accepted.some((a) => a.includes('*')))
        notes.push('Moodle’s * wildcard is not supported: an answer with * must be typed as it is.');
      return shortAnswerContent(accepted);
    }
    case 'matching': {
      const subs = childrenNamed(q, 'subquestion');
      if (subs.some(hasImage)) return { reason: 'Images in matching items are not supported.' };
      const pairs = subs.map((s) => ({ left: plainOf(s), right: plainOf(child(s, 'answer')) }));
      if (pairs.some((p) => !p.left))
        notes.push('Extra answers without a question (distractors) were left out.');
      return matchingContent(pairs.filter((p) => p.left));
    }
    case 'ordering':
      return orderingContent(answers.map(plainOf));
    default:
      return { reason: unsupported('Moodle', TYPE_NAMES[type] ?? `“${type}”`) };
  }
}

/** Every question of a Moodle XML file, read or refused with its reason; throws XmlError for a broken file. */
export function parseMoodleXml(text: string): ParsedQuestion[] {
  const quiz = parseXml(text);
  if (quiz.name !== 'quiz')
    throw new XmlError('This is not a Moodle XML file: its root element must be <quiz>.');
  let category: string | null = null;
  const out: ParsedQuestion[] = [];
  for (const q of childrenNamed(quiz, 'question')) {
    const type = q.attrs.type ?? '';
    if (type === 'category') {
      category = textOf(q, 'category').trim() || null;
      continue;
    }
    const number = out.length + 1;
    const title = textOf(q, 'name').trim();
    if (type === 'description') {
      out.push({ number, title, reason: 'A description is not a question.' });
      continue;
    }
    const notes: string[] = [];
    const built = content(q, type, notes);
    if ('reason' in built) {
      out.push({ number, title, reason: built.reason });
      continue;
    }
    const tags = childrenNamed(child(q, 'tags'), 'tag').map((t) => textOf(t).trim().toLowerCase());
    const level = tags.map((t) => /^difficulty:([123])$/.exec(t)?.[1]).find(Boolean);
    out.push({
      number,
      title,
      draft: {
        title,
        category,
        stem: richOf(child(q, 'questiontext'), notes),
        explanation: richOf(child(q, 'generalfeedback'), notes),
        content: built.content,
        difficulty: level ? Number(level) : null,
        practiceOnly: tags.includes('practice-only'),
        images: filesOf(child(q, 'questiontext'), child(q, 'generalfeedback')),
        notes,
      },
    });
  }
  return out;
}

/** A stored image a question shows, as the export embeds it. */
export interface ExportImage {
  name: string;
  bytes: Buffer;
}

const FILE_SRC = /<img src="\/api\/files\/(\d+)" alt="([^"]*)">/g;

/**
 * Our rich text with its images as `@@PLUGINFILE@@/name`, and the `<file>` elements that carry them.
 * `image_url` (the question's picture) is shown first in the text.
 */
function textWithFiles(
  html: string,
  images: Map<number, ExportImage>,
  picture: number | null,
): { html: string; files: string } {
  const used = new Map<number, string>();
  const names = new Set<string>();
  const nameOf = (id: number) => {
    let name = used.get(id);
    if (name) return name;
    const base = images.get(id)?.name ?? `image-${id}.png`;
    name = names.has(base) ? `${id}-${base}` : base;
    names.add(name);
    used.set(id, name);
    return name;
  };
  let text = html.replace(FILE_SRC, (m, id: string, alt: string) =>
    images.has(Number(id))
      ? `<img src="@@PLUGINFILE@@/${encodeURIComponent(nameOf(Number(id)))}" alt="${alt}">`
      : '',
  );
  if (picture !== null && images.has(picture))
    text = `<p><img src="@@PLUGINFILE@@/${encodeURIComponent(nameOf(picture))}" alt=""></p>${text}`;
  const files = [...used]
    .map(
      ([id, name]) =>
        `<file name="${escapeXml(name)}" path="/" encoding="base64">${images.get(id)!.bytes.toString('base64')}</file>`,
    )
    .join('');
  return { html: text, files };
}

/** The file id of a question's picture (`image_url`), if it is one of the file store's. */
export const pictureId = (q: Question): number | null => {
  const m = /^\/api\/files\/(\d+)$/.exec(q.image_url ?? '');
  return m ? Number(m[1]) : null;
};

export function questionTitle(q: Question): string {
  const plain = richTextToPlain(q.stem);
  return plain.length > 60 ? `${plain.slice(0, 57)}…` : plain;
}

const htmlText = (s: string) => `<text>${escapeXml(escapeXml(s))}</text>`;
const answer = (fraction: string, text: string, format = 'html') =>
  `    <answer fraction="${fraction}" format="${format}">\n      ${
    format === 'html' ? htmlText(text) : `<text>${escapeXml(text)}</text>`
  }\n      <feedback format="html"><text></text></feedback>\n    </answer>\n`;

function fractionText(n: number): string {
  return String(Number(n.toFixed(5)));
}

function body(q: Question): { type: string; xml: string } {
  const c = q.content;
  switch (c.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const share = 100 / c.correct.length;
      return {
        type: 'multichoice',
        xml:
          `    <single>${c.type === 'single_choice'}</single>\n    <shuffleanswers>true</shuffleanswers>\n` +
          `    <answernumbering>abc</answernumbering>\n` +
          c.options.map((o) => answer(c.correct.includes(o.id) ? fractionText(share) : '0', o.text)).join(''),
      };
    }
    case 'true_false':
      return {
        type: 'truefalse',
        xml:
          answer(c.correct ? '100' : '0', 'true', 'moodle_auto_format') +
          answer(c.correct ? '0' : '100', 'false', 'moodle_auto_format'),
      };
    case 'short_answer':
      return {
        type: 'shortanswer',
        xml:
          '    <usecase>0</usecase>\n' +
          c.accepted.map((a) => answer('100', a, 'moodle_auto_format')).join(''),
      };
    case 'matching':
      return {
        type: 'matching',
        xml:
          '    <shuffleanswers>true</shuffleanswers>\n' +
          c.pairs
            .map(
              (p) =>
                `    <subquestion format="html">\n      ${htmlText(p.left)}\n      <answer>\n        <text>${escapeXml(p.right)}</text>\n      </answer>\n    </subquestion>\n`,
            )
            .join(''),
      };
    case 'ordering':
      return {
        type: 'ordering',
        xml:
          '    <layouttype>VERTICAL</layouttype>\n    <selecttype>ALL</selecttype>\n    <selectcount>0</selectcount>\n' +
          '    <gradingtype>ABSOLUTE_POSITION</gradingtype>\n' +
          c.items.map((item, i) => answer(String(i + 1), item.text, 'moodle_auto_format')).join(''),
      };
  }
}

/** The Moodle category path of a question: subject, sub topic and micro topic under the course's top. */
export function categoryPath(q: Question): string {
  return ['$course$', 'top', q.subject_name, q.sub_topic_name, q.micro_topic_name]
    .map((p) => p.replaceAll('/', '//'))
    .join('/');
}

/** The questions as one Moodle XML file, each topic's questions under a category named after it. */
export function writeMoodleXml(
  questions: Question[],
  images: Map<number, ExportImage>,
  /** The key in `images` of a question's picture; by default its file id. */
  pictureOf: (q: Question) => number | null = pictureId,
): string {
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n';
  let category = '';
  for (const q of questions) {
    const path = categoryPath(q);
    if (path !== category) {
      category = path;
      out += `  <question type="category">\n    <category>\n      <text>${escapeXml(path)}</text>\n    </category>\n  </question>\n`;
    }
    const { type, xml } = body(q);
    const stem = textWithFiles(q.stem, images, pictureOf(q));
    const explanation = textWithFiles(q.explanation, images, null);
    const tags = [`difficulty:${q.difficulty}`, ...(q.practice_only ? ['practice-only'] : [])];
    out +=
      `  <question type="${type}">\n` +
      `    <name>\n      <text>${escapeXml(questionTitle(q))}</text>\n    </name>\n` +
      `    <questiontext format="html">\n      <text>${cdata(stem.html)}</text>\n${stem.files ? `      ${stem.files}\n` : ''}    </questiontext>\n` +
      `    <generalfeedback format="html">\n      <text>${cdata(explanation.html)}</text>\n${explanation.files ? `      ${explanation.files}\n` : ''}    </generalfeedback>\n` +
      `    <defaultgrade>1</defaultgrade>\n    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n` +
      xml +
      `    <tags>\n${tags.map((t) => `      <tag><text>${t}</text></tag>\n`).join('')}    </tags>\n` +
      '  </question>\n';
  }
  return out + '</quiz>\n';
}

/** Images named in a stem that the file does not carry. */
export function missingImages(stem: string, images: DraftImage[]): string[] {
  const names = new Set(images.map((i) => i.name));
  return [...stem.matchAll(IMAGE_TOKEN_PATTERN)].map((m) => m[1]!).filter((n) => !names.has(n));
}
