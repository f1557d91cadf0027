import {
  ATTEMPT_PATHS,
  analysisSchema,
  answerParamsSchema,
  attemptParamsSchema,
  attemptSchema,
  heartbeatBodySchema,
  heartbeatResponseSchema,
  diagnosticResultsSchema,
  resultSchema,
  saveAnswerBodySchema,
  positionBodySchema,
  saveAnswerResponseSchema,
  startAttemptBodySchema,
  startPracticeBodySchema,
  submitBodySchema,
} from '../../../shared/contracts/attempts.ts';
import { type Route, STUDENT } from '../../plugins/routes.ts';
import type { AttemptsService } from './attempts.service.ts';

/**
 * `delivered` records that the student's device delivered answers (users/sync-stamp.service.ts), after the
 * write succeeded: an offline replay counts when it arrives.
 */
export function attemptsRoutes(
  route: Route,
  attempts: AttemptsService,
  delivered: (userId: number) => Promise<void> | undefined = () => undefined,
): void {
  route({
    method: 'POST',
    url: ATTEMPT_PATHS.start,
    access: STUDENT,
    summary: 'Start (or resume) an attempt; the client’s UUID makes a retried start the same attempt',
    body: startAttemptBodySchema,
    response: attemptSchema,
    handler: ({ body, auth }) => attempts.start(auth, body),
  });
  route({
    method: 'POST',
    url: ATTEMPT_PATHS.practice,
    access: STUDENT,
    summary: 'Start a Test Yourself practice on chosen micro topics',
    body: startPracticeBodySchema,
    response: attemptSchema,
    handler: ({ body, auth }) => attempts.startPractice(auth, body),
  });
  route({
    method: 'GET',
    url: ATTEMPT_PATHS.one(':id'),
    access: STUDENT,
    summary: 'An own attempt with its questions (no answer keys) and saved answers',
    params: attemptParamsSchema,
    response: attemptSchema,
    handler: ({ params, auth }) => attempts.get(auth, params.id),
  });
  route({
    method: 'PUT',
    url: ATTEMPT_PATHS.answer(':id', ':questionId'),
    access: STUDENT,
    summary: 'Save one answer (idempotent; an older write never overwrites a newer one)',
    params: answerParamsSchema,
    body: saveAnswerBodySchema,
    response: saveAnswerResponseSchema,
    handler: async ({ params, body, auth }) => {
      const saved = await attempts.saveAnswer(auth, params.id, params.questionId, body);
      const stamping = delivered(auth.user.id);
      if (stamping) await stamping;
      return saved;
    },
  });
  route({
    method: 'PUT',
    url: ATTEMPT_PATHS.position(':id'),
    access: STUDENT,
    summary: 'Remember which question the student is on, so another device resumes there',
    params: attemptParamsSchema,
    body: positionBodySchema,
    handler: ({ params, body, auth }) => attempts.savePosition(auth, params.id, body.position),
  });
  route({
    method: 'POST',
    url: ATTEMPT_PATHS.heartbeat(':id'),
    access: STUDENT,
    summary:
      'The device of an attempt in progress is there, with its count of answers waiting to sync; answers the deadline',
    params: attemptParamsSchema,
    body: heartbeatBodySchema,
    response: heartbeatResponseSchema,
    handler: ({ params, body, auth }) => attempts.heartbeat(auth, params.id, body.outbox),
  });
  route({
    method: 'POST',
    url: ATTEMPT_PATHS.submit(':id'),
    access: STUDENT,
    summary: 'Submit and grade (idempotent)',
    params: attemptParamsSchema,
    body: submitBodySchema,
    response: resultSchema,
    handler: async ({ params, auth }) => {
      const result = await attempts.submit(auth, params.id);
      await delivered(auth.user.id);
      return result;
    },
  });
  route({
    method: 'GET',
    url: ATTEMPT_PATHS.result(':id'),
    access: 'user',
    summary: 'The result of a submitted attempt',
    params: attemptParamsSchema,
    response: resultSchema,
    handler: ({ params, auth }) => attempts.result(auth, params.id),
  });
  route({
    method: 'GET',
    url: ATTEMPT_PATHS.analysis(':id'),
    access: 'user',
    summary: 'Question-by-question review, as far as the review policy allows',
    params: attemptParamsSchema,
    response: analysisSchema,
    handler: ({ params, auth }) => attempts.analysis(auth, params.id),
  });
  route({
    method: 'GET',
    url: ATTEMPT_PATHS.diagnosticResults,
    access: STUDENT,
    summary: 'My latest diagnostic, per subject and micro topic',
    response: diagnosticResultsSchema,
    handler: ({ auth }) => attempts.diagnosticResults(auth),
  });
}
