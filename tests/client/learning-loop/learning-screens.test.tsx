import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { lastDays } from '../../../src/client/features/learning/components/daily-chart.tsx';
import { LearningCard } from '../../../src/client/features/learning/components/learning-card.tsx';
import LearningPathwayScreen from '../../../src/client/features/learning-pathway/screens/learning-pathway-screen.tsx';
import LearningProfileScreen from '../../../src/client/features/learning-profile/screens/learning-profile-screen.tsx';
import { clearGetCache } from '../../../src/client/lib/get-cache.ts';
import { DialogHost } from '../../../src/client/components/dialogs.tsx';
import type {
  LearningPathway,
  LearningProfile,
  PathwayStep,
} from '../../../src/shared/contracts/learning.ts';
import { json, loginRoute, makeUser, mockFetch } from '../helpers.ts';
import { renderScreen } from '../render.tsx';
import { item } from '../learning/quiz-list-fixtures.ts';

const student = makeUser();

const PROFILE: LearningProfile = {
  student: { id: 7, full_name: 'Sam Student', taken_diagnostics: true },
  as_of: '2026-11-23T10:00:00.000Z',
  overall: { mastery: 0.5, mastered: 1, total: 3 },
  subjects: [
    {
      id: 1,
      name: 'Child development',
      mastery: 0.5,
      mastered: 1,
      total: 3,
      sub_topics: [
        {
          id: 10,
          name: 'Language',
          mastery: 0.5,
          mastered: 1,
          total: 3,
          micro_topics: [
            {
              id: 100,
              name: 'Babbling',
              mastery: 0.95,
              level: 'mastered',
              due_for_recheck: false,
              evidence: 4,
            },
            {
              id: 101,
              name: 'First words',
              mastery: 0.7,
              level: 'not_sure',
              due_for_recheck: true,
              evidence: 2,
            },
            {
              id: 102,
              name: 'Two-word phrases',
              mastery: 0.3,
              level: 'unknown',
              due_for_recheck: false,
              evidence: 0,
            },
          ],
        },
      ],
    },
  ],
  history: [
    { day: '2026-11-20', mastered: 0 },
    { day: '2026-11-23', mastered: 1 },
  ],
  last_attempts: [
    {
      id: 'att-1',
      title: 'Language quiz',
      kind: 'quiz',
      submitted_at: '2026-11-23T09:00:00.000Z',
      percent: 80,
    },
  ],
};

const step = (id: number, name: string, quiz: PathwayStep['quiz']): PathwayStep => ({
  micro_topic_id: id,
  name,
  sub_topic_name: 'Language',
  subject_name: 'Child development',
  mastery: 0.3,
  level: 'unknown',
  quiz,
  materials: [],
});

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  localStorage.clear();
  sessionStorage.clear();
  mockFetch(loginRoute(student));
  await login({ email: student.email, password: 'pathbuilder-demo' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Learning Profile screen', () => {
  it('shows where the student stands overall, by subject and topic, over time, with what is due', async () => {
    mockFetch((r) => (r.url === '/api/my/learning-profile' ? json(200, PROFILE) : undefined));
    renderScreen(<LearningProfileScreen />, { path: '/learning-profile' });

    const summary = await screen.findByRole('region', { name: 'Where you stand' });
    expect(within(summary).getAllByText('1 of 3 topics mastered')).toHaveLength(1);
    expect(screen.getByText(/Topics mastered over time: 1 of 3/)).toBeTruthy();
    const due = screen.getByRole('region', { name: 'Due for a re-check' });
    expect(within(due).getByText('First words')).toBeTruthy();
    const subject = screen.getByRole('region', { name: 'Child development' });
    expect(within(subject).getByText('Mastered · 95%')).toBeTruthy();
    expect(within(subject).getByText('Not assessed yet')).toBeTruthy();
    expect(within(subject).queryByText(/fail|pass/i)).toBeNull();
    expect(screen.getByRole('link', { name: 'Language quiz' }).getAttribute('href')).toBe(
      '/quiz-result/att-1',
    );
  });

  it('loads a learner by id for staff, and offers a student search without one', async () => {
    const { requests } = mockFetch((r) => {
      if (r.url === '/api/admin/users/42/learning-profile')
        return json(200, { ...PROFILE, student: { ...PROFILE.student, id: 42, full_name: 'Ada Learner' } });
      return undefined;
    });
    const { unmount } = renderScreen(<LearningProfileScreen staff id="42" />, {
      path: '/admin/learning-profile/42',
    });
    expect(await screen.findByRole('heading', { name: 'Learning Profile: Ada Learner' })).toBeTruthy();
    expect(requests.some((r) => r.url === '/api/my/learning-profile')).toBe(false);
    unmount();

    renderScreen(<LearningProfileScreen staff />, { path: '/admin/learning-profile' });
    expect(await screen.findByRole('heading', { name: 'Choose a student' })).toBeTruthy();
  });
});

