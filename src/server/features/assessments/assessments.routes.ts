import { z } from 'zod';
import {
  ASSESSMENT_PATHS,
  assessmentBodySchema,
  assessmentResponseSchema,
  assessmentsQuerySchema,
  assessmentsResponseSchema,
  myAssessmentsQuerySchema,
  myAssessmentsResponseSchema,
  staffAttemptsResponseSchema,
} from '../../../shared/contracts/assessments.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import { questionSchema } from '../../../shared/contracts/questions.ts';
import { type Route, STAFF, STUDENT } from '../../plugins/routes.ts';
import type { AttemptsService } from '../attempts/attempts.service.ts';
import type { QuestionsService } from '../questions/questions.service.ts';
import { missingSchools, type AssessmentsService } from './assessments.service.ts';

export function assessmentsRoutes(
  route: Route,
  deps: { assessments: AssessmentsService; attempts: AttemptsService; questions: QuestionsService },
): void {
  const { assessments } = deps;
  route({
    method: 'GET',
    url: ASSESSMENT_PATHS.list,
    access: STAFF,
    summary: 'Quizzes, exams or diagnostics (teachers: their schools’)',
    query: assessmentsQuerySchema,
    response: assessmentsResponseSchema,
    handler: ({ query, auth }) => assessments.list(auth, query),
  });
  route({
    method: 'GET',
    url: ASSESSMENT_PATHS.attempts(':id'),
    access: STAFF,
    summary: 'Its attempts, with who used the offline grace (teachers: their schools’ students)',
    params: idParamSchema,
    response: staffAttemptsResponseSchema,
    handler: async ({ params, auth }) => ({ data: await deps.attempts.forStaff(auth, params.id) }),
  });
  route({
    method: 'GET',
    url: ASSESSMENT_PATHS.one(':id'),
    access: STAFF,
    summary: 'One assessment with its settings',
    params: idParamSchema,
    response: assessmentResponseSchema,
    handler: async ({ params, auth }) => ({ assessment: await assessments.get(auth, params.id) }),
  });
  route({
    method: 'POST',
    url: ASSESSMENT_PATHS.list,
    access: STAFF,
    summary: 'Create an assessment',
    body: assessmentBodySchema,
    bodyErrors: (body, auth) => missingSchools(auth, (body as { school_ids?: unknown } | null)?.school_ids),
    response: assessmentResponseSchema,
    status: 201,
    handler: async ({ body, auth }) => ({ assessment: await assessments.create(auth, body) }),
  });
  route({
    method: 'PUT',
    url: ASSESSMENT_PATHS.one(':id'),
    access: STAFF,
    summary: 'Edit an assessment',
    params: idParamSchema,
    body: assessmentBodySchema,
    bodyErrors: (body, auth) => missingSchools(auth, (body as { school_ids?: unknown } | null)?.school_ids),
    response: assessmentResponseSchema,
    handler: async ({ params, body, auth }) => ({
      assessment: await assessments.update(auth, params.id, body),
    }),
  });
  route({
    method: 'DELETE',
    url: ASSESSMENT_PATHS.one(':id'),
    access: STAFF,
    summary: 'Delete an assessment nobody has attempted',
    params: idParamSchema,
    handler: ({ params, auth }) => assessments.remove(auth, params.id),
  });
  route({
    method: 'GET',
    url: ASSESSMENT_PATHS.preview(':id'),
    access: STAFF,
    summary: 'Preview: the questions as planned (fixed) or the pool (random), with answer keys',
    params: idParamSchema,
    response: z.object({ questions: z.array(questionSchema) }),
    handler: async ({ params, auth }) => {
      const a = await assessments.get(auth, params.id);
      const questions =
        a.selection === 'fixed'
          ? await deps.questions.all({ ids: a.question_ids })
          : await deps.questions.all({ microTopicIds: a.draws.map((d) => d.micro_topic_id) });
      const order = new Map(a.question_ids.map((id, i) => [id, i]));
      return {
        questions:
          a.selection === 'fixed' ? questions.sort((x, y) => order.get(x.id)! - order.get(y.id)!) : questions,
      };
    },
  });
  route({
    method: 'GET',
    url: ASSESSMENT_PATHS.mine,
    access: STUDENT,
    summary: 'The quizzes, exams or diagnostics open to me, with my state at each',
    query: myAssessmentsQuerySchema,
    response: myAssessmentsResponseSchema,
    handler: async ({ query, auth }) => ({
      data: await assessments.mine(auth.user, query.kind, await deps.attempts.summariesOf(auth.user.id)),
    }),
  });
}
