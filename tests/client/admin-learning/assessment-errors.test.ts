import { describe, expect, it } from 'vitest';
import {
  assessmentBodyOf,
  emptyAssessmentDraft,
  newDraw,
} from '../../../src/client/features/assessments/assessment-draft.ts';
import type { AssessmentDraft } from '../../../src/client/features/assessments/assessment-draft.ts';
import {
  clientErrors,
  errorsBySection,
  listErrors,
  sentDrawRows,
  serverErrors,
} from '../../../src/client/features/assessments/assessment-errors.ts';

const checked = (draft: AssessmentDraft, schoolsRequired = false) =>
  clientErrors(draft, assessmentBodyOf(draft, 'quiz'), {
    schoolsRequired,
    sentDraws: sentDrawRows(draft.draws),
  });

describe('the builder’s error list', () => {
  it('lists errors in the order of the form, each draw row’s topic before its count, unknown fields last', () => {
    const listed = listErrors({
      review_policy: ['Pick one.'],
      kind: ['The kind of an assessment cannot change.'],
      'draws.1.micro_topic_id': ['Choose a micro topic.'],
      'draws.0.count': ['Too many.'],
      school_ids: ['Choose the schools this is for.'],
      title: ['The title must be at least 3 characters.'],
      'draws.0.micro_topic_id': ['Choose a micro topic.'],
      closes_at: ['The closing time must be after the opening time.'],
    });
    expect(listed.map((e) => `${e.label}: ${e.message}`)).toEqual([
      'Title: The title must be at least 3 characters.',
      'Micro topic 1: Choose a micro topic.',
      'Questions to draw from micro topic 1: Too many.',
      'Micro topic 2: Choose a micro topic.',
      'Closes at: The closing time must be after the opening time.',
      'Target schools: Choose the schools this is for.',
      'Show answers and explanations: Pick one.',
      ': The kind of an assessment cannot change.',
    ]);
    // What the form does not show still appears, but leads nowhere.
    expect(listed.at(-1)!.targetId).toBeNull();
    expect(listed[0]!.targetId).toBe('assessment-field-title');
    expect(listed[2]!.targetId).toBe('assessment-field-draws-0-count');
    expect(errorsBySection(listed)).toEqual({ details: 1, questions: 3, schedule: 1, schools: 1, review: 1 });
  });

  it('puts the server’s draw errors on the row of the form they came from (blank rows are not sent)', () => {
    const draws = [newDraw(), newDraw(10, '2'), newDraw(), newDraw(20, '5')];
    const sent = sentDrawRows(draws);
    expect(sent).toEqual([1, 3]);
    expect(
      serverErrors({ 'draws.1.count': ['Too many.'], draws: ['Listed twice.'], title: ['Short.'] }, sent),
    ).toEqual({
      'draws.3.count': ['Too many.'],
      draws: ['Listed twice.'],
      title: ['Short.'],
    });
  });
});

describe('the checks made before sending', () => {
  it('names every problem of an empty form at once', () => {
    expect(checked(emptyAssessmentDraft(), true)).toEqual({
      title: ['The title must be at least 3 characters.'],
      question_ids: ['Choose at least one question.'],
      school_ids: ['Choose the schools this is for.'],
    });
  });

  it('checks numbers as typed, and skips attempts when they are unlimited', () => {
    const draft = {
      ...emptyAssessmentDraft(),
      pass_mark: '',
      time_limit_minutes: '2.5',
      attempts_allowed: '0',
      offline_grace_minutes: '121',
    };
    const errors = checked(draft);
    expect(errors.pass_mark).toEqual(['Give a whole number from 0 to 100.']);
    expect(errors.time_limit_minutes).toEqual(['Give a whole number from 1 to 600.']);
    expect(errors.attempts_allowed).toEqual(['Give a whole number from 1 to 100.']);
    expect(errors.offline_grace_minutes).toEqual(['Give a whole number from 0 to 120.']);
    expect(checked({ ...draft, unlimited_attempts: true }).attempts_allowed).toBeUndefined();
    // An empty time limit is no limit, not a mistake.
    expect(checked({ ...draft, time_limit_minutes: '' }).time_limit_minutes).toBeUndefined();
  });

  it('ignores blank draw rows, but not a row with a count and no topic', () => {
    const draft: AssessmentDraft = {
      ...emptyAssessmentDraft(),
      title: 'Random warm-up',
      selection: 'random',
      draws: [newDraw(), newDraw(10, '2'), newDraw(null, '4')],
    };
    expect(checked(draft)).toEqual({ 'draws.2.micro_topic_id': ['Choose a micro topic.'] });
    expect(checked({ ...draft, draws: [newDraw()] })).toEqual({
      draws: ['Choose at least one micro topic to draw from.'],
    });
  });

  it('asks for a closing time when the answers are released at the close', () => {
    const draft: AssessmentDraft = { ...emptyAssessmentDraft(), review_policy: 'after_close' };
    expect(checked(draft).closes_at).toEqual([
      'Answers are released when the assessment closes, so it needs a closing time (or choose another review policy).',
    ]);
  });
});
