// The classroom bench's verdict, asked of the server directly (not through the bad Wi-Fi) once every student
// is done: is each acknowledged answer the one stored, is the stored answer the last one given, was every
// attempt submitted, and is each score what the bench's own key makes of the last answers.
import { buildApp } from '../src/server/app.ts';
import { configFromEnv } from '../src/server/config.ts';
import type { AnswerValue } from '../src/shared/contracts/attempts.ts';
import { canonical, type GivenAnswer } from './classroom-quiz.ts';

export interface Taken {
  who: string;
  token: string;
  attemptId: string | null;
  lastGiven: Map<number, GivenAnswer>;
  /** Per question, the last answer the server acknowledged; null when the client cannot tell (a browser). */
  lastAcked: Map<number, AnswerValue> | null;
}

export interface Verdict {
  /** Acknowledged, but not stored or not the one stored. */
  answersLost: number;
  /** Stored, but not the last answer given. */
  answersNotLast: number;
  attemptsNotSubmitted: number;
  scoresWrong: number;
  answersChecked: number;
  /** The first few of each kind, to say why. */
  examples: string[];
}

async function getJson<T>(base: string, path: string, token: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T };
}

export async function checkClass(base: string, taken: Taken[]): Promise<Verdict> {
  const verdict: Verdict = {
    answersLost: 0,
    answersNotLast: 0,
    attemptsNotSubmitted: 0,
    scoresWrong: 0,
    answersChecked: 0,
    examples: [],
  };
  const example = (line: string) => {
    if (verdict.examples.length < 12) verdict.examples.push(line);
  };
  for (const t of taken) {
    if (!t.attemptId) {
      verdict.attemptsNotSubmitted += 1;
      example(`${t.who}: no attempt`);
      continue;
    }
    const attempt = await getJson<{
      status: string;
      answers: Array<{ question_id: number; answer: unknown }>;
    }>(base, `/attempts/${t.attemptId}`, t.token);
    if (attempt.status !== 200) {
      verdict.attemptsNotSubmitted += 1;
      example(`${t.who}: GET attempt ${attempt.status}`);
      continue;
    }
    const stored = new Map(attempt.body.answers.map((a) => [a.question_id, canonical(a.answer)]));
    for (const [questionId, given] of t.lastGiven) {
      verdict.answersChecked += 1;
      const now = stored.get(questionId) ?? 'nothing';
      // A browser's outbox sends the submission only after every answer before it: submitted, each was acked.
      const acked = t.lastAcked
        ? t.lastAcked.get(questionId)
        : attempt.body.status === 'submitted'
          ? given.value
          : undefined;
      if (acked !== undefined && canonical(acked) !== now) {
        verdict.answersLost += 1;
        example(`${t.who}: question ${questionId} acknowledged ${canonical(acked)}, stored ${now}`);
      }
      if (canonical(given.value) !== now) {
        verdict.answersNotLast += 1;
        example(`${t.who}: question ${questionId} last given ${canonical(given.value)}, stored ${now}`);
      }
    }
    if (attempt.body.status !== 'submitted') {
      verdict.attemptsNotSubmitted += 1;
      example(`${t.who}: attempt ${t.attemptId} is ${attempt.body.status}`);
      continue;
    }
    const result = await getJson<{ score: number }>(base, `/attempts/${t.attemptId}/result`, t.token);
    const expected = [...t.lastGiven.values()].filter((g) => g.right).length;
    if (result.status !== 200 || result.body.score !== expected) {
      verdict.scoresWrong += 1;
      example(`${t.who}: score ${result.body.score} (${result.status}), the key says ${expected}`);
    }
  }
  return verdict;
}

/**
 * A submission is counted once: each student's proficiency on the quiz's topic holds exactly the quiz's
 * questions and their score, however many times the submit was sent (these students had no other answers
 * there). Read from the database itself once the server has stopped. Returns the students counted otherwise.
 */
export async function submissionsNotCountedOnce(
  database: { dataDir: string; databaseUrl?: string },
  topicId: number,
  expected: Map<string, { total: number; correct: number }>,
): Promise<string[]> {
  const { app, ctx } = await buildApp({
    ...configFromEnv({ DATA_DIR: database.dataDir, SEED: 'none', LOG_LEVEL: 'silent', WORKERS: '1' }),
    databaseUrl: database.databaseUrl,
    staticDir: undefined,
    sweeps: false,
  });
  try {
    const rows = await ctx.db
      .selectFrom('proficiency')
      .innerJoin('users', 'users.id', 'proficiency.user_id')
      .select(['users.email', 'proficiency.total', 'proficiency.correct'])
      .where('proficiency.micro_topic_id', '=', topicId)
      .where('users.email', 'in', [...expected.keys()])
      .execute();
    const found = new Map(rows.map((r) => [r.email, r]));
    const wrong: string[] = [];
    for (const [email, want] of expected) {
      const got = found.get(email);
      if (got?.total !== want.total || got.correct !== want.correct)
        wrong.push(
          `${email}: proficiency ${got ? `${got.correct}/${got.total}` : 'none'}, one submission makes ${want.correct}/${want.total}`,
        );
    }
    return wrong;
  } finally {
    await app.close();
  }
}
