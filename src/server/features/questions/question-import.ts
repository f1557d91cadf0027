import type { Insertable } from 'kysely';
import {
  IMPORT_FORMAT_LABELS,
  type ImportedQuestion,
  type ImportForm,
  type ImportResult,
} from '../../../shared/contracts/questions.ts';
import type { AppContext } from '../../context.ts';
import type { QuestionsTable } from '../../db/tables/questions.ts';
import { unprocessable } from '../../plugins/errors.ts';
import type { Authed } from '../../plugins/routes.ts';
import {
  fingerprint,
  fromCsv,
  fromParsed,
  STORED_IMAGE,
  type Candidate,
  type CheckedImage,
  type Topics,
} from './import-candidates.ts';
import type { DraftImage } from './import-draft.ts';
import { parseGift } from './gift.ts';
import { parseMoodleXml } from './moodle-xml.ts';
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

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw unprocessable({ file: ['The file must be text in UTF-8.'] });
  }
}

export function createQuestionImport(ctx: AppContext, repo: QuestionsRepository, deps: ImportDeps) {
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
