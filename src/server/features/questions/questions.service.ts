import {
  CSV_COLUMNS,
  CSV_REQUIRED_COLUMNS,
  QUESTION_TYPES,
  questionContentSchema,
  type ImportResult,
  type Question,
  type QuestionContent,
  type QuestionsQuery,
} from '../../../shared/contracts/questions.ts';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import type { AppContext } from '../../context.ts';
import type { Authed } from '../../plugins/routes.ts';
import { fileIdsIn } from '../files/files.service.ts';
import { HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { parseCsv, toCsv, unguardCell } from './csv.ts';
import { contentProblems, newOptionId } from './question-types.ts';
import { createQuestionsRepository, type QuestionFilter, type QuestionRow } from './questions.repository.ts';
import { richTextToPlain, sanitizeRichText } from '../../../shared/rich-text.ts';

export function parseContent(json: string): QuestionContent {
  return questionContentSchema.parse(JSON.parse(json));
}

/** How many parsed contents `sharedContent` keeps: every question of a large bank. */
export const SHARED_CONTENT_LIMIT = 5_000;
const shared = new Map<string, QuestionContent>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * parseContent for the hot paths of taking and grading (every answer saved, every submit of 50 questions):
 * the parse of the same stored text is made once and shared, frozen, so no caller can change it for the
 * others. Keyed by the text itself, so an edited question is parsed afresh. The oldest entry goes first.
 */
export function sharedContent(json: string): QuestionContent {
  const hit = shared.get(json);
  if (hit) return hit;
  const parsed = deepFreeze(parseContent(json));
  if (shared.size >= SHARED_CONTENT_LIMIT) shared.delete(shared.keys().next().value!);
  shared.set(json, parsed);
  return parsed;
}

export function toQuestion(row: QuestionRow): Question {
  return {
    ...row,
    type: row.type as Question['type'],
    content: parseContent(row.content),
    used_in: Number(row.used_in ?? 0),
    practice_only: row.practice_only === 1,
  };
}

export interface QuestionInput {
  micro_topic_id: number;
  difficulty: number;
  stem: string;
  explanation: string;
  image_url: string | null;
  content: QuestionContent;
  practice_only: boolean;
}

export function createQuestionsService(
  ctx: AppContext,
  deps: {
    /** Field errors for file ids the caller may not use (files feature). */
    refusedFiles: (actor: Authed, fields: Record<string, number[]>) => Promise<FieldErrors>;
  },
) {
  const repo = createQuestionsRepository(ctx.db);
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
      const { rows, total } = await repo.page(
        {
          search: query.search,
          subjectId: query.subject_id,
          subTopicId: query.sub_topic_id,
          microTopicId: query.micro_topic_id,
          type: query.type,
          difficulty: query.difficulty,
        },
        query.page,
        query.per_page,
      );
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

    async exportCsv(filter: QuestionFilter): Promise<string> {
      const rows = (await repo.all(filter)).map(toQuestion);
      return toCsv([[...CSV_COLUMNS], ...rows.map(questionToRow)]);
    },
  };
}
export type QuestionsService = ReturnType<typeof createQuestionsService>;

const split = (v: string) =>
  v
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
const unguard = unguardCell;

