import { request as httpRequest, Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_PATHS } from '../../src/shared/contracts/live.ts';
import { createAssessment, createQuestion, createTopics, newId } from './factories/learning.ts';
import { createLiveSession, readEvents } from './factories/live.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';
import {
  appOn,
  createTestDatabase,
  send,
  startServer,
  type Answer,
  type ServerProcess,
  type TestDatabase,
} from './spawned-server.ts';

/** How long the server keeps serving after SIGTERM, readiness already 503, before it stops accepting. */
const DRAIN_DELAY_MS = 1500;
const SAVES = 40;

/**
 * A host stopping gracefully (SIGTERM), as a load balancer and the students behind it see it: readiness
 * answers 503 at once, the answer saves in flight all succeed and are stored, a save whose body is still
 * arriving when the server stops accepting is finished too, the live discussion stream ends with a reconnect
 * hint, kept-alive connections are closed after their answer, and the process exits 0.
 */
describe.each(dialects)('a graceful stop (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await db?.drop();
  });

  it('finishes what it was given, ends the streams with a reconnect hint, loses nothing and exits 0', async () => {
    db = await createTestDatabase(dialect, 'drain');
    // The fixtures, built through the API of an app in this process on the same database, then closed.
    const prep = await appOn(db);
    const t = { ...prep, request: (o: Parameters<TestApp['request']>[0]) => injectWith(prep, o) } as TestApp;
    const adminUser = await createUser(prep, { is_admin: 1 });
    const admin = await login(prep, adminUser.email, adminUser.password);
    const studentUser = await createUser(prep, { taken_diagnostics: 1 });
    const student = await login(prep, studentUser.email, studentUser.password);
    const [topic] = await createTopics(t, admin, 1);
    const questions: number[] = [];
    for (let i = 0; i < SAVES + 1; i++) questions.push(await createQuestion(t, admin, topic!, 'true_false'));
    const quiz = await createAssessment(t, admin, { question_ids: questions, attempts_allowed: null });
    const attemptId = newId();
    const started = await injectWith(prep, {
      method: 'POST',
      url: '/api/attempts',
      token: student,
      payload: { id: attemptId, assessment_id: quiz },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const liveId = await createLiveSession(prep, { startsIn: -5, minutes: 120 });
    await prep.app.close();

    server = await startServer({ ...db.env, DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), LOG_LEVEL: 'info' });
    const { baseUrl } = server;

    // The admin follows the live discussion.
    const stream = await fetch(`${baseUrl}/api${LIVE_PATHS.stream(liveId)}`, {
      headers: { authorization: `Bearer ${admin}`, accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    const events = readEvents(stream.body!);

    const ready = await send(baseUrl, { method: 'GET', path: '/api/health/ready' });
    expect(ready.status).toBe(200);

    // Kept-alive connections, as a browser or a balancer holds them, warmed up before the stop.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const saveBody = (i: number) => ({
      answer: { type: 'true_false', value: i % 2 === 0 },
      answered_at: new Date().toISOString(),
    });
    const save = (i: number) =>
      send(baseUrl, {
        method: 'PUT',
        path: `/api/attempts/${attemptId}/answers/${questions[i]}`,
        token: student,
        body: saveBody(i),
        agent,
      });
    const warm = await save(0);
    expect(warm.status, warm.body).toBe(200);
    expect(warm.headers.connection).toBe('keep-alive');

    // A save whose body is still on its way when the server stops accepting: it must be finished, not cut.
    const slowIndex = SAVES;
    const slow = slowSave(baseUrl, `/api/attempts/${attemptId}/answers/${questions[slowIndex]}`, student, {
      answer: { type: 'true_false', value: true },
      answered_at: new Date().toISOString(),
    });
    await slow.headersSent;

    // A class saving answers, and the stop arriving in the middle of it.
    const saves: Array<Promise<Answer>> = [];
    for (let i = 1; i < SAVES; i++) saves.push(save(i));
    const sigtermAt = Date.now();
    server.child.kill('SIGTERM');

    // At once: not ready (the balancer stops sending), while the process still answers.
    const drainingReady = await send(baseUrl, { method: 'GET', path: '/api/health/ready' });
    expect(drainingReady.status).toBe(503);
    expect(JSON.parse(drainingReady.body)).toMatchObject({ status: 'not_ready', draining: true });
    expect(drainingReady.at - sigtermAt).toBeLessThan(DRAIN_DELAY_MS);

    const answers = await Promise.all(saves);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // A save sent during the drain, on a connection kept alive from before: served, and its connection
    // closed after the answer, so the client's next request opens one to another host.
    const during = await save(1);
    expect(during.status, during.body).toBe(200);
    expect(during.at - sigtermAt).toBeLessThan(DRAIN_DELAY_MS);
    expect(during.headers.connection).toBe('close');

    // The stream ends with the hint to come back (to another host, or this one restarted).
    const hint = await events.next((e) => e.event === 'reconnect', 5000);
    expect(JSON.parse(hint.data)).toEqual({ retry_ms: 1000 });

    // Past the delay the server accepts no new connection, and still finishes the slow save.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS + 500 - (Date.now() - sigtermAt)));
    await expect(send(baseUrl, { method: 'GET', path: '/api/health' })).rejects.toThrow(/ECONNREFUSED/);
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const slowAnswer = await slow.answer;
    expect(slowAnswer.status, slowAnswer.body).toBe(200);
    expect(slowAnswer.headers.connection).toBe('close');

    expect(await server.exited).toBe(0);
    agent.destroy();
    expect(server.output()).toContain('draining: readiness answers 503');

    // Every acknowledged save is stored, with the value that was sent.
    const after = await appOn(db);
    try {
      const rows = await after.ctx.db
        .selectFrom('attempt_answers')
        .select(['question_id', 'answer'])
        .where('attempt_id', '=', attemptId)
        .execute();
      expect(rows).toHaveLength(SAVES + 1);
      const byQuestion = new Map(rows.map((r) => [r.question_id, String(r.answer)]));
      for (let i = 0; i <= SAVES; i++)
        expect(byQuestion.get(questions[i]!), `question ${i}`).toContain(
          `"value":${i === slowIndex || i % 2 === 0}`,
        );
    } finally {
      await after.app.close();
    }
  }, 120_000);

  it('with WORKERS=2, SIGTERM to the supervisor drains every worker: streams get the hint, exit 0', async () => {
    db = await createTestDatabase(dialect, 'drain-workers');
    const prep = await appOn(db);
    const adminUser = await createUser(prep, { is_admin: 1 });
    const admin = await login(prep, adminUser.email, adminUser.password);
    const liveId = await createLiveSession(prep, { startsIn: -5, minutes: 120 });
    await prep.app.close();

    server = await startServer({ ...db.env, WORKERS: '2', DRAIN_DELAY_MS: String(DRAIN_DELAY_MS) });
    const { baseUrl } = server;
    // Streams spread over both workers (node:cluster hands connections round-robin).
    const streams = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const res = await fetch(`${baseUrl}/api${LIVE_PATHS.stream(liveId)}`, {
          headers: { authorization: `Bearer ${admin}`, accept: 'text/event-stream' },
        });
        expect(res.status).toBe(200);
        // Its headers come once the stream is attached (live.routes.ts): it is open on a worker now.
        return readEvents(res.body!);
      }),
    );
    server.child.kill('SIGTERM');
    const during = await Promise.all(
      [1, 2].map(() => send(baseUrl, { method: 'GET', path: '/api/health/ready' })),
    );
    expect(during.map((a) => a.status)).toEqual([503, 503]);
    for (const events of streams) {
      const hint = await events.next((e) => e.event === 'reconnect', 5000);
      expect(JSON.parse(hint.data)).toEqual({ retry_ms: 1000 });
    }
    expect(await server.exited).toBe(0);
  }, 120_000);
});

function injectWith(app: { app: TestApp['app'] }, o: Parameters<TestApp['request']>[0]) {
  const { token, headers, ...rest } = o;
  return app.app.inject({
    ...rest,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

async function login(app: { app: TestApp['app'] }, email: string, password: string): Promise<string> {
  const res = await injectWith(app, { method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().access_token as string;
}

/** A PUT whose headers and first half go now, and its second half when `finish()` is called. */
function slowSave(baseUrl: string, path: string, token: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  let finish = () => {};
  const req = httpRequest(`${baseUrl}${path}`, {
    method: 'PUT',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      authorization: `Bearer ${token}`,
    },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, at: Date.now() }),
      );
    });
    req.on('error', reject);
  });
  const half = Math.floor(payload.length / 2);
  const headersSent = new Promise<void>((resolve) => {
    req.write(payload.subarray(0, half), () => resolve());
  });
  finish = () => req.end(payload.subarray(half));
  return { answer, headersSent, finish: () => finish() };
}
