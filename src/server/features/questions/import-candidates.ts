/**
 * The questions of an imported file as candidates for the bank: in our shapes, sanitised, their micro topic
 * found, their images checked as the file store checks an upload; or refused, each with its reasons.
 */
import { createHash } from 'node:crypto';
import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  type ImportResult,
  type QuestionContent,
} from '../../../shared/contracts/questions.ts';
import { FILE_KINDS, formatBytes } from '../../../shared/contracts/files.ts';
import { richTextToPlain, sanitizeRichText } from '../../../shared/rich-text.ts';
import { parseCsv } from '../../plugins/csv.ts';
import { HttpError, unprocessable } from '../../plugins/errors.ts';
import { sniffType } from '../files/files.service.ts';
import { rowToInput } from './csv-rows.ts';
import { categoryTopic, IMAGE_TOKEN_PATTERN, type DraftImage, type ParsedQuestion } from './import-draft.ts';
import { missingImages } from './moodle-xml.ts';

/** The micro topics an import may use, by name (lower case) and by id. */
export type Topics = { byName: Map<string, number>; byId: Map<number, string> };

/** At most this many questions per file, as for CSV. */
export const MAX_QUESTIONS = 2000;
const MAX_RICH_TEXT = 5000;

export interface CheckedImage extends DraftImage {
  mime: string;
  hash: string;
}

/** A question of the file that can be stored: in our shapes, sanitised, its images checked. */
export interface Candidate {
  row: number;
  title: string;
  microTopicId: number;
  difficulty: number;
  practiceOnly: boolean;
  /** Sanitised rich text; `[[image:N|alt]]` stands for images[N] until it is stored. */
  stem: string;
  explanation: string;
  content: QuestionContent;
  images: CheckedImage[];
  notes: string[];
  fingerprint: string;
}

export const STORED_IMAGE = /\[\[image:(\d+)\|([^\]]*)\]\]/g;

/** What makes two questions the same: topic, type, text and answers (not option ids, not image files). */
export function fingerprint(microTopicId: number, stem: string, content: QuestionContent): string {
  const plain = richTextToPlain(stem.replace(STORED_IMAGE, ''));
  const c = content;
  const answers =
    c.type === 'single_choice' || c.type === 'multiple_choice'
      ? c.options.map((o) => [o.text, c.correct.includes(o.id)])
      : c.type === 'true_false'
        ? c.correct
        : c.type === 'short_answer'
          ? c.accepted
          : c.type === 'matching'
            ? c.pairs.map((p) => [p.left, p.right])
            : c.items.map((i) => i.text);
  return createHash('sha256')
    .update(JSON.stringify([microTopicId, c.type, plain, answers]))
    .digest('hex');
}

const reasonsOf = (err: unknown): string[] =>
  err instanceof HttpError && err.errors
    ? Object.entries(err.errors).map(([f, m]) => `${f}: ${m.join(' ')}`)
    : [err instanceof Error ? err.message : String(err)];

/** Our CSV, row by row, as candidates (the micro topic cell may be left empty for the chosen one). */
export function fromCsv(text: string, topics: Topics, fallback: number | undefined) {
  const rows = parseCsv(text);
  const header = rows.shift()?.map((h) => h.trim().toLowerCase());
  const columns = header && header.length > CSV_REQUIRED_COLUMNS ? CSV_COLUMNS.length : CSV_REQUIRED_COLUMNS;
  if (!header || CSV_COLUMNS.slice(0, columns).some((c, i) => header[i] !== c))
    throw unprocessable({ file: [`The first row must be the header: ${CSV_COLUMNS.join(',')}`] });
  if (rows.length > MAX_QUESTIONS)
    throw unprocessable({ file: [`At most ${MAX_QUESTIONS} questions per file.`] });
  const candidates: Candidate[] = [];
  const rejected: ImportResult['rejected'] = [];
  for (const [i, cells] of rows.entries()) {
    const row = i + 2;
    try {
      if (!cells[0]?.trim() && fallback) cells[0] = topics.byId.get(fallback)!;
      const input = rowToInput(cells, topics.byName);
      candidates.push(
        ready(
          row,
          '',
          input.micro_topic_id,
          input.difficulty,
          input.practice_only,
          input.stem,
          input.explanation,
          input.content,
          [],
          [],
        ),
      );
    } catch (err) {
      rejected.push({ row, errors: reasonsOf(err) });
    }
  }
  return { candidates, rejected };
}

