import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  type ImportFormat,
  type ImportResult,
  type Question,
  type QuestionsQuery,
} from '../../../shared/contracts/questions.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type { AppContext } from '../../context.ts';
import type { Authed } from '../../plugins/routes.ts';
import { fileIdsIn } from '../files/files.service.ts';
import { HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { parseCsv, toCsv } from '../../plugins/csv.ts';
import { questionToRow, rowToInput } from './csv-rows.ts';
import { toQuestion, type QuestionInput } from './question-content.ts';
import { contentProblems } from './question-types.ts';
import { createQuestionsRepository, type QuestionFilter } from './questions.repository.ts';
import { createQuestionImport, type ImportDeps } from './question-import.ts';
import { writeGift } from './gift.ts';
import { pictureId, writeMoodleXml, type ExportImage } from './moodle-xml-export.ts';
import { richTextToPlain, sanitizeRichText } from '../../../shared/rich-text.ts';

export {
  parseContent,
  sharedContent,
  SHARED_CONTENT_LIMIT,
  toQuestion,
  type QuestionInput,
} from './question-content.ts';

/** The list's query as the repository's filter: the same for a page of the bank and for its CSV export. */
export function questionFilter(query: QuestionsQuery): QuestionFilter {
  return {
    search: query.search,
    subjectId: query.subject_id,
    subTopicId: query.sub_topic_id,
    microTopicId: query.micro_topic_id,
    type: query.type,
    difficulty: query.difficulty,
  };
}

export function createQuestionsService(
  ctx: AppContext,
  deps: {
    /** Field errors for file ids the caller may not use (files feature). */
    refusedFiles: (actor: Authed, fields: Record<string, number[]>) => Promise<FieldErrors>;
  } & ImportDeps & {
      /** A stored image's name and bytes, for an export that embeds it; null when it is gone. */
      imageOf: (fileId: number) => Promise<ExportImage | null>;
      /** A picture of the uploads folder from before the file store (`HASH.ext`); null when it is gone. */
      uploadedImage: (name: string) => Promise<ExportImage | null>;
    },
) {
  const repo = createQuestionsRepository(ctx.db);
  const importFile = createQuestionImport(ctx, repo, deps);
  const iso = () => ctx.now().toISOString();

  async function checked(body: QuestionInput, actor: Authed) {
    const errors: FieldErrors = contentProblems(body.content);
    const topics = await repo.microTopicsByName();
    if (!topics.some((t) => t.id === body.micro_topic_id))
      errors.micro_topic_id = ['The selected micro topic is invalid.'];
    const stem = sanitizeRichText(body.stem);
    if (!richTextToPlain(stem)) errors.stem = ['The question text is required.'];
    const explanation = sanitizeRichText(body.explanation);
    // Its pictures must be the author's own uploads or ones they may already see.
    const refused = await deps.refusedFiles(actor, {
      image_url: fileIdsIn(body.image_url),
      stem: fileIdsIn(stem),
      explanation: fileIdsIn(explanation),
    });
    for (const [field, messages] of Object.entries(refused)) errors[field] ??= messages;
    if (Object.keys(errors).length) throw unprocessable(errors);
    return {
      micro_topic_id: body.micro_topic_id,
      type: body.content.type,
      difficulty: body.difficulty,
      stem,
      explanation,
      image_url: body.image_url,
      content: JSON.stringify(body.content),
      practice_only: body.practice_only ? 1 : 0,
    };
  }

  async function get(id: number): Promise<Question> {
    const row = await repo.find(id);
    if (!row) throw notFound('That question does not exist.');
    return toQuestion(row);
  }

  return {
    get,
    /** The questions showing this file (in their text or as their picture). The bank is every staff member's. */
    async idsUsingFile(fileId: number): Promise<number[]> {
      const rows = await repo.mentioningFile(fileId);
      return rows
        .filter((q) => fileIdsIn(q.stem, q.explanation, q.image_url).includes(fileId))
        .map((q) => q.id);
    },
    async list(query: QuestionsQuery) {
      const { rows, total } = await repo.page(questionFilter(query), query.page, query.per_page);
      return { data: rows.map(toQuestion), meta: { total, page: query.page, per_page: query.per_page } };
    },
    all: async (filter: QuestionFilter) => (await repo.all(filter)).map(toQuestion),
    async create(body: QuestionInput, actor: Authed): Promise<Question> {
      const values = await checked(body, actor);
      return get(
        await repo.insert({ ...values, created_by: actor.user.id, created_at: iso(), updated_at: iso() }),
      );
    },
    async update(id: number, body: QuestionInput, actor: Authed): Promise<Question> {
      const current = await get(id);
      if (current.type !== body.content.type && (await repo.attemptsUsing(id)) > 0) {
        throw unprocessable({
          'content.type': [
            'Students have answered this question, so its type cannot change. Create a new question instead.',
          ],
        });
      }
      if (current.practice_only && !body.practice_only && (await repo.attemptsUsing(id)) > 0) {
        // Test Yourself has shown its key already; in an assessment it would be a free mark.
        throw unprocessable({
          practice_only: [
            'Students have seen this question’s answer in Test Yourself, so it stays a practice question. Create a new question for assessments.',
          ],
        });
      }
      if (!current.practice_only && body.practice_only && current.used_in > 0) {
        throw unprocessable({
          practice_only: [
            `This question is part of ${current.used_in} assessment${current.used_in === 1 ? '' : 's'}. Remove it there first.`,
          ],
        });
      }
      await repo.update(id, { ...(await checked(body, actor)), updated_at: iso() });
      return get(id);
    },
    async remove(id: number): Promise<void> {
      const q = await get(id);
      if (q.used_in > 0)
        throw new HttpError(
          409,
          `This question is part of ${q.used_in} assessment${q.used_in === 1 ? '' : 's'}. Remove it there first.`,
        );
      if ((await repo.attemptsUsing(id)) > 0)
        throw new HttpError(409, 'Students have answered this question, so it is kept for their results.');
      await repo.delete(id);
    },

    /** Imports every valid row; rejected rows are reported with their reasons and nothing of them is written. */
    async importCsv(csv: string, actor: Authed): Promise<ImportResult> {
      const rows = parseCsv(csv);
      const header = rows.shift()?.map((h) => h.trim().toLowerCase());
      const columns =
        header && header.length > CSV_REQUIRED_COLUMNS ? CSV_COLUMNS.length : CSV_REQUIRED_COLUMNS;
      if (!header || CSV_COLUMNS.slice(0, columns).some((c, i) => header[i] !== c)) {
        throw unprocessable({ csv: [`The first row must be the header: ${CSV_COLUMNS.join(',')}`] });
      }
      if (rows.length > 2000) throw unprocessable({ csv: ['At most 2000 questions per file.'] });
      const topics = new Map(
        (await repo.microTopicsByName()).map((t) => [t.name.trim().toLowerCase(), t.id]),
      );
      const rejected: ImportResult['rejected'] = [];
      const accepted: Array<Awaited<ReturnType<typeof checked>>> = [];
      for (const [i, cells] of rows.entries()) {
        const rowNumber = i + 2;
        try {
          const input = rowToInput(cells, topics);
          accepted.push(await checked(input, actor));
        } catch (err) {
          rejected.push({
            row: rowNumber,
            errors:
              err instanceof HttpError && err.errors
                ? Object.entries(err.errors).map(([f, m]) => `${f}: ${m.join(' ')}`)
                : [err instanceof Error ? err.message : String(err)],
          });
        }
      }
      const now = iso();
      await repo.insertMany(
        accepted.map((v) => ({ ...v, created_by: actor.user.id, created_at: now, updated_at: now })),
      );
      return { created: accepted.length, rejected };
    },

    /** Questions from a CSV, Moodle XML or GIFT file: a preview, or with `confirm` the import itself. */
    importFile,

    /**
     * The (filtered) bank as a file: CSV, Moodle XML (its images embedded) or GIFT (which has no ordering
     * questions: those are left out and listed in `skipped`).
     */
    async exportFile(
      format: ImportFormat,
      filter: QuestionFilter,
    ): Promise<{ text: string; contentType: string; fileName: string; skipped: Question[] }> {
      if (format === 'csv')
        return {
          text: toCsv([[...CSV_COLUMNS], ...(await repo.all(filter)).map(toQuestion).map(questionToRow)]),
          contentType: 'text/csv; charset=utf-8',
          fileName: 'pathbuilder-questions.csv',
          skipped: [],
        };
      const rows = (await repo.all(filter)).map(toQuestion);
      if (format === 'gift') {
        const { text, skipped } = writeGift(rows);
        return {
          text,
          contentType: 'text/plain; charset=utf-8',
          fileName: 'pathbuilder-questions.gift.txt',
          skipped,
        };
      }
      const images = new Map<number, ExportImage>();
      for (const id of new Set(rows.flatMap((q) => fileIdsIn(q.stem, q.explanation, q.image_url)))) {
        const image = await deps.imageOf(id);
        if (image) images.set(id, image);
      }
      // Pictures from before the file store (`/api/uploads/HASH.ext`) are embedded too, under keys of their own.
      const legacy = new Map<string, number>();
      for (const q of rows) {
        const name = /^\/api\/uploads\/([a-f0-9]{64}\.(?:png|jpe?g|gif|webp))$/.exec(q.image_url ?? '')?.[1];
        if (!name || legacy.has(name)) continue;
        const image = await deps.uploadedImage(name);
        if (!image) continue;
        legacy.set(name, -(legacy.size + 1));
        images.set(legacy.get(name)!, image);
      }
      const pictureOf = (q: Question) =>
        pictureId(q) ?? legacy.get((q.image_url ?? '').replace('/api/uploads/', '')) ?? null;
      return {
        text: writeMoodleXml(rows, images, pictureOf),
        contentType: 'application/xml; charset=utf-8',
        fileName: 'pathbuilder-questions.xml',
        skipped: [],
      };
    },

    async exportCsv(filter: QuestionFilter): Promise<string> {
      const rows = (await repo.all(filter)).map(toQuestion);
      return toCsv([[...CSV_COLUMNS], ...rows.map(questionToRow)]);
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;
