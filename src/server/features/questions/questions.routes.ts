import { z } from 'zod';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  QUESTION_PATHS,
  importBodySchema,
  importResponseSchema,
  questionBodySchema,
  questionResponseSchema,
  questionsQuerySchema,
  questionsResponseSchema,
} from '../../../shared/contracts/questions.ts';
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
    summary: 'Import questions from CSV; each rejected row is reported with its reasons',
    body: importBodySchema,
    response: importResponseSchema,
    handler: ({ body, auth }) => questions.importCsv(body.csv, auth),
  });
  route({
    method: 'GET',
    url: QUESTION_PATHS.exportCsv,
    access: ADMIN,
    summary: 'Export the (filtered) question bank as CSV, in the import format',
    query: questionsQuerySchema,
    response: z.string(),
    handler: async ({ query, reply }) => {
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="pathbuilder-questions.csv"');
      return questions.exportCsv(questionFilter(query));
    },
  });
}
