import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyAssessment } from '../../../src/shared/contracts/assessments.ts';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { authState } from '../../../src/client/shell/session.ts';
import DiagnosticResultsScreen from '../../../src/client/features/diagnostic/screens/diagnostic-results-screen.tsx';
import QuizResultScreen from '../../../src/client/features/quiz/screens/quiz-result-screen.tsx';
import TestYourselfScreen from '../../../src/client/features/test-yourself/screens/test-yourself-screen.tsx';
import { json, makeUser, mockFetch } from '../helpers.ts';
import { currentLocation, renderScreen } from '../render.tsx';
import { ATTEMPT_ID, GRAPH, makeResult } from './fixtures.ts';

const topic = (id: number, name: string, correct: number | null, total = 2) => ({
  micro_topic_id: id,
  micro_topic_name: name,
  subject_name: 'Play and learning',
  correct,
  total,
});

const quiz = (overrides: Partial<MyAssessment> = {}): MyAssessment => ({
  id: 12,
  kind: 'quiz',
  title: 'Play and learning — Quiz',
  description: '',
  question_count: 8,
  time_limit_minutes: 15,
  opens_at: null,
  closes_at: null,
  pass_mark: 60,
  attempts_allowed: 3,
  attempts_used: 1,
  extra_time: false,
  review_policy: 'after_submit',
  state: 'submitted',
  in_progress_attempt_id: null,
  seconds_left: null,
  best_percent: 38,
  last_attempt_id: ATTEMPT_ID,
  last_percent: 38,
  last_passed: false,
  last_submitted_at: '2026-11-23T10:00:00.000Z',
  can_start: true,
  ...overrides,
});

const FAILED = makeResult({
  score: 3,
  max_score: 8,
  percent: 38,
  passed: false,
  per_micro_topic: [
    topic(31, 'Why play matters', 2),
    topic(32, 'Stages of play', 0),
    topic(33, 'Adult roles in play', 1),
    topic(34, 'Risky play', 0),
  ],
});

beforeEach(async () => {
  await clear(createStore('pathbuilder-attempts', 'attempts'));
  // The knowledge graph is a cached read: each test answers it afresh.
  await clearGetCache();
  authState.user = makeUser();
  authState.token = 'token-abc';
});

afterEach(() => {
  authState.user = null;
  authState.token = null;
  vi.unstubAllGlobals();
});

const renderResult = (result = FAILED, assessment: MyAssessment | null = quiz()) =>
  mockFetch((request) => {
    if (request.url === `/api/attempts/${ATTEMPT_ID}/result`) return json(200, result);
    if (request.url === '/api/my/assessments?kind=quiz')
      return json(200, { data: assessment ? [assessment] : [] });
    return undefined;
  });

describe('after a failed quiz', () => {
  it('draws the score, bars each topic, and offers practice of exactly the weak topics and a retry', async () => {
    renderResult();
    renderScreen(
      <>
        <QuizResultScreen id={ATTEMPT_ID} />
        <DialogHost />
      </>,
    );

    expect((await screen.findByRole('img', { name: /^Score 38%/ })).getAttribute('aria-label')).toBe(
      'Score 38%, 3 of 8; pass mark 60%',
    );
    const topics = screen.getByRole('list', { name: 'Result per topic' });
    const rows = within(topics).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('2 of 2 · 100%'),
      expect.stringContaining('0 of 2 · 0%'),
      expect.stringContaining('1 of 2 · 50%'),
      expect.stringContaining('0 of 2 · 0%'),
    ]);
    expect(rows.map((r) => r.textContent?.includes('Practise'))).toEqual([false, true, true, true]);

    const next = screen.getByRole('region', { name: 'What next' });
    expect(next.textContent).toContain('Not passed this time. Practise the 3 topics below the mastery mark');
    // The weakest first: both at 0%, then the one at 50%.
    expect(within(next).getByRole('link', { name: 'Practise these topics' }).getAttribute('href')).toBe(
      '/test-your-self?topics=32,34,33',
    );
    expect(within(next).getByRole('link', { name: 'See your learning pathway' }).getAttribute('href')).toBe(
      '/learning-pathway',
    );
    // A timed quiz: the retry asks first, like every start, and says what is at stake.
    const retry = await within(next).findByRole('button', { name: 'Retry' });
    expect(next.textContent).toContain('2 attempts left');
    fireEvent.click(retry);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('You have 2 attempts left, this one included.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(currentLocation()).toBe('/quiz/12'));
  });

  it('offers no retry once the attempts are used, and practises the quiz topics while tallies are withheld', async () => {
    renderResult(
      makeResult({
        ...FAILED,
        review_available: false,
        per_micro_topic: FAILED.per_micro_topic.map((t) => ({ ...t, correct: null })),
      }),
      quiz({ attempts_allowed: 1, can_start: false }),
    );
    renderScreen(<QuizResultScreen id={ATTEMPT_ID} />);
    const next = await screen.findByRole('region', { name: 'What next' });
    expect(next.textContent).toContain('once the answers are released');
    expect(
      within(next).getByRole('link', { name: 'Practise the topics of this quiz' }).getAttribute('href'),
    ).toBe('/test-your-self?topics=31,32,33,34');
    // The list has been read: still no retry.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Result per topic' })).toBeTruthy());
    expect(within(next).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('list', { name: 'Result per topic' }).textContent).not.toMatch(/of 2 ·/);
  });
});

