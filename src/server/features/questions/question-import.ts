import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  IMPORT_FORMAT_LABELS,
  type ImportedQuestion,
  type ImportForm,
  type ImportResult,
  type QuestionContent,
} from '../../../shared/contracts/questions.ts';
import { FILE_KINDS, formatBytes } from '../../../shared/contracts/files.ts';
import { richTextToPlain, sanitizeRichText } from '../../../shared/rich-text.ts';
import type { AppContext } from '../../context.ts';
import type { QuestionsTable } from '../../db/tables/questions.ts';
import { parseCsv } from '../../plugins/csv.ts';
import { HttpError, unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import { sniffType } from '../files/files.service.ts';
import { rowToInput } from './csv-rows.ts';
import { categoryTopic, IMAGE_TOKEN_PATTERN, type DraftImage, type ParsedQuestion } from './import-draft.ts';
import { parseGift } from './gift.ts';
import { missingImages, parseMoodleXml } from './moodle-xml.ts';
import { XmlError } from './xml.ts';
import { toQuestion } from './question-content.ts';
import type { QuestionsRepository } from './questions.repository.ts';

export interface ImportDeps {
  /** Puts an image through the file store (its type sniffed, its size checked) as the actor's upload. */
  storeImage: (image: DraftImage, actor: Authed) => Promise<{ id: number }>;
  /** Takes back an image stored for an import that then failed. */
  removeFile: (id: number) => Promise<void>;
  /** One line of the audit log (the users feature keeps it). */
  audit: (entry: {
    actor_id: number;
    actor_name: string;
    target_user_id: null;
    target_name: string;
    action: 'import_questions';
    before: string;
    after: string;
    created_at: string;
  }) => Promise<void>;
}

/** At most this many questions per file, as for CSV. */
const MAX_QUESTIONS = 2000;
const MAX_RICH_TEXT = 5000;

interface CheckedImage extends DraftImage {
  mime: string;
  hash: string;
}

/** A question of the file that can be stored: in our shapes, sanitised, its images checked. */
interface Candidate {
  row: number;
  title: string;
  microTopicId: number;
  difficulty: number;
  practiceOnly: boolean;
  /** Sanitised rich text; `[[image:N]]` stands for images[N] until it is stored. */
  stem: string;
  explanation: string;
  content: QuestionContent;
  images: CheckedImage[];
  notes: string[];
  fingerprint: string;
}

const STORED_IMAGE = /\[\[image:(\d+)\|([^\]]*)\]\]/g;

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

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw unprocessable({ file: ['The file must be text in UTF-8.'] });
  }
}

