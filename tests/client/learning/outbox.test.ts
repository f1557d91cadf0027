import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureOutbox,
  drain,
  enqueue,
  outboxSnapshot,
  pendingEntries,
  subscribeOutbox,
} from '../../../src/client/lib/outbox.ts';
import type { OutboxEvent, OutboxWrite } from '../../../src/client/lib/outbox.ts';
import { hanging, json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';

const ATTEMPT = '3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f';

function answerWrite(questionId: number, choice: string, answeredAt: string): OutboxWrite {
  return {
    key: `answer:${ATTEMPT}:${questionId}`,
    method: 'PUT',
    path: `/attempts/${ATTEMPT}/answers/${questionId}`,
    body: { answer: { type: 'single_choice', choice }, flagged: false, answered_at: answeredAt },
    version: answeredAt,
    meta: { type: 'answer', attemptId: ATTEMPT, questionId },
  };
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

let events: OutboxEvent[] = [];
let unsubscribe = () => {};

beforeEach(async () => {
  await clear(createStore('pathbuilder-outbox', 'writes'));
  // No network while the writes are queued, so each test decides when they go out.
  mockFetch(offline);
  configureOutbox({ currentUserId: () => 7, retryMs: 0 });
  await drain();
  events = [];
  unsubscribe = subscribeOutbox((event) => events.push(event));
});

afterEach(() => {
  unsubscribe();
  vi.unstubAllGlobals();
});

const putBodies = (requests: SeenRequest[]) =>
  requests
    .filter((r) => r.method === 'PUT')
    .map((r) => [r.url, (r.body as { answered_at: string }).answered_at]);

describe('the offline outbox', () => {
  it('keeps only the newest pending answer to a question, whatever order the writes arrive in', async () => {
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:05.000Z'));
    await enqueue(answerWrite(1, 'b', '2025-03-01T10:00:09.000Z'));
    // A late, older write (a retry from another tab) must not undo the newer answer.
    await enqueue(answerWrite(1, 'c', '2025-03-01T10:00:01.000Z'));
    await drain();

    const pending = await pendingEntries();
    expect(pending).toHaveLength(1);
    expect(pending[0]?.body).toMatchObject({ answer: { choice: 'b' } });

    const { requests } = mockFetch(() => json(200, { saved: true, feedback: null }));
    await drain();
    expect(putBodies(requests)).toEqual([[`/api/attempts/${ATTEMPT}/answers/1`, '2025-03-01T10:00:09.000Z']]);
    expect(await pendingEntries()).toHaveLength(0);
  });

  it('counts an answer as waiting the moment it is queued, before IndexedDB has stored it', async () => {
    const stored = enqueue(answerWrite(5, 'o2', '2026-11-27T09:00:00.000Z'));
    // Nothing awaited yet: a status read now must not say "All answers saved".
    expect(outboxSnapshot().entries.map((e) => e.key)).toEqual([`answer:${ATTEMPT}:5`]);
    await stored;
    expect(outboxSnapshot().entries.map((e) => e.key)).toEqual([`answer:${ATTEMPT}:5`]);
  });

  it('sends the waiting writes in the order they were made, the submission after the answers', async () => {
    await enqueue(answerWrite(2, 'a', '2025-03-01T10:00:01.000Z'));
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:02.000Z'));
    await enqueue(answerWrite(3, 'a', '2025-03-01T10:00:03.000Z'));
    await enqueue({
      key: `submit:${ATTEMPT}`,
      method: 'POST',
      path: `/attempts/${ATTEMPT}/submit`,
      body: { submitted_at: '2025-03-01T10:00:04.000Z' },
      version: '2025-03-01T10:00:04.000Z',
      meta: { type: 'submit', attemptId: ATTEMPT },
    });
    await drain();
    expect(outboxSnapshot().entries).toHaveLength(4);

    const { requests } = mockFetch((request) =>
      request.method === 'POST'
        ? json(200, { attempt_id: ATTEMPT })
        : json(200, { saved: true, feedback: null }),
    );
    await drain();

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /api/attempts/${ATTEMPT}/answers/2`,
      `PUT /api/attempts/${ATTEMPT}/answers/1`,
      `PUT /api/attempts/${ATTEMPT}/answers/3`,
      `POST /api/attempts/${ATTEMPT}/submit`,
    ]);
    expect(events.map((e) => e.type)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(outboxSnapshot().entries).toHaveLength(0);
  });

  it('keeps every write while the network is down and says the server is unreachable', async () => {
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:01.000Z'));
    await enqueue(answerWrite(2, 'b', '2025-03-01T10:00:02.000Z'));
    const result = await drain();

    expect(result).toMatchObject({ sent: 0, waiting: 2 });
    expect(await pendingEntries()).toHaveLength(2);
    expect(outboxSnapshot()).toMatchObject({ unreachable: true });
    expect(events).toEqual([]);

    // Back online: everything goes, and the outbox says so.
    mockFetch(() => json(200, { saved: true, feedback: null }));
    await drain();
    expect(await pendingEntries()).toHaveLength(0);
    expect(outboxSnapshot()).toMatchObject({ unreachable: false });
  });

  it('keeps writes that met a server error, to try again later', async () => {
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:01.000Z'));
    mockFetch(() => json(503, { message: 'Down for maintenance.' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await drain();
    expect(await pendingEntries()).toHaveLength(1);
  });

  it('drops a write the server refuses for good (409, 422), reports it, and goes on with the rest', async () => {
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:01.000Z'));
    await enqueue(answerWrite(2, 'b', '2025-03-01T10:00:02.000Z'));
    await enqueue(answerWrite(3, 'c', '2025-03-01T10:00:03.000Z'));
    await drain();

    mockFetch((request) => {
      if (request.url.endsWith('/answers/1'))
        return json(409, { message: 'Time is up: answers given after the deadline are not accepted.' });
      if (request.url.endsWith('/answers/2'))
        return json(422, {
          message: 'The answer is invalid.',
          errors: { answer: ['That option is not part of this question.'] },
        });
      return json(200, { saved: true, feedback: null });
    });
    const result = await drain();

    expect(result).toMatchObject({ sent: 1, rejected: 2, waiting: 0 });
    expect(await pendingEntries()).toHaveLength(0);
    expect(
      events.map((e) =>
        e.type === 'rejected' ? [e.type, e.status, e.message] : [e.type, e.entry.meta.questionId],
      ),
    ).toEqual([
      ['rejected', 409, 'Time is up: answers given after the deadline are not accepted.'],
      // A 422 is reported by its field's reason (lib/user-message.ts).
      ['rejected', 422, 'That option is not part of this question.'],
      ['sent', 3],
    ]);
  });

  it('hands the server’s answer to listeners (the immediate feedback of Test Yourself)', async () => {
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:01.000Z'));
    const feedback = { correct: true, explanation: '<p>Because.</p>', correct_answer: 'A' };
    mockFetch(() => json(200, { saved: true, feedback }));
    await drain();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'sent', response: { saved: true, feedback } });
  });

  it('leaves another person’s writes on a shared device for that person', async () => {
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:01.000Z'));
    await drain();
    configureOutbox({ currentUserId: () => 8, retryMs: 0 });
    const { requests } = mockFetch(() => json(200, { saved: true, feedback: null }));
    await drain();
    expect(requests).toHaveLength(0);
    expect(await pendingEntries()).toHaveLength(1);

    configureOutbox({ currentUserId: () => 7, retryMs: 0 });
    await drain();
    expect(requests).toHaveLength(1);
  });
});

describe('a send that hangs (connected, no reply)', () => {
  afterEach(() => configureOutbox({ currentUserId: () => 7, retryMs: 0, sendTimeoutMs: 20_000 }));

  it('is abandoned after the timeout, stays queued and counted, and a later attempt delivers it', async () => {
    configureOutbox({ currentUserId: () => 7, retryMs: 0, sendTimeoutMs: 200 });
    await enqueue(answerWrite(1, 'a', '2025-03-01T10:00:01.000Z'));
    await enqueue(answerWrite(2, 'b', '2025-03-01T10:00:02.000Z'));
    await drain();
    // The first send never gets an answer, whatever happens to it (not even its abort is heard).
    let calls = 0;
    const { requests } = mockFetch(() => {
      calls += 1;
      return calls === 1 ? new Promise<Response>(() => {}) : json(200, { saved: true, feedback: null });
    });

    const started = Date.now();
    const first = await drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(first).toMatchObject({ sent: 0, waiting: 2 });
    // Nothing is dropped: both still wait, in IndexedDB and in what "waiting to sync" shows.
    expect((await pendingEntries()).map((e) => e.key)).toEqual([
      `answer:${ATTEMPT}:1`,
      `answer:${ATTEMPT}:2`,
    ]);
    expect(outboxSnapshot()).toMatchObject({ unreachable: true });
    expect(outboxSnapshot().entries).toHaveLength(2);
    // The request was aborted, so a real browser lets the dead connection go.
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(events).toEqual([]);

    await drain();
    expect(putBodies(requests)).toEqual([
      [`/api/attempts/${ATTEMPT}/answers/1`, '2025-03-01T10:00:01.000Z'],
      [`/api/attempts/${ATTEMPT}/answers/1`, '2025-03-01T10:00:01.000Z'],
      [`/api/attempts/${ATTEMPT}/answers/2`, '2025-03-01T10:00:02.000Z'],
    ]);
    expect(await pendingEntries()).toHaveLength(0);
    expect(outboxSnapshot()).toMatchObject({ entries: [], unreachable: false });
    expect(events.map((e) => e.type)).toEqual(['sent', 'sent']);
  });

  it('retries on its own after a hang, without waiting for the next answer or the online event', async () => {
    await enqueue(answerWrite(3, 'c', '2025-03-01T10:00:03.000Z'));
    let calls = 0;
    // This time the hanging request hears its abort and fails as a real fetch would.
    const { requests } = mockFetch((request) => {
      calls += 1;
      return calls === 1 ? hanging(request) : json(200, { saved: true, feedback: null });
    });
    configureOutbox({ currentUserId: () => 7, retryMs: 50, sendTimeoutMs: 100 });

    await vi.waitFor(() => expect(events.map((e) => e.type)).toEqual(['sent']), { timeout: 3000 });
    expect(requests).toHaveLength(2);
    expect(requests[0]?.signal?.aborted).toBe(true);
    expect(await pendingEntries()).toHaveLength(0);
  });

  it('does not give up on a slow answer that comes within the timeout', async () => {
    configureOutbox({ currentUserId: () => 7, retryMs: 0, sendTimeoutMs: 400 });
    await enqueue(answerWrite(4, 'd', '2025-03-01T10:00:04.000Z'));
    await drain();
    const { requests } = mockFetch(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, { saved: true })), 150)),
    );
    await drain();
    expect(requests).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(['sent']);
    expect(await pendingEntries()).toHaveLength(0);
  });
});