describe('Test Yourself opened from a result', () => {
  it('has exactly the weak topics chosen that can be practised, shown opened', async () => {
    mockFetch((request) => (request.url === '/api/knowledge-graph' ? json(200, GRAPH) : undefined));
    renderScreen(<TestYourselfScreen />, { path: '/test-your-self', at: '/test-your-self?topics=32,34,33' });

    await screen.findByText('Chosen from your result: Stages of play, Adult roles in play.');
    const checked = screen
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
    expect(checked).toEqual(['Stages of play', 'Adult roles in play']);
    expect(screen.getByText('2 micro topics chosen.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start practice' })).toHaveProperty('disabled', false);
  });
});

describe('the diagnostic results', () => {
  it('speak of known, ready to learn and locked, never pass or fail, and lead to practising what is ready', async () => {
    // The server says where each topic stands, by the pathway's rule: First aid builds on Stages of play,
    // not mastered yet. Its ready count is the pathway's, topics beyond the diagnostic's included.
    mockFetch((request) => {
      if (request.url === '/api/my/assessments?kind=diagnostic') return json(200, { data: [] });
      if (request.url !== '/api/my/diagnostic-results') return undefined;
      return json(200, {
        attempt_id: ATTEMPT_ID,
        submitted_at: '2026-11-20T10:00:00.000Z',
        percent: 33,
        ready_count: 4,
        subjects: [
          {
            subject_id: 1,
            subject_name: 'Play and learning',
            correct: 1,
            total: 2,
            micro_topics: [
              { ...topic(31, 'Why play matters', 1, 1), readiness: 'known' },
              { ...topic(32, 'Stages of play', 0, 1), readiness: 'ready' },
            ],
          },
          {
            subject_id: 2,
            subject_name: 'Health',
            correct: 0,
            total: 1,
            micro_topics: [
              {
                ...topic(41, 'First aid', 0, 1),
                subject_name: 'Health',
                readiness: 'not_yet',
                waits_for: ['Stages of play'],
              },
            ],
          },
        ],
      });
    });
    renderScreen(<DiagnosticResultsScreen />);
    const summary = await screen.findByRole('region', { name: 'Your starting point' });
    expect(summary.textContent).toContain('You are ready to learn 4 topics. You know 1 already.');
    expect(summary.textContent).toContain('1 topic is locked for now: it builds on others to learn first.');
    const subjects = within(screen.getByRole('list', { name: 'Subjects' })).getAllByRole('listitem');
    expect(subjects[0]!.textContent).toContain('1 known · 1 ready to learn');
    expect(subjects[0]!.textContent).toMatch(/Known\s*Why play matters/);
    expect(subjects[0]!.textContent).toMatch(/Ready to learn\s*Stages of play/);
    expect(subjects[1]!.textContent).toMatch(/Locked\s*First aid \(after Stages of play\)/);
    // Only to say there is none.
    const words = (document.body.textContent ?? '').replace('There is no pass or fail', '');
    expect(words).not.toMatch(/pass(ed)?\b|fail|0 of 1|\b0%/i);
    expect(screen.queryByRole('table')).toBeNull();
    const next = screen.getByRole('region', { name: 'What next' });
    expect(within(next).getByRole('link', { name: 'Practise these topics' }).getAttribute('href')).toBe(
      '/test-your-self?topics=32',
    );
    // The same main action, pinned to the bottom of a phone while "What next" is out of view.
    const pinned = screen.getByRole('navigation', { name: 'Next step' });
    expect(within(pinned).getByRole('link').getAttribute('href')).toBe('/test-your-self?topics=32');
  });
});
