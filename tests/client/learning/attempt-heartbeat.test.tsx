import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { authState } from '../../../src/client/shell/session.ts';
import type { SessionData } from '../../../src/client/features/quiz/attempt-session.ts';
import { QuizRunner } from '../../../src/client/features/quiz/components/quiz-runner.tsx';
import { drain } from '../../../src/client/lib/outbox.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { ATTEMPT_ID, makeAttempt } from './fixtures.ts';

// The live view's side on the student's device: answers say how many wait behind them, and a timed attempt's
// heartbeat reports the outbox and adopts the deadline the server gives (extra time from staff).

const online = (request: SeenRequest) => {
  if (request.method === 'PUT') return json(200, { saved: true, superseded: false, feedback: null });
  return undefined;
};
const offline = () => {
  throw new TypeError('Failed to fetch');
};

function session(overrides: Partial<SessionData['attempt']> = {}): SessionData {
  return {
    attempt: makeAttempt(overrides),
    answers: {},
    position: 0,
    clockOffsetMs: 0,
    fromDevice: false,
    submitPending: false,
  };
}

function renderRunner(data: SessionData) {
  render(
    <>
      <QuizRunner session={data} onSubmitted={vi.fn()} />
      <DialogHost />
    </>,
  );
}

beforeEach(async () => {
  await clear(createStore('pathbuilder-outbox', 'writes'));
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(async () => {
  mockFetch(online);
  await drain();
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('the outbox size reaches the server', () => {
  it('each answer sent says how many of the attempt’s answers still wait behind it', async () => {
    mockFetch(offline);
    renderRunner(session());
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    await screen.findByText(/2 changes waiting to sync/);

    const { requests } = mockFetch(online);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('All answers saved')).toBeTruthy();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => (r.body as { outbox?: number }).outbox)).toEqual([1, 0]);
  });
});

describe('the heartbeat of a timed attempt', () => {
  it('reports the outbox when the page is shown again, and the countdown adopts the server’s later deadline', async () => {
    // The device's clock is the server's; 10 minutes left.
    const now = Date.now();
    const deadline = new Date(now + 10 * 60_000).toISOString();
    const later = new Date(now + 20 * 60_000).toISOString();
    const { requests } = mockFetch((request) => {
      if (request.url.endsWith('/heartbeat'))
        return json(200, { deadline_at: later, grace_until: later, server_time: new Date().toISOString() });
      return online(request);
    });
    renderRunner(session({ deadline_at: deadline, server_now: new Date(now).toISOString() }));
    expect(screen.getByRole('timer').textContent).toMatch(/^(10:00|09:5\d)$/);
    // Nothing at once: opening the attempt told the server already.
    expect(requests.filter((r) => r.url.endsWith('/heartbeat'))).toHaveLength(0);

    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/^(20:00|19:5\d)$/));
    const beats = requests.filter((r) => r.url.endsWith('/heartbeat'));
    expect(beats).toHaveLength(1);
    expect(beats[0]).toMatchObject({ method: 'POST', url: `/api/attempts/${ATTEMPT_ID}/heartbeat` });
    expect(beats[0]!.body).toEqual({ outbox: 0 });
  });

  it('sends nothing for an untimed attempt', async () => {
    const { requests } = mockFetch(online);
    renderRunner(session());
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('online'));
    await drain();
    expect(requests.filter((r) => r.url.endsWith('/heartbeat'))).toHaveLength(0);
  });
});
