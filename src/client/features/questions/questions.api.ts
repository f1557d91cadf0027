import {
  EXPORT_SKIPPED_HEADER,
  QUESTION_PATHS,
  importResponseSchema,
  questionResponseSchema,
  questionsResponseSchema,
} from '../../../shared/contracts/questions.ts';
import type {
  ImportFormat,
  ImportResult,
  Question,
  QuestionBody,
  QuestionType,
} from '../../../shared/contracts/questions.ts';
import { delJson, getJson, postForm, postJson, putJson } from '../../lib/http.ts';
import { freshGet, freshJson } from '../../lib/fresh-get.ts';

export type QuestionFilters = {
  search?: string;
  subject_id?: number;
  sub_topic_id?: number;
  micro_topic_id?: number;
  type?: QuestionType;
  difficulty?: number;
};
export type QuestionPage = { data: Question[]; total: number; page: number; perPage: number };

export async function fetchQuestions(
  filters: QuestionFilters,
  page: number,
  perPage: number,
  signal?: AbortSignal,
): Promise<QuestionPage> {
  const { data, meta } = await getJson(QUESTION_PATHS.list, {
    query: { ...filters, page, per_page: perPage },
    signal,
    schema: questionsResponseSchema,
  });
  return { data, total: meta.total, page: meta.page, perPage: meta.per_page };
}

export async function fetchQuestion(id: number | string, signal?: AbortSignal): Promise<Question> {
  // The editor must start from the stored question, not an older copy another admin has since changed.
  return (await freshJson(QUESTION_PATHS.one(id), questionResponseSchema, signal)).question;
}

export async function createQuestion(body: QuestionBody): Promise<Question> {
  return (await postJson(QUESTION_PATHS.list, body, { schema: questionResponseSchema })).question;
}

export async function updateQuestion(id: number, body: QuestionBody): Promise<Question> {
  return (await putJson(QUESTION_PATHS.one(id), body, { schema: questionResponseSchema })).question;
}

export async function deleteQuestion(id: number): Promise<void> {
  await delJson(QUESTION_PATHS.one(id));
}

export function importQuestionsCsv(csv: string): Promise<ImportResult> {
  return postJson(QUESTION_PATHS.importCsv, { csv }, { schema: importResponseSchema });
}

/** The CSV text of the (filtered) bank; getJson would parse JSON, so this reads the body as text. */
export function exportQuestionsCsv(filters: QuestionFilters, signal?: AbortSignal): Promise<string> {
  // Fresh: an export right after an import must contain the imported questions.
  return freshGet(QUESTION_PATHS.exportCsv, filters, signal).text();
}

/** A CSV, Moodle XML or GIFT file: its preview, or with `confirm` the import itself. */
export function importQuestionsFile(
  file: File,
  format: ImportFormat,
  options: { confirm: boolean; microTopicId: number | null },
): Promise<ImportResult> {
  const form = new FormData();
  form.append('format', format);
  if (options.microTopicId !== null) form.append('micro_topic_id', String(options.microTopicId));
  form.append('confirm', options.confirm ? 'true' : 'false');
  form.append('file', file, file.name);
  return postForm(QUESTION_PATHS.importCsv, form, { schema: importResponseSchema });
}

/** The (filtered) bank as a file of `format`, and the questions the format could not hold. */
export async function exportQuestionsFile(
  filters: QuestionFilters,
  format: ImportFormat,
): Promise<{ text: string; skipped: number }> {
  const response = await freshGet(QUESTION_PATHS.exportCsv, { ...filters, format }).res();
  const skipped = response.headers.get(EXPORT_SKIPPED_HEADER);
  return { text: await response.text(), skipped: skipped ? skipped.split(',').length : 0 };
}
