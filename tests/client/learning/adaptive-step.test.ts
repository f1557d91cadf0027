import { describe, expect, it } from 'vitest';
import type { AdaptiveStep, SavedAnswer, StudentQuestion } from '../../../src/shared/contracts/attempts.ts';
import { diagnosticNumber, nextDiagnosticQuestion } from '../../../src/client/features/quiz/adaptive-step.ts';

const question = (id: number): StudentQuestion => ({
  id,
  type: 'true_false',
  stem: `Q${id}`,
  image_url: null,
  micro_topic_id: 1,
  options: [],
  left: [],
  right: [],
});
const questions = [1, 2, 3, 4, 5].map(question);
const answered = (id: number, at: string): SavedAnswer => ({
  question_id: id,
  answer: { type: 'true_false', value: true },
  flagged: false,
  answered_at: at,
});
const step = (over: Partial<AdaptiveStep> = {}): AdaptiveStep => ({
  next_question_id: 4,
  upcoming: [4, 2, 5, 1, 3],
  done: false,
  cap: 4,
  ...over,
});

describe('the adaptive diagnostic on the device', () => {
  it("goes where the server says, and offline on down the server's order", () => {
    expect(nextDiagnosticQuestion(questions, {}, step())).toBe(3);
    // Question 4 just answered, the server not heard from yet: the next in its order.
    expect(nextDiagnosticQuestion(questions, {}, step(), 4)).toBe(1);
    const answers = { 4: answered(4, '2026-01-01T10:00:00Z'), 2: answered(2, '2026-01-01T10:01:00Z') };
    expect(nextDiagnosticQuestion(questions, answers, step())).toBe(4);
  });

  it('stops when the server says done, at the cap, or when nothing is left', () => {
    expect(nextDiagnosticQuestion(questions, {}, step({ done: true, next_question_id: null }))).toBeNull();
    const four = Object.fromEntries([1, 2, 3, 4].map((id) => [id, answered(id, `2026-01-01T10:0${id}:00Z`)]));
    expect(nextDiagnosticQuestion(questions, four, step())).toBeNull();
    expect(nextDiagnosticQuestion(questions, four, null)).toBe(4);
  });

  it('numbers questions in the order they were met, out of the most that will be asked', () => {
    const answers = { 4: answered(4, '2026-01-01T10:00:00Z'), 2: answered(2, '2026-01-01T10:01:00Z') };
    expect(diagnosticNumber(questions, answers, step(), 2)).toEqual({ number: 2, total: 4 });
    expect(diagnosticNumber(questions, answers, step(), 5)).toEqual({ number: 3, total: 4 });
  });
});
