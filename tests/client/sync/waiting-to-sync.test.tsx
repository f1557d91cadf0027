import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionIndicator } from '../../../src/client/app/layout/connection-indicator.tsx';
import { WaitingToSyncCard } from '../../../src/client/features/account/components/waiting-to-sync-card.tsx';
import { authState } from '../../../src/client/shell/session.ts';
import { queueAnswer, queueSubmit } from '../../../src/client/features/quiz/quiz-sync.ts';
import { saveStoredAttempt } from '../../../src/client/lib/attempt-store.ts';
import { configureOutbox, drain } from '../../../src/client/lib/outbox.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { ATTEMPT_ID, makeAttempt } from '../learning/fixtures.ts';

const online = (request: SeenRequest) =>
  request.method === 'PUT' ? json(200, { saved: true, superseded: false, feedback: null }) : undefined;
const offline = () => {
  throw new TypeError('Failed to fetch');
};

function renderSettingsPart() {
  render(
    <MemoryRouter>
      <ConnectionIndicator />
      <WaitingToSyncCard />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await clear(createStore('pathbuilder-outbox', 'writes'));
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  authState.user = makeUser();
  authState.token = 'token-abc';
  // No retry timers in a test: the Retry button is what sends.
  configureOutbox({ currentUserId: () => authState.user?.id ?? null, retryMs: 0 });
});

afterEach(async () => {
  mockFetch(online);
  await drain();
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

describe('Settings: waiting to sync', () => {
  it('says everything is synced when nothing waits', async () => {
    mockFetch(online);
    renderSettingsPart();
    expect(await screen.findByText(/Everything is synced\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Waiting to sync' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('lists which quiz, which question and since when; Retry sends them and the list empties', async () => {
    await saveStoredAttempt({
      attempt: makeAttempt(),
      clockOffsetMs: 0,
      position: 2,
      positionAt: Date.now(),
    });
    mockFetch(offline);
    const answeredAt = new Date();
    answeredAt.setHours(9, 41, 0, 0);
    await queueAnswer(ATTEMPT_ID, 102, {
      answer: { type: 'true_false', value: true },
      flagged: false,
      answered_at: answeredAt.toISOString(),
    });
    await queueAnswer(ATTEMPT_ID, 103, {
      answer: { type: 'true_false', value: false },
      flagged: false,
      answered_at: answeredAt.toISOString(),
    });
    await queueSubmit(ATTEMPT_ID, 'quiz', answeredAt.toISOString());
    await drain();

    renderSettingsPart();
    const list = await screen.findByRole('list', { name: 'Waiting to sync' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('Quiz:'));
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Quiz: Play and learning — QuizQuestion 2 · since 09:41',
      'Quiz: Play and learning — QuizQuestion 3 · since 09:41',
      'Quiz: Play and learning — QuizSubmission · since 09:41',
    ]);
    // The top bar counts the same three; the server could not be reached, so it says Offline.
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Offline · 3 waiting');

    // Still no network: Retry says so and keeps everything.
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/The server could not be reached/)).toBeTruthy();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    const { requests } = mockFetch((request) =>
      request.url.endsWith('/submit') ? json(200, { attempt_id: ATTEMPT_ID }) : online(request),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Everything is synced\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Waiting to sync' })).toBeNull();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /api/attempts/${ATTEMPT_ID}/answers/102`,
      `PUT /api/attempts/${ATTEMPT_ID}/answers/103`,
      `POST /api/attempts/${ATTEMPT_ID}/submit`,
    ]);
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Online');
  });
});
