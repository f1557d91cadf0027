// A protocol-level student of the classroom bench: takes the quiz at a human pace and sends its writes the
// way the app's outbox does (src/client/lib/outbox.ts): each answer an idempotent PUT carrying its ids and
// the time it was given, one pending write per question (a newer answer replaces one not yet sent), sent
// in order, one at a time; on a network failure, a 5xx or a 429 it waits (1 s, doubling, at most 15 s) and
// tries again; a request that hangs is abandoned after a timeout and sent again.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AnswerValue } from '../src/shared/contracts/attempts.ts';
import { answerFor, type GivenAnswer, type QuizQuestion } from './classroom-quiz.ts';

/** The outbox's: the server refused these for good, so a retry would get the same answer. */
const FINAL_STATUSES = new Set([400, 403, 404, 409, 410, 422]);
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 15_000;

export interface ClassStats {
  /** Every status the students were answered with, by code. */
  statuses: Map<number, number>;
  /** Requests that failed for want of a network: cut, refused, reset. */
  networkErrors: number;
  /** Requests abandoned after hanging (connected, no reply). */
  abandoned: number;
  /** Requests sent again after a failure. */
  retries: number;
  /** Milliseconds from giving an answer to the server acknowledging it, every acknowledged answer. */
  ackMs: number[];
  /** Milliseconds of each single request that was answered (one try, the proxy's latency included). */
  replyMs: number[];
  /** Writes the server refused for good: "status path: message". */
  refused: string[];
}

export function newStats(): ClassStats {
  return {
    statuses: new Map(),
    networkErrors: 0,
    abandoned: 0,
    retries: 0,
    ackMs: [],
    replyMs: [],
    refused: [],
  };
}

export interface Pace {
  /** When the student starts, after the class began (uniform in [0, startSpreadMs]). */
  startSpreadMs: number;
  /** Thinking time per question (uniform). */
  gapMs: readonly [number, number];
  /** Share of questions answered twice (a change of mind), and of students who go back to one at the end. */
  changeShare: number;
  revisitShare: number;
  /** Share of answers given right. */
  rightShare: number;
}

export interface StudentOutcome {
  attemptId: string;
  /** Per question id: the last answer given, and the last acknowledged (undefined: none was). */
  lastGiven: Map<number, GivenAnswer>;
  lastAcked: Map<number, AnswerValue>;
  submitted: boolean;
}

interface Write {
  key: string;
  method: 'PUT' | 'POST';
  path: string;
  body: object;
  givenAt: number;
  questionId: number | null;
}

type Reply = { status: number; text: string };

/** One request on the student's own connections; rejects on a network failure or after `hangMs` silent. */
function request(
  agent: http.Agent,
  base: URL,
  token: string,
  w: Omit<Write, 'key' | 'givenAt' | 'questionId'>,
  hangMs: number,
) {
  return new Promise<Reply>((resolve, reject) => {
    const payload = JSON.stringify(w.body);
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: `/api${w.path}`,
        method: w.method,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text });
        });
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
      },
    );
    // Classroom Wi-Fi says "connected" while nothing gets through: give up on the request and send it again.
    const timer = setTimeout(() => req.destroy(new HangError()), hangMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}

