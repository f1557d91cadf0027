import type { ItemParameters } from './contracts/questions.ts';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * A question's parameters in plain words, as the question bank and the item analysis show them: what the
 * diagnostic and the mastery model assume about a student who knows the topic and one who does not.
 */
export function itemParametersText(p: ItemParameters): string {
  if (p.fitted_at === null) return `Not enough answers yet: type defaults (guess ${pct(p.guess)})`;
  const answers = `${p.answers} answer${p.answers === 1 ? '' : 's'}`;
  return (
    `Learned from ${answers}: a student who knows it slips ${pct(p.slip)}; ` +
    `one who doesn't guesses right ${pct(p.guess)}; ` +
    `“I don't know”: ${pct(p.dont_know_known)} / ${pct(p.dont_know_unknown)}`
  );
}
