import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { adoptDeadline } from '../../../src/client/features/quiz/index.ts';
import type { SessionData } from '../../../src/client/features/quiz/attempt-session.ts';
import { QuizRunner } from '../../../src/client/features/quiz/components/quiz-runner.tsx';
import { loadStoredAttempt, saveStoredAttempt } from '../../../src/client/lib/attempt-store.ts';
import { drain } from '../../../src/client/lib/outbox.ts';
import { authState } from '../../../src/client/shell/session.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { ATTEMPT_ID, makeAttempt } from './fixtures.ts';

const MINUTE = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();
const timer = () => screen.getByRole('timer').textContent ?? '';
/** The countdown's minutes ("24:59" → 24). */
const minutesLeft = () => Number(timer().split(':')[0]);

function session(deadlineAt: string): SessionData {
  return {
    attempt: makeAttempt({ deadline_at: deadlineAt, server_now: new Date().toISOString() }),
    answers: {},
    position: 0,
    clockOffsetMs: 0,
    fromDevice: false,
    submitPending: false,
  };
}

beforeEach(async () => {
  await clear(createStore('pathbuilder-outbox', 'writes'));
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(async () => {
  mockFetch(() => json(200, { saved: true, feedback: null, deadline_at: null, grace_until: null }));
  await drain();
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

/** Extra time given while the attempt runs (issue 27): the countdown moves without a reload. */
describe('the countdown follows the server’s deadline', () => {
  it('adopts the deadline a save’s reply carries', async () => {
    const later = inMinutes(25);
    mockFetch((r: SeenRequest) =>
      r.method === 'PUT' && r.url.includes('/answers/')
        ? json(200, {
            saved: true,
            superseded: false,
            feedback: null,
            deadline_at: later,
            grace_until: later,
          })
        : r.method === 'PUT'
          ? json(204, {})
          : undefined,
    );
    const data = session(inMinutes(10));
    await saveStoredAttempt({ attempt: data.attempt, clockOffsetMs: 0, position: 0, positionAt: Date.now() });
    render(
      <>
        <QuizRunner session={data} onSubmitted={vi.fn()} />
        <DialogHost />
      </>,
    );
    expect(minutesLeft()).toBeGreaterThanOrEqual(9);
    expect(minutesLeft()).toBeLessThanOrEqual(10);
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    await waitFor(() => expect(minutesLeft()).toBeGreaterThanOrEqual(24));
    // The device's copy follows, so a reload without a network counts down to the new deadline.
    await waitFor(async () => expect((await loadStoredAttempt(ATTEMPT_ID))?.attempt.deadline_at).toBe(later));
  });

  it('adopts a deadline given from elsewhere (a heartbeat), and a refetch when the device comes back online', async () => {
    const fetched = inMinutes(50);
    const { requests } = mockFetch((r: SeenRequest) =>
      r.method === 'GET' && r.url === `/api/attempts/${ATTEMPT_ID}`
        ? json(200, makeAttempt({ deadline_at: fetched, server_now: new Date().toISOString() }))
        : undefined,
    );
    render(<QuizRunner session={session(inMinutes(10))} onSubmitted={vi.fn()} />);
    expect(minutesLeft()).toBeLessThanOrEqual(10);
    act(() => adoptDeadline(ATTEMPT_ID, inMinutes(40)));
    await waitFor(() => expect(minutesLeft()).toBeGreaterThanOrEqual(39));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(minutesLeft()).toBeGreaterThanOrEqual(49));
    expect(requests.some((r) => r.method === 'GET' && r.url === `/api/attempts/${ATTEMPT_ID}`)).toBe(true);
  });
});