class HangError extends Error {
  constructor() {
    super('no reply in time');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function takeQuiz(options: {
  base: URL;
  token: string;
  quizId: number;
  questions: QuizQuestion[];
  pace: Pace;
  hangMs: number;
  random: () => number;
  stats: ClassStats;
  /** The student gives up sending at this time (the quiz's deadline and its grace are long gone). */
  giveUpAt: number;
}): Promise<StudentOutcome> {
  const { base, token, pace, random, stats } = options;
  const between = ([low, high]: readonly [number, number]) => low + random() * (high - low);
  // A phone's own connections, kept alive between requests as a browser keeps them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const attemptId = randomUUID();
  const outcome: StudentOutcome = { attemptId, lastGiven: new Map(), lastAcked: new Map(), submitted: false };
  let wake: (() => void) | null = null;

  /** Sends until the server takes it (2xx), refuses it for good, or the student gives up. */
  async function deliver(
    w: Omit<Write, 'key' | 'givenAt' | 'questionId'>,
    cancelled?: () => boolean,
  ): Promise<Reply | null> {
    for (let failures = 0; Date.now() < options.giveUpAt; failures++) {
      if (failures > 0) stats.retries += 1;
      try {
        const sent = Date.now();
        const reply = await request(agent, base, token, w, options.hangMs);
        stats.replyMs.push(Date.now() - sent);
        stats.statuses.set(reply.status, (stats.statuses.get(reply.status) ?? 0) + 1);
        if (reply.status < 300) return reply;
        if (FINAL_STATUSES.has(reply.status)) {
          stats.refused.push(`${reply.status} ${w.method} ${w.path}: ${reply.text.slice(0, 200)}`);
          return null;
        }
      } catch (error) {
        if (error instanceof HangError) stats.abandoned += 1;
        else stats.networkErrors += 1;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures));
      });
      wake = null;
      // Replaced by a newer answer while waiting: that one goes instead (the outbox keeps one per question).
      if (cancelled?.()) return null;
    }
    return null;
  }

  // The outbox: one pending write per key, oldest first; a newer write under a key moves to the back.
  const pending = new Map<string, Write>();
  let draining: Promise<void> | null = null;
  const drain = async () => {
    while (pending.size && Date.now() < options.giveUpAt) {
      const [key, w] = pending.entries().next().value!;
      const reply = await deliver(w, () => pending.get(key) !== w);
      if (pending.get(key) === w) pending.delete(key);
      if (!reply) continue;
      if (w.questionId !== null) {
        stats.ackMs.push(Date.now() - w.givenAt);
        outcome.lastAcked.set(w.questionId, (w.body as { answer: AnswerValue }).answer);
      } else outcome.submitted = true;
    }
  };
  const enqueue = (w: Write) => {
    pending.delete(w.key);
    pending.set(w.key, w);
    // A newer write during a wait: the outbox sends at once (enqueue drains), so the wait ends.
    wake?.();
    draining ??= drain().finally(() => (draining = null));
  };

  await sleep(random() * pace.startSpreadMs);
  const started = await deliver({
    method: 'POST',
    path: '/attempts',
    body: { id: attemptId, assessment_id: options.quizId },
  });
  if (!started) return outcome;
  const attempt = JSON.parse(started.text) as { questions: Array<{ id: number }> };
  const byId = new Map(options.questions.map((q) => [q.id, q]));
  const give = (questionId: number, position: number, answer: GivenAnswer) => {
    outcome.lastGiven.set(questionId, answer);
    enqueue({
      key: `answer:${attemptId}:${questionId}`,
      method: 'PUT',
      path: `/attempts/${attemptId}/answers/${questionId}`,
      body: { answer: answer.value, flagged: false, answered_at: new Date().toISOString(), position },
      givenAt: Date.now(),
      questionId,
    });
  };
  for (const [position, { id }] of attempt.questions.entries()) {
    await sleep(between(pace.gapMs));
    const right = random() < pace.rightShare;
    give(id, position, answerFor(byId.get(id)!, right));
    if (random() < pace.changeShare) {
      // A change of mind a moment later: the other answer (right becomes wrong, wrong becomes right).
      await sleep(between(pace.gapMs) / 2);
      give(id, position, answerFor(byId.get(id)!, !right));
    }
  }
  if (random() < pace.revisitShare) {
    // Back to an earlier question before submitting.
    const position = Math.floor(random() * attempt.questions.length);
    const id = attempt.questions[position]!.id;
    await sleep(between(pace.gapMs));
    give(id, position, answerFor(byId.get(id)!, !outcome.lastGiven.get(id)!.right));
  }
  await sleep(between(pace.gapMs));
  enqueue({
    key: `submit:${attemptId}`,
    method: 'POST',
    path: `/attempts/${attemptId}/submit`,
    body: { submitted_at: new Date().toISOString() },
    givenAt: Date.now(),
    questionId: null,
  });
  while (draining) await draining;
  agent.destroy();
  return outcome;
}
