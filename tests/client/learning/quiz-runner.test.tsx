import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { authState } from '../../../src/client/shell/session.ts';
import type { SessionData } from '../../../src/client/features/quiz/attempt-session.ts';
import { QuizRunner } from '../../../src/client/features/quiz/components/quiz-runner.tsx';
import { drain } from '../../../src/client/lib/outbox.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { ATTEMPT_ID, makeAttempt, makeResult } from './fixtures.ts';

const online = (request: SeenRequest) => {
  if (request.method === 'PUT') return json(200, { saved: true, feedback: null });
  if (request.method === 'POST' && request.url.endsWith('/submit')) return json(200, makeResult());
  return undefined;
};
const offline = () => {
  throw new TypeError('Failed to fetch');
};

function session(overrides: Partial<SessionData> = {}): SessionData {
  return {
    attempt: makeAttempt({
      answers: [
        {
          question_id: 101,
          answer: { type: 'true_false', value: true },
          flagged: false,
          answered_at: '2025-03-01T10:01:00.000Z',
        },
      ],
    }),
    answers: {
      101: {
        question_id: 101,
        answer: { type: 'true_false', value: true },
        flagged: false,
        answered_at: '2025-03-01T10:01:00.000Z',
      },
    },
    position: 0,
    clockOffsetMs: 0,
    fromDevice: false,
    submitPending: false,
    ...overrides,
  };
}

function renderRunner(data: SessionData = session()) {
  const onSubmitted = vi.fn();
  render(
    <>
      <QuizRunner session={data} onSubmitted={onSubmitted} />
      <DialogHost />
    </>,
  );
  return { onSubmitted };
}

const navigatorButton = (name: RegExp) =>
  within(screen.getByRole('navigation', { name: 'Question navigator' })).getByRole('button', { name });

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

describe('taking a quiz', () => {
  it('saves each answer as it is given, with when it was given and where the student is', async () => {
    const { requests } = mockFetch(online);
    renderRunner();
    fireEvent.click(navigatorButton(/^Question 2, not answered/));
    expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'False' }));

    const answerPuts = () => requests.filter((r) => r.method === 'PUT' && r.url.includes('/answers/'));
    await waitFor(() => expect(answerPuts()).toHaveLength(1));
    const put = answerPuts()[0];
    expect(put?.url).toBe(`/api/attempts/${ATTEMPT_ID}/answers/102`);
    // Moving to question 2 told the server too, so another device resumes there.
    expect(requests.find((r) => r.url.endsWith('/position'))?.body).toEqual({ position: 1 });
    expect(put?.body).toMatchObject({
      answer: { type: 'true_false', value: false },
      flagged: false,
      position: 1,
    });
    expect(Date.parse((put?.body as { answered_at: string }).answered_at)).not.toBeNaN();
    expect(await screen.findByText('All answers saved')).toBeTruthy();
    // Delivered: no longer marked as waiting to sync.
    expect(navigatorButton(/^Question 2, answered, current$/)).toBeTruthy();
  });

  it('flags a question for review, and the navigator shows it', async () => {
    const { requests } = mockFetch(online);
    renderRunner();
    fireEvent.click(screen.getByRole('button', { name: 'Flag for review' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests[0]?.body).toMatchObject({ answer: { type: 'true_false', value: true }, flagged: true });
    // Once delivered (no longer waiting to sync), flagged and answered.
    await waitFor(() =>
      expect(navigatorButton(/^Question 1, answered, flagged for review, current$/)).toBeTruthy(),
    );
    expect(screen.getByRole('button', { name: 'Flag for review' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('offline, keeps the answer on the device, says so, and sends it once back online', async () => {
    mockFetch(offline);
    renderRunner();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));

    const status = await screen.findByText(/1 change waiting to sync/);
    // The navigator says which answer is still only on this device.
    expect(navigatorButton(/^Question 2, answered, waiting to sync, current$/)).toBeTruthy();
    // Once the send has failed, the screen says it is offline (jsdom's navigator.onLine never changes).
    await waitFor(() => expect(status.closest('[role="status"]')?.textContent).toContain('Offline'));

    const { requests } = mockFetch(online);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('All answers saved')).toBeTruthy();
    expect(navigatorButton(/^Question 2, answered, current$/)).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `PUT /api/attempts/${ATTEMPT_ID}/answers/102`,
    ]);
  });

  it('asks before submitting, naming the unanswered questions; Cancel keeps the student answering', async () => {
    const { requests } = mockFetch(online);
    const { onSubmitted } = renderRunner();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Questions 2 and 3 are unanswered. Submit anyway? You cannot change your answers after submitting.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Question 1 of 3' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(makeResult()));
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`POST /api/attempts/${ATTEMPT_ID}/submit`]);
  });

  it('submits by itself, without asking, when the time is up', async () => {
    const { requests } = mockFetch(online);
    const data = session();
    const { onSubmitted } = renderRunner({
      ...data,
      attempt: {
        ...data.attempt,
        deadline_at: '2025-03-01T10:15:00.000Z',
        server_now: '2025-03-01T10:15:05.000Z',
      },
      // The server's clock is far ahead of this device: the deadline has passed by its time.
      clockOffsetMs: Date.parse('2025-03-01T10:15:05.000Z') - Date.now(),
    });
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(makeResult()));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('a submission made offline waits, says so, and is delivered once online', async () => {
    mockFetch(offline);
    const { onSubmitted } = renderRunner();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Submitted — waiting to sync' })).toBeTruthy();
    expect(onSubmitted).not.toHaveBeenCalled();

    const { requests } = mockFetch(online);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(makeResult()));
    expect(requests.filter((r) => r.url.endsWith('/submit'))).toHaveLength(1);
  });

  it('keeps Submit secondary until the last question, where it replaces Next, and names flagged questions', async () => {
    mockFetch(online);
    renderRunner();
    // Question 1 of 3: Next leads on; the one Submit on screen is the secondary one beside the list.
    expect(screen.getByRole('button', { name: 'Next' }).className).not.toContain('button--secondary');
    expect(screen.getByRole('button', { name: 'Submit' }).className).toContain('button--secondary');
    fireEvent.click(screen.getByRole('button', { name: 'Flag for review' }));
    fireEvent.click(navigatorButton(/^Question 3,/));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit.className).not.toContain('button--secondary');
    fireEvent.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      'Questions 2 and 3 are unanswered. Question 1 is flagged for review.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('opens the question list as a drawer from "1 of 3", with the progress, the grid and Submit', async () => {
    mockFetch(online);
    renderRunner();
    const toggle = screen.getByRole('button', { name: 'Questions: 1 of 3' });
    expect(toggle.textContent).toBe('1 of 3');
    fireEvent.click(toggle);
    const drawer = screen.getByRole('dialog', { name: 'Questions' });
    expect(drawer.textContent).toContain('1 of 3 answered');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(drawer).getByRole('button', { name: 'Submit' })).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /^Question 3, not answered/ }));
    // Choosing a question goes there and closes the drawer.
    expect(screen.queryByRole('dialog', { name: 'Questions' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Question 3 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Questions: 3 of 3' }));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Questions' }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Questions' })).toBeNull();
  });
});
