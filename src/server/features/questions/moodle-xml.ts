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
import { child, childrenNamed, parseXml, textOf, XmlError, type XmlElement } from './xml.ts';

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

/** Images named in a stem that the file does not carry. */
export function missingImages(stem: string, images: DraftImage[]): string[] {
  const names = new Set(images.map((i) => i.name));
  return [...stem.matchAll(IMAGE_TOKEN_PATTERN)].map((m) => m[1]!).filter((n) => !names.has(n));
}
