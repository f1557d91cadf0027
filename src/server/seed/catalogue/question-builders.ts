import type { CatalogueQuestion } from './types.ts';

// Positional builders keep 300 questions readable and make a malformed question (a single-choice
// question with two answers, a true/false without a verdict) impossible to write.

type Difficulty = CatalogueQuestion['difficulty'];

export function single(
  difficulty: Difficulty,
  stem: string,
  options: string[],
  correct: number,
  explanation: string,
): CatalogueQuestion {
  return { type: 'single_choice', difficulty, stem, options, correct: [correct], explanation };
}

export function multiple(
  difficulty: Difficulty,
  stem: string,
  options: string[],
  correct: number[],
  explanation: string,
): CatalogueQuestion {
  return { type: 'multiple_choice', difficulty, stem, options, correct, explanation };
}

export function trueFalse(
  difficulty: Difficulty,
  stem: string,
  answer: boolean,
  explanation: string,
): CatalogueQuestion {
  return { type: 'true_false', difficulty, stem, answer, explanation };
}

export function short(
  difficulty: Difficulty,
  stem: string,
  accepted: string[],
  explanation: string,
): CatalogueQuestion {
  return { type: 'short_answer', difficulty, stem, accepted, explanation };
}

export function matching(
  difficulty: Difficulty,
  stem: string,
  pairs: Array<[string, string]>,
  explanation: string,
): CatalogueQuestion {
  return { type: 'matching', difficulty, stem, pairs, explanation };
}

export function ordering(
  difficulty: Difficulty,
  stem: string,
  order: string[],
  explanation: string,
): CatalogueQuestion {
  return { type: 'ordering', difficulty, stem, order, explanation };
}