export function createQuestionImport(ctx: AppContext, repo: QuestionsRepository, deps: ImportDeps) {
  type Topics = { byName: Map<string, number>; byId: Map<number, string> };

  /** Our CSV, row by row, as candidates (the micro topic cell may be left empty for the chosen one). */
  function fromCsv(text: string, topics: Topics, fallback: number | undefined) {
    const rows = parseCsv(text);
    const header = rows.shift()?.map((h) => h.trim().toLowerCase());
    const columns =
      header && header.length > CSV_REQUIRED_COLUMNS ? CSV_COLUMNS.length : CSV_REQUIRED_COLUMNS;
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

  function fromParsed(parsed: ParsedQuestion[], topics: Topics, fallback: number | undefined) {
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

  const shown = (text: string, images: CheckedImage[]) =>
    text.replace(STORED_IMAGE, (_m, i: string) => `[image: ${images[Number(i)]!.name}]`);

  /**
   * Reads a file of questions in `form.format`: a preview of what would be stored and what is refused (and
   * why), or, with `confirm`, the accepted ones written in one transaction. A question the bank already holds
   * (same topic, type, text and answers) is never written twice.
   */
  return async function importFile(form: ImportForm, bytes: Buffer, actor: Authed): Promise<ImportResult> {
    if (!bytes.length) throw unprocessable({ file: ['The file is empty.'] });
    const text = decode(bytes);
    const all = await repo.microTopicsByName();
    const topics: Topics = {
      byName: new Map(all.map((t) => [t.name.trim().toLowerCase(), t.id])),
      byId: new Map(all.map((t) => [t.id, t.name])),
    };
    if (form.micro_topic_id !== undefined && !topics.byId.has(form.micro_topic_id))
      throw unprocessable({ micro_topic_id: ['The selected micro topic is invalid.'] });
    let result: { candidates: Candidate[]; rejected: ImportResult['rejected'] };
    try {
      result =
        form.format === 'csv'
          ? fromCsv(text, topics, form.micro_topic_id)
          : fromParsed(
              form.format === 'gift' ? parseGift(text) : parseMoodleXml(text),
              topics,
              form.micro_topic_id,
            );
    } catch (err) {
      if (err instanceof XmlError) throw unprocessable({ file: [`The XML cannot be read. ${err.message}`] });
      throw err;
    }
    const { candidates, rejected } = result;
    if (!candidates.length && !rejected.length)
      throw unprocessable({
        file: [`The file holds no questions in the ${IMPORT_FORMAT_LABELS[form.format]} format.`],
      });

    // The bank's questions in the same topics, by what makes them the same.
    const topicIds = [...new Set(candidates.map((c) => c.microTopicId))];
    const existing = new Map<string, number>();
    if (topicIds.length)
      for (const row of await repo.all({ microTopicIds: topicIds })) {
        const q = toQuestion(row);
        existing.set(fingerprint(q.micro_topic_id, q.stem, q.content), q.id);
      }
    const seen = new Set<string>();
    const fresh: Candidate[] = [];
    const duplicate = new Set<Candidate>();
    for (const c of candidates) {
      if (existing.has(c.fingerprint) || seen.has(c.fingerprint)) duplicate.add(c);
      else fresh.push(c);
      seen.add(c.fingerprint);
    }

    const written = new Map<Candidate, number>();
    if (form.confirm === 'true' && fresh.length) {
      const storedFiles: number[] = [];
      try {
        const rows: Array<Insertable<QuestionsTable>> = [];
        const now = ctx.now().toISOString();
        for (const c of fresh) {
          const ids: number[] = [];
          for (const image of c.images) {
            const file = await deps.storeImage(image, actor);
            storedFiles.push(file.id);
            ids.push(file.id);
          }
          const withFiles = (html: string) =>
            // The alt text went through sanitizeRichText with the rest: it is escaped as an <img>'s must be.
            html.replace(
              STORED_IMAGE,
              (_m, i: string, alt: string) => `<img src="/api/files/${ids[Number(i)]}" alt="${alt}">`,
            );
          rows.push({
            micro_topic_id: c.microTopicId,
            type: c.content.type,
            difficulty: c.difficulty,
            stem: withFiles(c.stem),
            explanation: withFiles(c.explanation),
            image_url: null,
            content: JSON.stringify(c.content),
            practice_only: c.practiceOnly ? 1 : 0,
            created_by: actor.user.id,
            created_at: now,
            updated_at: now,
          });
        }
        const ids = await repo.insertManyReturning(rows);
        fresh.forEach((c, i) => written.set(c, ids[i]!));
      } catch (err) {
        for (const id of storedFiles) await deps.removeFile(id).catch(() => undefined);
        throw err;
      }
      await deps.audit({
        actor_id: actor.user.id,
        actor_name: actor.user.full_name,
        target_user_id: null,
        target_name: 'Question bank',
        action: 'import_questions',
        before: '',
        after:
          `${written.size} question${written.size === 1 ? '' : 's'} from a ${IMPORT_FORMAT_LABELS[form.format]} file: #${[...written.values()].join(', #')}`.slice(
            0,
            2000,
          ),
        created_at: ctx.now().toISOString(),
      });
    }

    const questions: ImportedQuestion[] = candidates.map((c) => ({
      row: c.row,
      title: c.title,
      type: c.content.type,
      micro_topic_id: c.microTopicId,
      micro_topic_name: topics.byId.get(c.microTopicId)!,
      difficulty: c.difficulty,
      practice_only: c.practiceOnly,
      stem: shown(c.stem, c.images),
      explanation: shown(c.explanation, c.images),
      content: c.content,
      images: c.images.map((i) => ({ name: i.name, mime: i.mime, size: i.bytes.length, hash: i.hash })),
      notes: duplicate.has(c) ? [...c.notes, 'Already in the bank: not imported again.'] : c.notes,
      already_in_bank: duplicate.has(c),
      id: written.get(c) ?? existing.get(c.fingerprint) ?? null,
    }));
    return {
      created: written.size,
      rejected,
      confirmed: form.confirm === 'true',
      format: form.format,
      questions,
      already_in_bank: duplicate.size,
    };
  };
}
