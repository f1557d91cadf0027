import type { QuestionType } from '../../../src/shared/contracts/questions.ts';
import type { TestApp } from '../helpers.ts';
import { createQuestion, createTopics, newId } from './learning.ts';
import { createUser } from './users.ts';

/**
 * A student's calls while taking, dated by the server's clock (which tests move through `ctx.now`), and the
 * fixtures those tests build: students of a school, fresh questions on a topic of their own. The app is
 * read when called, since suites start it in beforeAll.
 */
export function takingHelpers(app: () => TestApp, admin: () => string) {
  const realNow = () => new Date();
  const t = new Proxy({} as TestApp, { get: (_, key) => app()[key as keyof TestApp] });
  return {
    /** Moves the server's clock: every service reads ctx.now. */
    travelTo: (ms: number) => {
      app().ctx.now = () => new Date(ms);
    },
    resetClock: () => {
      app().ctx.now = realNow;
    },
    start: (token: string, assessmentId: number, id = newId()) =>
      t.request({
        method: 'POST',
        url: '/api/attempts',
        token,
        payload: { id, assessment_id: assessmentId },
      }),
    save: (token: string, attemptId: string, questionId: number, answer: unknown, at?: number) =>
      t.request({
        method: 'PUT',
        url: `/api/attempts/${attemptId}/answers/${questionId}`,
        token,
        payload: { answer, answered_at: new Date(at ?? t.ctx.now().getTime()).toISOString() },
      }),
    submit: (token: string, attemptId: string) =>
      t.request({ method: 'POST', url: `/api/attempts/${attemptId}/submit`, token, payload: {} }),
    analysis: async (token: string, attemptId: string) =>
      (await t.request({ method: 'GET', url: `/api/attempts/${attemptId}/analysis`, token })).json(),
    result: async (token: string, attemptId: string) =>
      (await t.request({ method: 'GET', url: `/api/attempts/${attemptId}/result`, token })).json(),
    /** A student of this school who has taken the diagnostic (unless told otherwise), logged in. */
    studentOf: async (school: number, over: { taken_diagnostics?: number } = {}) => {
      const u = await createUser(t, { school_id: school, taken_diagnostics: 1, ...over });
      return { ...u, token: await t.login(u.email, u.password) };
    },
    /** Questions of these types on a new micro topic no assessment uses yet. */
    freshQuestions: async (types: QuestionType[], extra: { practice_only?: boolean } = {}) => {
      const [topic] = await createTopics(t, admin(), 1);
      const ids: number[] = [];
      for (const type of types) ids.push(await createQuestion(t, admin(), topic!, type, extra));
      return { topic: topic!, ids };
    },
  };
}
