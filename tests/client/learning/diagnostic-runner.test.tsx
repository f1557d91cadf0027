import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdaptiveStep } from '../../../src/shared/contracts/attempts.ts';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { authState } from '../../../src/client/shell/session.ts';
import type { SessionData } from '../../../src/client/features/quiz/attempt-session.ts';
import { DiagnosticRunner } from '../../../src/client/features/quiz/components/diagnostic-runner.tsx';
import { drain } from '../../../src/client/lib/outbox.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { makeAttempt, makeQuestion } from './fixtures.ts';

// A diagnostic answer is final once saved (issue 22): the screen saves it only when the student moves on,
// then locks it, and says so.

const step = (upcoming: number[]): AdaptiveStep => ({
  next_question_id: upcoming[0] ?? null,
  upcoming,
  done: false,
  cap: 3,
});
const online = (request: SeenRequest) =>
  request.method === 'PUT' && request.url.includes('/answers/')
    ? json(200, { saved: true, superseded: false, feedback: null, adaptive: step([103, 102]) })
    : undefined;
const offline = () => {
  throw new TypeError('Failed to fetch');
};

function session(answered = false): SessionData {
  const saved = {
    question_id: 101,
    answer: { type: 'true_false' as const, value: true },
    flagged: false,
    answered_at: '2025-03-01T10:01:00.000Z',
  };
  return {
    attempt: makeAttempt({
      kind: 'diagnostic',
      answers: answered ? [saved] : [],
      adaptive: step([101, 102, 103]),
    }),
    answers: answered ? { 101: saved } : {},
    position: 0,
    clockOffsetMs: 0,
    fromDevice: false,
    submitPending: false,
  };
}

const answerPuts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'PUT' && r.url.includes('/answers/'));

beforeEach(async () => {
  await clear(createStore('pathbuilder-outbox', 'writes'));
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  authState.user = makeUser({ taken_diagnostics: 0 });
  authState.token = 'token-abc';
});

afterEach(async () => {
  mockFetch(online);
  await drain();
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

function renderRunner(data: SessionData) {
  render(
    <>
      <DiagnosticRunner session={data} onSubmitted={vi.fn()} />
      <DialogHost />
    </>,
  );
}

describe('taking the diagnostic', () => {
  it('saves the answer once, when the student presses Next, and says answers are final', async () => {
    const { requests } = mockFetch(online);
    renderRunner(session());
    expect(screen.getByText(/Answers here are final/)).toBeTruthy();
    // Changing one's mind before Next is free: nothing reaches the server yet.
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(answerPuts(requests)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(answerPuts(requests)).toHaveLength(1));
    expect(answerPuts(requests)[0]).toMatchObject({
      url: expect.stringContaining('/answers/101'),
      body: { answer: { type: 'true_false', value: false } },
    });
    // On to the next question in the order the server gave with this answer (103, not the 102 it said before).
    expect(await screen.findByRole('heading', { name: 'Question 2 · up to 3' })).toBeTruthy();
    expect(screen.getByText('Statement 103')).toBeTruthy();
    // The progress bar moved on by the one answer given, of the most it may ask, and says it may stop early.
    const bar = screen.getByRole('progressbar', { name: 'Diagnostic progress' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 3]);
    expect(
      screen.getByText('1 of at most 3 answered. It ends as soon as we know where you stand.'),
    ).toBeTruthy();
  });

  it("online, waits for the server's word before the next question, and never shows one it then takes away", async () => {
    let answerReply: (() => void) | null = null;
    mockFetch(async (request) => {
      if (!(request.method === 'PUT' && request.url.includes('/answers/'))) return json(404, {});
      // The server takes its time, then says the picture is clear.
      await new Promise<void>((resolve) => (answerReply = resolve));
      return json(200, {
        saved: true,
        superseded: false,
        feedback: null,
        adaptive: { ...step([]), done: true },
      });
    });
    renderRunner(session());
    // Every question card the student is ever shown, in order.
    const shown: string[] = [];
    const seen = new MutationObserver(() => {
      const heading = screen.queryByRole('heading', { name: /^Question \d+ · up to \d+$/ });
      const name = heading?.textContent ?? '';
      if (name && shown.at(-1) !== name) shown.push(name);
    });
    seen.observe(document.body, { childList: true, subtree: true, characterData: true });
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choosing your next question...')).toBeTruthy();
    await waitFor(() => expect(answerReply).not.toBeNull());
    expect(screen.queryByRole('heading', { name: /^Question/ })).toBeNull();
    answerReply!();
    expect(await screen.findByRole('heading', { name: "You're done" })).toBeTruthy();
    seen.disconnect();
    expect(shown).toEqual([]);
  });

  it('asks for "I don\'t know" over a guess, in a line beside the button that describes it', async () => {
    mockFetch(online);
    renderRunner(session());
    const line = "Not sure? Choose I don't know: it makes your path more accurate";
    expect(screen.getByText(line)).toBeTruthy();
    expect(screen.getByRole('button', { name: "I don't know" }).getAttribute('aria-describedby')).toBe(
      screen.getByText(line).id,
    );
    expect(screen.getByRole('button', { name: "I don't know" })).toHaveProperty(
      'parentElement',
      screen.getByText(line).parentElement,
    );
  });

  it('draws from a pool of 195 questions but says "up to 25", the most it asks, and asks the one named', async () => {
    const { requests } = mockFetch(online);
    const pool = Array.from({ length: 195 }, (_, i) => makeQuestion(1000 + i));
    const data = session();
    data.attempt = makeAttempt({
      kind: 'diagnostic',
      questions: pool,
      adaptive: { next_question_id: 1150, upcoming: [1150, 1003, 1090], done: false, cap: 25 },
    });
    data.position = 150;
    renderRunner(data);
    expect(screen.getByRole('heading', { name: 'Question 1 · up to 25' })).toBeTruthy();
    expect(
      screen.getByText('0 of at most 25 answered. It ends as soon as we know where you stand.'),
    ).toBeTruthy();
    expect(screen.getByText('Statement 1150')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "I don't know" }));
    await waitFor(() => expect(answerPuts(requests)).toHaveLength(1));
    expect(answerPuts(requests)[0]!.url).toContain('/answers/1150');
  });

  it('shows a saved answer locked, without "I don\'t know", and only lets the student move on', async () => {
    const { requests } = mockFetch(online);
    renderRunner(session(true));
    expect(screen.getByText('Your answer is saved and final.')).toBeTruthy();
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: "I don't know" })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'False' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 · up to 3' })).toBeTruthy();
    expect(answerPuts(requests)).toHaveLength(0);
  });

  it('offline, queues the answer, locks it and goes on down the order it was given', async () => {
    mockFetch(offline);
    renderRunner(session());
    fireEvent.click(screen.getByRole('button', { name: "I don't know" }));
    // The next question of the last ranked list, with the first one's answer kept on the device.
    expect(await screen.findByRole('heading', { name: 'Question 2 · up to 3' })).toBeTruthy();
    expect(screen.getByText(/Answers here are final/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Question 3 · up to 3' })).toBeTruthy();
  });
});
