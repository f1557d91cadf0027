import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import { openAssessment } from '../../../src/client/features/quiz/attempt-session.ts';
import { queueAnswer, queueSubmit } from '../../../src/client/features/quiz/quiz-sync.ts';
import { drain } from '../../../src/client/lib/outbox.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { ATTEMPT_ID, makeAttempt } from './fixtures.ts';

const USER = 7;
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const startRoute = (body: object) => (request: SeenRequest) =>
  request.method === 'POST' && request.url === '/api/attempts' ? json(200, body) : undefined;

beforeEach(async () => {
  await clear(createStore('pathbuilder-outbox', 'writes'));
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  authState.user = makeUser({ id: USER });
  authState.token = 'token-abc';
});

afterEach(() => {
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('opening an attempt', () => {
  it('starts with a UUID of its own, adopts the attempt already in progress, and resumes it next time', async () => {
    const { requests } = mockFetch(startRoute(makeAttempt()));
    const first = await openAssessment(12, USER);
    expect(first).toMatchObject({ kind: 'ready', data: { attempt: { id: ATTEMPT_ID }, fromDevice: false } });
    const sent = requests[0]?.body as { id: string; assessment_id: number };
    expect(sent.assessment_id).toBe(12);
    expect(sent.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    await openAssessment(12, USER);
    expect((requests[1]?.body as { id: string }).id).toBe(ATTEMPT_ID);
  });

  it('reloaded offline, opens from this device with the answers waiting to sync merged over it', async () => {
    mockFetch(startRoute(makeAttempt({ deadline_at: '2025-03-01T10:30:00.000Z' })));
    await openAssessment(12, USER);

    mockFetch(offline);
    await queueAnswer(ATTEMPT_ID, 102, {
      answer: { type: 'true_false', value: false },
      flagged: true,
      answered_at: '2025-03-01T10:03:00.000Z',
      position: 1,
    });
    await drain();

    const reopened = await openAssessment(12, USER);
    expect(reopened.kind).toBe('ready');
    if (reopened.kind !== 'ready') return;
    expect(reopened.data.fromDevice).toBe(true);
    expect(reopened.data.attempt.deadline_at).toBe('2025-03-01T10:30:00.000Z');
    expect(reopened.data.answers[102]).toMatchObject({
      answer: { type: 'true_false', value: false },
      flagged: true,
    });
  });

  it('online again, shows the server’s copy with the waiting answers over it, and delivers them', async () => {
    mockFetch(startRoute(makeAttempt()));
    await openAssessment(12, USER);
    mockFetch(offline);
    await queueAnswer(ATTEMPT_ID, 103, {
      answer: { type: 'true_false', value: true },
      flagged: false,
      answered_at: new Date().toISOString(),
    });
    await drain();

    const { requests } = mockFetch((request) =>
      request.method === 'PUT'
        ? json(200, { saved: true, feedback: null })
        : startRoute(makeAttempt())(request),
    );
    const reopened = await openAssessment(12, USER);
    await drain();
    // The server's copy was read while the answer was still on its way: the screen shows it all the same.
    expect(reopened).toMatchObject({
      kind: 'ready',
      data: { fromDevice: false, answers: { 103: { answer: { type: 'true_false', value: true } } } },
    });
    expect(requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'POST /api/attempts',
      `PUT /api/attempts/${ATTEMPT_ID}/answers/103`,
    ]);
  });

  it('offline, for an attempt this device never opened, says it cannot start', async () => {
    mockFetch(offline);
    expect(await openAssessment(12, USER)).toEqual({ kind: 'unavailable' });
  });

  it('passes on the server’s reason when the attempt may not start', async () => {
    mockFetch(() => json(409, { message: 'You have used all 3 attempts at this assessment.' }));
    expect(await openAssessment(12, USER)).toEqual({
      kind: 'blocked',
      message: 'You have used all 3 attempts at this assessment.',
    });
  });

  it('sends the student to the result when the attempt was submitted meanwhile', async () => {
    mockFetch(startRoute(makeAttempt()));
    await openAssessment(12, USER);
    mockFetch(startRoute(makeAttempt({ status: 'submitted' })));
    expect(await openAssessment(12, USER)).toEqual({ kind: 'submitted', attemptId: ATTEMPT_ID });
  });

  it('after an offline submission, reopens as submitted-and-waiting without starting anything', async () => {
    mockFetch(startRoute(makeAttempt()));
    await openAssessment(12, USER);
    const { requests } = mockFetch(offline);
    await queueSubmit(ATTEMPT_ID, 'quiz', new Date().toISOString());
    await drain();

    const reopened = await openAssessment(12, USER);
    expect(reopened).toMatchObject({ kind: 'ready', data: { submitPending: true } });
    expect(requests.filter((r) => r.url === '/api/attempts')).toHaveLength(0);
  });
});
