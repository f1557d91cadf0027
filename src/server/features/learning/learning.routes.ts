import { LEARNING_PATHS } from '../../../shared/api-paths.ts';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import {
  dailyParamsSchema,
  dailyPerformanceSchema,
  learningPathwaySchema,
  learningProfileSchema,
  learningSummarySchema,
  proficiencySchema,
  userProgressSchema,
} from '../../../shared/contracts/learning.ts';
import {
  ASSIGN_PRACTICE_PATH,
  assignPracticeResponseSchema,
  assignPracticeSchema,
} from '../../../shared/contracts/practice-assignments.ts';
import type { Route } from '../../plugins/routes.ts';
import type { AssignPracticeFn } from './practice-assignment.ts';
import type { LearningService } from './learning.service.ts';

/** Spec 7's recalculation calls. Any signed-in user may call them; the service decides for whom. */
export function learningRoutes(
  route: Route,
  learning: LearningService,
  assignPractice: AssignPracticeFn,
): void {
  route({
    method: 'PUT',
    url: LEARNING_PATHS.proficiency(':id'),
    access: 'user',
    summary: "Recompute a student's per-topic proficiency from their marked answers (idempotent)",
    params: idParamSchema,
    response: proficiencySchema,
    handler: ({ params, auth }) => learning.proficiency(auth, params.id),
  });
  route({
    method: 'PUT',
    url: LEARNING_PATHS.progress(':id'),
    access: 'user',
    summary: "Recompute a student's progress per subject and overall (idempotent)",
    params: idParamSchema,
    response: userProgressSchema,
    handler: ({ params, auth }) => learning.progress(auth, params.id),
  });
  route({
    method: 'PUT',
    url: LEARNING_PATHS.daily(':date', ':id'),
    access: 'user',
    summary: "Recompute a student's performance on one day (UTC, YYYY-MM-DD) (idempotent)",
    params: dailyParamsSchema,
    response: dailyPerformanceSchema,
    handler: ({ params, auth }) => learning.daily(auth, params.id, params.date),
  });
  route({
    method: 'GET',
    url: LEARNING_PATHS.myProfile,
    access: ['student'],
    summary: 'My mastery by subject, sub topic and micro topic, over time, with my latest attempts',
    response: learningProfileSchema,
    handler: ({ auth }) => learning.myProfile(auth),
  });
  route({
    method: 'GET',
    url: LEARNING_PATHS.studentProfile(':id'),
    access: ['admin', 'teacher'],
    summary: "A student's learning profile (a teacher: students of their own schools)",
    params: idParamSchema,
    response: learningProfileSchema,
    handler: ({ params, auth }) => learning.studentProfile(auth, params.id),
  });
  route({
    method: 'POST',
    url: ASSIGN_PRACTICE_PATH(':id'),
    access: ['admin', 'teacher'],
    status: 201,
    summary:
      'Send a student practice on chosen topics: a notification opening Test Yourself with them ticked (audited)',
    params: idParamSchema,
    body: assignPracticeSchema,
    response: assignPracticeResponseSchema,
    handler: ({ params, auth, body }) => assignPractice(auth, params.id, body),
  });
  route({
    method: 'GET',
    url: LEARNING_PATHS.myPathway,
    access: ['student'],
    summary:
      'What I am ready to learn next, in graph order, each with a quiz I can start, and what is due again',
    response: learningPathwaySchema,
    handler: ({ auth }) => learning.myPathway(auth),
  });
  route({
    method: 'GET',
    url: LEARNING_PATHS.mySummary,
    access: ['student'],
    summary: "My dashboard's learning card: topics mastered, the pathway's next steps, the last two weeks",
    response: learningSummarySchema,
    handler: ({ auth }) => learning.mySummary(auth),
  });
}
