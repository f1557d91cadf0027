import type { Question } from '../../../shared/contracts/questions.ts';
import { richTextToPlain } from '../../../shared/rich-text.ts';
import { cdata, escapeXml } from './xml.ts';

/**
 * The bank as Moodle XML (https://docs.moodle.org/en/Moodle_XML_format): each topic's questions under a
 * category named after it, images embedded as base64 `<file>`s, difficulty and practice-only as tags.
 */

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
