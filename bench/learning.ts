// The learning-core figures: answer saves with 200 students at once (each on an attempt of their own)
// and the time to grade a 50-question submission.
import { randomUUID } from 'node:crypto';
import type { Options, Result } from 'autocannon';

export const STUDENTS = 200;
/**
 * Submissions timed; the first WARMUP before them are not (the first calls compile serializers and statements).
 * 200, so that the p99 is the 99th percentile: of 50 it was simply the slowest one.
 */
export const GRADED = 200;
export const WARMUP = 3;
export const QUESTIONS = 50;

export interface Student {
  token: string;
  attemptId: string;
  questions: Array<{
    id: number;
    type: string;
    options: Array<{ id: string }>;
    left: Array<{ id: string }>;
    right: Array<{ id: string }>;
  }>;
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: unknown) => {
    // fetch's own message ("fetch failed") would not say which request.
    throw new Error(`${method} ${path}: ${String(error)}`, { cause: error });
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Some valid answer for a question as the student sees it. */
export function anAnswer(q: Student['questions'][number]): unknown {
  switch (q.type) {
    case 'single_choice':
      return { type: q.type, choice: q.options[0]!.id };
    case 'multiple_choice':
      return { type: q.type, choices: [q.options[0]!.id] };
    case 'true_false':
      return { type: q.type, value: true };
    case 'short_answer':
      return { type: q.type, text: 'scaffolding' };
    case 'matching':
      return { type: q.type, pairs: Object.fromEntries(q.left.map((l, i) => [l.id, q.right[i]!.id])) };
    default:
      return { type: q.type, order: q.options.map((o) => o.id) };
  }
}

/** An admin-made 50-question quiz of the demo bank; its id. */
export async function createBenchQuiz(base: string, adminToken: string, title = 'Bench: fifty questions') {
  const bank = await call<{ data: Array<{ id: number; practice_only: boolean }> }>(
    base,
    'GET',
    '/api/admin/questions?per_page=100',
    adminToken,
  );
  // Test Yourself questions cannot go into an assessment.
  const questionIds = bank.data
    .filter((q) => !q.practice_only)
    .slice(0, QUESTIONS)
    .map((q) => q.id);
  if (questionIds.length < QUESTIONS) throw new Error(`the demo bank has fewer than ${QUESTIONS} questions`);
  const { assessment } = await call<{ assessment: { id: number } }>(
    base,
    'POST',
    '/api/admin/assessments',
    adminToken,
    {
      kind: 'quiz',
      title,
      selection: 'fixed',
      question_ids: questionIds,
      attempts_allowed: null,
      published: true,
    },
  );
  return assessment.id;
}

/**
 * `quizzes` more bench quizzes, and an attempt of each of `students` at each: more attempts in progress
 * than students (registering students costs a password hash each; starting attempts does not).
 */
export async function moreAttempts(
  base: string,
  adminToken: string,
  students: Student[],
  quizzes: number,
): Promise<Student[]> {
  const more: Student[] = [];
  for (let n = 0; n < quizzes; n++) {
    const quiz = await createBenchQuiz(base, adminToken, `Bench: fifty questions (${n + 2})`);
    for (let i = 0; i < students.length; i += 10) {
      more.push(
        ...(await Promise.all(
          students.slice(i, i + 10).map(async ({ token }) => {
            const attempt = await call<{ id: string; questions: Student['questions'] }>(
              base,
              'POST',
              '/api/attempts',
              token,
              { id: randomUUID(), assessment_id: quiz },
            );
            return { token, attemptId: attempt.id, questions: attempt.questions };
          }),
        )),
      );
    }
  }
  return more;
}

/** An admin-made 50-question quiz and `count` newly registered students, each with an attempt at it. */
export async function prepareStudents(base: string, adminToken: string, count: number): Promise<Student[]> {
  const quiz = await createBenchQuiz(base, adminToken);
  const { data: locations } = await call<{ data: Array<{ id: number }> }>(
    base,
    'GET',
    '/api/lookups/locations',
    null,
  );
  const { data: schools } = await call<{ data: Array<{ id: number; location_id: number }> }>(
    base,
    'GET',
    '/api/lookups/schools',
    null,
  );
  const school = schools.find((s) => s.location_id === locations[0]!.id)!;
  const students: Student[] = [];
  const stamp = Date.now();
  for (let i = 0; i < count; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, k) => {
        const { access_token: token } = await call<{ access_token: string }>(
          base,
          'POST',
          '/api/register',
          null,
          {
            full_name: `Bench Student ${i + k}`,
            email: `bench.${stamp}.${i + k}@example.test`,
            password: 'bench-password-1',
            password_confirmation: 'bench-password-1',
            location_id: school.location_id,
            school_id: school.id,
          },
        );
        // The diagnostic comes first: submitted blank, it unlocks the rest.
        const { data: diagnostics } = await call<{ data: Array<{ id: number }> }>(
          base,
          'GET',
          '/api/my/assessments?kind=diagnostic',
          token,
        );
        const diagnostic = await call<{ id: string }>(base, 'POST', '/api/attempts', token, {
          id: randomUUID(),
          assessment_id: diagnostics[0]!.id,
        });
        await call(base, 'POST', `/api/attempts/${diagnostic.id}/submit`, token, {});
        const attempt = await call<{ id: string; questions: Student['questions'] }>(
          base,
          'POST',
          '/api/attempts',
          token,
          { id: randomUUID(), assessment_id: quiz },
        );
        return { token, attemptId: attempt.id, questions: attempt.questions };
      }),
    );
    students.push(...batch);
  }
  return students;
}

/** Every connection is one student answering the questions of their own attempt, one after another, over and over. */
export function answerSaveLoad(base: string, students: Student[], duration: number): Options {
  let next = 0;
  return {
    url: base,
    connections: students.length,
    duration,
    setupClient(client) {
      const s = students[next++ % students.length]!;
      // setRequests, not setRequest: autocannon repeats only a list; a single request is sent once, then `GET /`.
      client.setRequests(
        s.questions.map((q) => ({
          method: 'PUT',
          path: `/api/attempts/${s.attemptId}/answers/${q.id}`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
          body: JSON.stringify({
            answer: anAnswer(q),
            flagged: false,
            answered_at: new Date().toISOString(),
          }),
        })),
      );
    },
  };
}

/** Answers every question of `students`' attempts, then submits them one at a time and times each. */
export async function gradingTimes(base: string, students: Student[]): Promise<number[]> {
  const times: number[] = [];
  for (const [i, s] of students.entries()) {
    for (const q of s.questions) {
      await call(base, 'PUT', `/api/attempts/${s.attemptId}/answers/${q.id}`, s.token, {
        answer: anAnswer(q),
        flagged: false,
        answered_at: new Date().toISOString(),
      });
    }
    const t0 = performance.now();
    const result = await call<{ max_score: number }>(
      base,
      'POST',
      `/api/attempts/${s.attemptId}/submit`,
      s.token,
      {},
    );
    if (i >= WARMUP) times.push(performance.now() - t0);
    if (result.max_score !== QUESTIONS)
      throw new Error(`graded ${result.max_score} questions, expected ${QUESTIONS}`);
  }
  return times;
}

/** The nearest-rank percentile; NaN of no values (a run whose requests all failed, which fails the bench). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type { Result };
