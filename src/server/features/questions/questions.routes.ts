import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatBytes } from '../../../shared/contracts/files.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  EXPORT_SKIPPED_HEADER,
  IMPORT_MAX_BYTES,
  QUESTION_PATHS,
  exportQuerySchema,
  importBodySchema,
  importFormSchema,
  type ImportForm,
  importResponseSchema,
  questionBodySchema,
  questionResponseSchema,
  questionsQuerySchema,
  questionsResponseSchema,
} from '../../../shared/contracts/questions.ts';
import { HttpError, parse, unprocessable } from '../../plugins/errors.ts';
import { ADMIN, type Route, STAFF } from '../../plugins/routes.ts';
import { questionFilter, type QuestionsService } from './questions.service.ts';

export function questionsRoutes(route: Route, questions: QuestionsService): void {
  // Teachers read the bank to build quizzes from it; only admins edit it (spec 2.7).
  route({
    method: 'GET',
    url: QUESTION_PATHS.list,
    access: STAFF,
    summary: 'The question bank, filtered and paginated (with answer keys: staff only)',
    query: questionsQuerySchema,
    response: questionsResponseSchema,
    handler: ({ query }) => questions.list(query),
  });
  route({
    method: 'GET',
    url: QUESTION_PATHS.one(':id'),
    access: STAFF,
    summary: 'One question with its answer key',
    params: idParamSchema,
    response: questionResponseSchema,
    handler: async ({ params }) => ({ question: await questions.get(params.id) }),
  });
  route({
    method: 'POST',
    url: QUESTION_PATHS.list,
    access: ADMIN,
    summary: 'Add a question',
    body: questionBodySchema,
    response: questionResponseSchema,
    status: 201,
    handler: async ({ body, auth }) => ({ question: await questions.create(body, auth) }),
  });
  route({
    method: 'PUT',
    url: QUESTION_PATHS.one(':id'),
    access: ADMIN,
    summary: 'Edit a question',
    params: idParamSchema,
    body: questionBodySchema,
    response: questionResponseSchema,
    handler: async ({ params, body, auth }) => ({ question: await questions.update(params.id, body, auth) }),
  });
  route({
    method: 'DELETE',
    url: QUESTION_PATHS.one(':id'),
    access: ADMIN,
    summary: 'Delete a question no assessment or attempt uses (409 otherwise)',
    params: idParamSchema,
    handler: ({ params }) => questions.remove(params.id),
  });
  route({
    method: 'POST',
    url: QUESTION_PATHS.importCsv,
    access: ADMIN,
    summary:
      'Import questions: JSON `{ csv }` imports our CSV at once; multipart (`file`, `format` = csv | moodle_xml | gift, `micro_topic_id`, `confirm`) previews, and writes only with confirm=true',
    body: importBodySchema,
    multipart: true,
    response: importResponseSchema,
    handler: async ({ body, auth, request }) => {
      if (!request.isMultipart()) return questions.importCsv(body!.csv, auth);
      const { form, bytes } = await readImportForm(request);
      return questions.importFile(form, bytes, auth);
    },
  });
  route({
    method: 'GET',
    url: QUESTION_PATHS.exportCsv,
    access: ADMIN,
    summary:
      'Export the (filtered) question bank as CSV, Moodle XML or GIFT (`format`); GIFT leaves out ordering questions and names them in x-skipped-questions',
    query: exportQuerySchema,
    response: z.string(),
    handler: async ({ query, reply }) => {
      const file = await questions.exportFile(query.format, questionFilter(query));
      void reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      if (file.skipped.length)
        void reply.header(EXPORT_SKIPPED_HEADER, file.skipped.map((q) => q.id).join(','));
      return file.text;
    },
  });
}

/**
 * The multipart import's fields and file. The file is read up to IMPORT_MAX_BYTES and no further: past it the
 * parser stops keeping bytes and the request is refused with 413, so a huge file is never held whole.
 */
async function readImportForm(request: FastifyRequest): Promise<{ form: ImportForm; bytes: Buffer }> {
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  const tooLarge = () =>
    new HttpError(413, `The file may be at most ${formatBytes(IMPORT_MAX_BYTES)}.`, {
      file: [`The file may be at most ${formatBytes(IMPORT_MAX_BYTES)}.`],
    });
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
  for await (const part of request.parts({
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1000 },
  })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' && part.fieldname !== 'csv') {
      part.file.resume();
      throw unprocessable({ file: ['Send the file in the field named "file".'] });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw tooLarge();
    bytes = Buffer.concat(chunks);
  }
  if (!bytes) throw unprocessable({ file: ['Choose a file to import.'] });
  return { form: parse(importFormSchema, fields), bytes };
}