/** One CSV row → question input; throws a 422-shaped error naming what is wrong. */
function rowToInput(raw: string[], topics: Map<string, number>): QuestionInput {
  // The request check lets NUL through in the file (contracts/questions.ts) so that only this row fails:
  // PostgreSQL cannot store it, and one failed insert would lose every good row.
  if (raw.some((cell) => cell.includes('\0')))
    throw unprocessable({ row: ['The row contains a character that is not allowed.'] });
  const cells = raw.map(unguard);
  const [
    topic = '',
    type = '',
    difficulty = '',
    stem = '',
    explanation = '',
    options = '',
    correct = '',
    practice = '',
  ] = cells;
  const errors: Record<string, string[]> = {};
  const practiceOnly = PRACTICE_CELLS[practice.trim().toLowerCase()];
  if (practiceOnly === undefined) errors.practice_only = ['practice_only must be yes, no or empty.'];
  const microTopicId = topics.get(topic.trim().toLowerCase());
  if (!microTopicId) errors.micro_topic = [`Unknown micro topic "${topic}".`];
  if (!(QUESTION_TYPES as readonly string[]).includes(type.trim()))
    errors.type = [`Type must be one of ${QUESTION_TYPES.join(', ')}.`];
  const level = Number(difficulty);
  if (![1, 2, 3].includes(level)) errors.difficulty = ['Difficulty must be 1, 2 or 3.'];
  if (!stem.trim()) errors.stem = ['The question text is required.'];
  if (Object.keys(errors).length) throw unprocessable(errors);
  const content = contentFromCells(type.trim() as QuestionContent['type'], options, correct);
  return {
    micro_topic_id: microTopicId!,
    difficulty: level,
    stem: stem.trim(),
    explanation: explanation.trim(),
    image_url: null,
    content,
    practice_only: practiceOnly!,
  };
}

const PRACTICE_CELLS: Record<string, boolean> = { '': false, no: false, false: false, yes: true, true: true };

function contentFromCells(type: QuestionContent['type'], options: string, correct: string): QuestionContent {
  const bad = (msg: string) =>
    unprocessable({ [type === 'matching' || type === 'ordering' ? 'options' : 'correct']: [msg] });
  let candidate: unknown;
  switch (type) {
    case 'single_choice':
    case 'multiple_choice': {
      const opts = split(options).map((text) => ({ id: newOptionId(), text }));
      const picks = split(correct).map(Number);
      if (!picks.length || picks.some((n) => !Number.isInteger(n) || n < 1 || n > opts.length))
        throw bad('Correct must list option numbers (1 = first option), separated by |.');
      candidate = { type, options: opts, correct: picks.map((n) => opts[n - 1]!.id) };
      break;
    }
    case 'true_false': {
      const v = correct.trim().toLowerCase();
      if (v !== 'true' && v !== 'false') throw bad('Correct must be true or false.');
      candidate = { type, correct: v === 'true' };
      break;
    }
    case 'short_answer':
      candidate = { type, accepted: split(correct) };
      break;
    case 'matching': {
      const pairs = split(options).map((p) => p.split('=').map((s) => s.trim()));
      if (pairs.some((p) => p.length !== 2 || !p[0] || !p[1]))
        throw bad('Options must be pairs like left=right, separated by |.');
      candidate = {
        type,
        pairs: pairs.map(([left, right]) => ({
          left_id: newOptionId(),
          left,
          right_id: newOptionId(),
          right,
        })),
      };
      break;
    }
    case 'ordering':
      candidate = { type, items: split(options).map((text) => ({ id: newOptionId(), text })) };
      break;
  }
  const parsed = questionContentSchema.safeParse(candidate);
  if (!parsed.success)
    throw unprocessable(
      Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'content', [i.message]])),
    );
  return parsed.data;
}

function questionToRow(q: Question): string[] {
  const c = q.content;
  const base = [
    q.micro_topic_name,
    q.type,
    String(q.difficulty),
    richTextToPlain(q.stem),
    richTextToPlain(q.explanation),
  ];
  return [...base, ...contentCells(c), q.practice_only ? 'yes' : 'no'];
}

function contentCells(c: QuestionContent): [string, string] {
  switch (c.type) {
    case 'single_choice':
    case 'multiple_choice':
      return [
        c.options.map((o) => o.text).join('|'),
        c.correct.map((id) => String(c.options.findIndex((o) => o.id === id) + 1)).join('|'),
      ];
    case 'true_false':
      return ['', String(c.correct)];
    case 'short_answer':
      return ['', c.accepted.join('|')];
    case 'matching':
      return [c.pairs.map((p) => `${p.left}=${p.right}`).join('|'), ''];
    case 'ordering':
      return [c.items.map((i) => i.text).join('|'), ''];
  }
}