function ready(
  row: number,
  title: string,
  microTopicId: number,
  difficulty: number,
  practiceOnly: boolean,
  stemInput: string,
  explanationInput: string,
  content: QuestionContent,
  images: CheckedImage[],
  notes: string[],
): Candidate {
  const stem = sanitizeRichText(stemInput);
  const explanation = sanitizeRichText(explanationInput);
  if (!richTextToPlain(stem.replace(STORED_IMAGE, '')) && !images.length)
    throw new Error('The question text is required.');
  if (stem.length > MAX_RICH_TEXT)
    throw new Error(`The question text may be at most ${MAX_RICH_TEXT} characters.`);
  if (explanation.length > MAX_RICH_TEXT)
    throw new Error(`The explanation may be at most ${MAX_RICH_TEXT} characters.`);
  return {
    row,
    title,
    microTopicId,
    difficulty,
    practiceOnly,
    stem,
    explanation,
    content,
    images,
    notes,
    fingerprint: fingerprint(microTopicId, stem, content),
  };
}

/** The images a stem and explanation show, checked as the file store checks an upload of an image. */
function checkedImages(stem: string, explanation: string, images: DraftImage[]) {
  const missing = missingImages(stem + explanation, images);
  if (missing.length) throw new Error(`The image “${missing[0]}” is not in the file.`);
  const used: CheckedImage[] = [];
  const indexOf = new Map<string, number>();
  const rename = (text: string) =>
    text.replace(IMAGE_TOKEN_PATTERN, (_m, name: string, alt: string) => {
      let i = indexOf.get(name);
      if (i === undefined) {
        const image = images.find((img) => img.name === name)!;
        const { maxBytes, types, refused } = FILE_KINDS.image;
        if (!image.bytes.length) throw new Error(`The image “${name}” is empty.`);
        if (image.bytes.length > maxBytes)
          throw new Error(`The image “${name}” is larger than ${formatBytes(maxBytes)}.`);
        const type = sniffType(image.bytes.subarray(0, 4096), image.bytes.length > 4096);
        if (!type || !(types as readonly string[]).includes(type.mime))
          throw new Error(`The image “${name}” is not an image. ${refused}`);
        i = used.length;
        indexOf.set(name, i);
        used.push({
          ...image,
          mime: type.mime,
          hash: createHash('sha256').update(image.bytes).digest('hex'),
        });
      }
      return `[[image:${i}|${alt}]]`;
    });
  return { stem: rename(stem), explanation: rename(explanation), images: used };
}

export function fromParsed(parsed: ParsedQuestion[], topics: Topics, fallback: number | undefined) {
  if (parsed.length > MAX_QUESTIONS)
    throw unprocessable({ file: [`At most ${MAX_QUESTIONS} questions per file.`] });
  const candidates: Candidate[] = [];
  const rejected: ImportResult['rejected'] = [];
  for (const p of parsed) {
    if ('reason' in p) {
      rejected.push({ row: p.number, title: p.title, errors: [p.reason] });
      continue;
    }
    const d = p.draft;
    try {
      const named = categoryTopic(d.category);
      let topic = named ? topics.byName.get(named.trim().toLowerCase()) : undefined;
      topic ??= fallback;
      if (!topic)
        throw new Error(
          named
            ? `Unknown micro topic “${named}”: choose a micro topic for the questions that name none.`
            : 'The question names no micro topic: choose one for the questions that name none.',
        );
      const withImages = checkedImages(d.stem, d.explanation, d.images);
      candidates.push(
        ready(
          p.number,
          p.title,
          topic,
          d.difficulty ?? 2,
          d.practiceOnly,
          withImages.stem,
          withImages.explanation,
          d.content,
          withImages.images,
          d.notes,
        ),
      );
    } catch (err) {
      rejected.push({ row: p.number, title: p.title, errors: reasonsOf(err) });
    }
  }
  return { candidates, rejected };
}
