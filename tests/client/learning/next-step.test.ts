import { describe, expect, it } from 'vitest';
import type { LearningSummary, PathwayStep } from '../../../src/shared/contracts/learning.ts';
import { nextStep } from '../../../src/client/features/dashboard/next-step.ts';
import { dashboardView } from '../../../src/client/features/dashboard/dashboard-view.ts';
import type { StudentAssessment } from '../../../src/client/features/quiz/index.ts';
import { item, QUIZZES } from './quiz-list-fixtures.ts';

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

const summary = (next: PathwayStep[]): LearningSummary => ({
  mastered: 3,
  total: 60,
  next,
  ready_count: next.length,
  rechecks_due: 0,
  daily: [],
});

const choose = (quizzes: StudentAssessment[], s: LearningSummary | null) =>
  nextStep(dashboardView({ quizzes, exams: [], diagnostics: [] }), quizzes, s);

describe("the dashboard's next step", () => {
  it('is the attempt under way, before anything the pathway offers', () => {
    const next = choose(QUIZZES, summary([step(1, 'Babbling', { id: 2, title: 'Fresh quiz' })]));
    expect(next).toMatchObject({ kind: 'continue', item: { id: 3, title: 'Quiz under way' } });
  });

  it("else the pathway's first ready topic whose quiz can be started now", () => {
    const quizzes = [
      item({ id: 2, title: 'Fresh quiz' }),
      item({ id: 7, title: 'Used up', can_start: false }),
    ];
    const next = choose(
      quizzes,
      summary([
        step(1, 'Babbling', { id: 7, title: 'Used up' }),
        step(2, 'First words', { id: 2, title: 'Fresh quiz' }),
      ]),
    );
    expect(next).toMatchObject({ kind: 'topic', step: { name: 'First words' }, item: { id: 2 } });
  });

  it('names the first ready topic even when no quiz on it can be started', () => {
    const next = choose([], summary([step(1, 'Babbling', null)]));
    expect(next).toMatchObject({ kind: 'topic', step: { name: 'Babbling' }, item: null });
  });

  it('without a pathway to read (offline), the quiz due soonest; with nothing at all, practice', () => {
    const quizzes = [item({ id: 2, title: 'Fresh quiz' })];
    expect(choose(quizzes, null)).toMatchObject({ kind: 'assessment', item: { id: 2 } });
    expect(choose([], null)).toEqual({ kind: 'practice' });
    expect(choose([], summary([]))).toEqual({ kind: 'practice' });
  });
});