describe('the Learning Pathway screen', () => {
  it('lists the ready topics with their quizzes and one start, named after its quiz, that runs them as a queue', async () => {
    const pathway: LearningPathway = {
      taken_diagnostics: true,
      all_mastered: false,
      ready: [
        step(1, 'Babbling', { id: 5, title: 'Babbling quiz' }),
        step(2, 'First words', null),
        step(3, 'Two-word phrases', { id: 8, title: 'Phrases quiz' }),
      ],
      rechecks: [],
    };
    mockFetch((r) => (r.url === '/api/my/learning-pathway' ? json(200, pathway) : undefined));
    renderScreen(<LearningPathwayScreen />, { path: '/learning-pathway' });

    expect(await screen.findByRole('heading', { name: 'Ready to learn' })).toBeTruthy();
    // The quiz list unread (here: not served), the start is a link: the quiz screen asks before it starts.
    expect(
      (await screen.findByRole('link', { name: 'Start quiz: Babbling quiz' })).getAttribute('href'),
    ).toBe('/quiz/5/8');
    expect(screen.getByRole('link', { name: 'Babbling quiz' }).getAttribute('href')).toBe('/quiz/5');
    expect(screen.getByText('No quiz on this topic yet.')).toBeTruthy();
  });

  it('asks with the stakes before the queue starts, and stays put on Cancel', async () => {
    const pathway: LearningPathway = {
      taken_diagnostics: true,
      all_mastered: false,
      ready: [
        step(1, 'Babbling', { id: 5, title: 'Babbling quiz' }),
        step(3, 'Two-word phrases', { id: 8, title: 'Phrases quiz' }),
      ],
      rechecks: [],
    };
    const babbling = item({ id: 5, title: 'Babbling quiz', time_limit_minutes: 15 });
    const { requests } = mockFetch((r) => {
      if (r.url === '/api/my/learning-pathway') return json(200, pathway);
      if (r.url === '/api/my/assessments?kind=quiz') return json(200, { data: [babbling] });
      return undefined;
    });
    renderScreen(
      <>
        <LearningPathwayScreen />
        <DialogHost />
      </>,
      { path: '/learning-pathway' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Start quiz: Babbling quiz' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(
      '8 questions · 15 minutes · attempt 1 of 3 · 1 more quiz follows; you can stop after any',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location').textContent).toBe('/learning-pathway');
    expect(requests.some((r) => r.url === '/api/attempts')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Start quiz: Babbling quiz' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await vi.waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/quiz/5/8'));
  });

  it('shows six steps first, and all on request', async () => {
    const ready = Array.from({ length: 9 }, (_, i) => step(i + 1, `Topic ${i + 1}`, null));
    mockFetch((r) =>
      r.url === '/api/my/learning-pathway'
        ? json(200, { taken_diagnostics: true, all_mastered: false, ready, rechecks: [] })
        : undefined,
    );
    renderScreen(<LearningPathwayScreen />, { path: '/learning-pathway' });
    await screen.findByText('Topic 1');
    expect(screen.queryByText('Topic 7')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 9' }));
    expect(screen.getByText('Topic 9')).toBeTruthy();
  });

  it('tells a student who has mastered everything so', async () => {
    mockFetch((r) =>
      r.url === '/api/my/learning-pathway'
        ? json(200, { taken_diagnostics: true, all_mastered: true, ready: [], rechecks: [] })
        : undefined,
    );
    renderScreen(<LearningPathwayScreen />, { path: '/learning-pathway' });
    expect(await screen.findByRole('heading', { name: 'You have mastered every topic' })).toBeTruthy();
  });
});

describe("the dashboard's learning card", () => {
  it('says how many topics are mastered, the next steps with their quizzes, and the last two weeks', async () => {
    const today = new Date().toISOString().slice(0, 10);
    renderScreen(
      <LearningCard
        data={{
          mastered: 4,
          total: 60,
          next: [step(1, 'Babbling', { id: 5, title: 'Babbling quiz' }), step(2, 'First words', null)],
          ready_count: 9,
          rechecks_due: 2,
          daily: [{ day: today, questions_answered: 8, questions_marked: 6, correct: 3, minutes_active: 12 }],
        }}
      />,
    );
    const card = await screen.findByRole('region', { name: 'Your learning' });
    expect(within(card).getByText('4 of 60 topics mastered')).toBeTruthy();
    expect(card.textContent).toContain('2 due for a re-check');
    expect(within(card).getByRole('link', { name: 'Babbling' }).getAttribute('href')).toBe('/quiz/5');
    expect(within(card).getByText('First words')).toBeTruthy();
    expect(
      within(card).getByText('Last two weeks: 8 questions on 1 day, about 12 minutes, 50% right.'),
    ).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Your pathway (9 ready)' }).getAttribute('href')).toBe(
      '/learning-pathway',
    );
  });

  it('says in words, not with a flat chart, that nothing was answered yet', async () => {
    renderScreen(
      <LearningCard
        data={{ mastered: 0, total: 60, next: [], ready_count: 0, rechecks_due: 0, daily: [] }}
      />,
    );
    const card = await screen.findByRole('region', { name: 'Your learning' });
    expect(card.textContent).toContain('No questions answered in the last two weeks.');
    expect(card.querySelector('.daily-chart')).toBeNull();
  });

  it('fills the days without answers with zeros, oldest first', () => {
    const days = lastDays(
      [{ day: '2026-11-20', questions_answered: 3, questions_marked: 3, correct: 2, minutes_active: 4 }],
      '2026-11-23',
    );
    expect(days).toHaveLength(14);
    expect(days[0]!.day).toBe('2026-11-10');
    expect(days[13]!.day).toBe('2026-11-23');
    expect(days[10]).toMatchObject({ day: '2026-11-20', questions_answered: 3 });
    expect(days[12]).toMatchObject({ day: '2026-11-22', questions_answered: 0 });
  });
});
