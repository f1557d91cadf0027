import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  type CatalogueQuestion,
  type QuestionType,
} from '../../src/server/seed/catalogue/index.ts';

const microTopics = CATALOGUE.flatMap((subject) => subject.subTopics.flatMap((sub) => sub.microTopics));
const questions = microTopics.flatMap((micro) => micro.questions);
const TYPES: QuestionType[] = [
  'single_choice',
  'multiple_choice',
  'true_false',
  'short_answer',
  'matching',
  'ordering',
];

// Short answers are graded case-, space- and punctuation-insensitively, so compare them that way too.
const normalise = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const allDistinct = (items: string[]): boolean => new Set(items.map(normalise)).size === items.length;
const inRange = (n: number, min: number, max: number): boolean => n >= min && n <= max;

const FIELDS: Record<QuestionType, Array<keyof CatalogueQuestion>> = {
  single_choice: ['options', 'correct'],
  multiple_choice: ['options', 'correct'],
  true_false: ['answer'],
  short_answer: ['accepted'],
  matching: ['pairs'],
  ordering: ['order'],
};
const TYPE_FIELDS: Array<keyof CatalogueQuestion> = [
  'options',
  'correct',
  'answer',
  'accepted',
  'pairs',
  'order',
];

/** Every way a question could be ungradable or confusing to a student; empty when it is sound. */
function problems(q: CatalogueQuestion): string[] {
  const found: string[] = [];
  if (!TYPES.includes(q.type)) return [`unknown type ${q.type}`];
  if (![1, 2, 3].includes(q.difficulty)) found.push('difficulty');
  if (!q.stem.trim()) found.push('empty stem');
  if (!q.explanation.trim()) found.push('empty explanation');
  if (/<\/?[a-z][^>]*>/i.test(q.stem + q.explanation)) found.push('HTML in plain text');
  for (const field of TYPE_FIELDS) {
    const expected = FIELDS[q.type].includes(field);
    if (expected !== (q[field] !== undefined)) found.push(`${field} ${expected ? 'missing' : 'unexpected'}`);
  }
  const options = q.options ?? [];
  const correct = q.correct ?? [];
  switch (q.type) {
    case 'single_choice':
    case 'multiple_choice': {
      if (!inRange(options.length, 3, 5)) found.push('needs 3–5 options');
      if (!allDistinct(options) || options.some((o) => !o.trim())) found.push('options not distinct');
      if (correct.some((i) => !Number.isInteger(i) || i < 0 || i >= options.length))
        found.push('index out of range');
      if (new Set(correct).size !== correct.length) found.push('repeated correct index');
      if (q.type === 'single_choice' && correct.length !== 1) found.push('single choice needs one answer');
      if (q.type === 'multiple_choice' && !(correct.length >= 2 && correct.length < options.length)) {
        found.push('multiple choice needs 2+ answers and at least one wrong option');
      }
      break;
    }
    case 'true_false':
      if (typeof q.answer !== 'boolean') found.push('answer not boolean');
      break;
    case 'short_answer': {
      const accepted = q.accepted ?? [];
      if (!inRange(accepted.length, 1, 4)) found.push('needs 1–4 accepted answers');
      if (accepted.some((a) => !normalise(a) || !inRange(a.trim().split(/\s+/).length, 1, 4))) {
        found.push('accepted answers must be 1–4 words');
      }
      if (!allDistinct(accepted)) found.push('accepted answers repeat after normalising');
      break;
    }
    case 'matching': {
      const pairs = q.pairs ?? [];
      if (!inRange(pairs.length, 3, 5)) found.push('needs 3–5 pairs');
      if (!allDistinct(pairs.map(([left]) => left))) found.push('lefts not distinct');
      if (!allDistinct(pairs.map(([, right]) => right))) found.push('rights not distinct');
      break;
    }
    case 'ordering': {
      const order = q.order ?? [];
      if (!inRange(order.length, 3, 6)) found.push('needs 3–6 items');
      if (!allDistinct(order)) found.push('items not distinct');
      break;
    }
  }
  return found;
}

describe('demo teaching catalogue', () => {
  it('has 5 subjects of 3 sub topics of 4 micro topics of 5 questions', () => {
    expect(CATALOGUE).toHaveLength(5);
    for (const subject of CATALOGUE) {
      expect(subject.subTopics, subject.name).toHaveLength(3);
      for (const sub of subject.subTopics) {
        expect(sub.microTopics, sub.name).toHaveLength(4);
        for (const micro of sub.microTopics) expect(micro.questions, micro.key).toHaveLength(5);
      }
    }
    expect(CATALOGUE.flatMap((s) => s.subTopics)).toHaveLength(15);
    expect(microTopics).toHaveLength(60);
    expect(questions).toHaveLength(300);
  });

  it('names every subject, sub topic and micro topic uniquely, with kebab-case keys', () => {
    const subjectNames = CATALOGUE.map((s) => s.name);
    const subTopicNames = CATALOGUE.flatMap((s) => s.subTopics.map((t) => t.name));
    expect(new Set(subjectNames).size).toBe(subjectNames.length);
    expect(new Set(subTopicNames).size).toBe(subTopicNames.length);
    expect(new Set(microTopics.map((m) => m.key)).size).toBe(60);
    expect(new Set(microTopics.map((m) => m.name.toLowerCase())).size).toBe(60);
    for (const micro of microTopics) {
      expect(micro.key).toMatch(/^[a-z]+(-[a-z]+)+$/);
      expect(micro.description.trim(), micro.key).not.toBe('');
    }
    for (const subject of CATALOGUE) expect(subject.description.trim(), subject.name).not.toBe('');
  });

  it('only lists prerequisites that exist and come earlier, so the graph has no cycles', () => {
    const position = new Map(microTopics.map((m, i) => [m.key, i]));
    microTopics.forEach((micro, i) => {
      expect(new Set(micro.prerequisites).size, micro.key).toBe(micro.prerequisites.length);
      for (const key of micro.prerequisites) {
        expect(position.has(key), `${micro.key} -> ${key} exists`).toBe(true);
        expect(position.get(key)!, `${micro.key} -> ${key} is earlier`).toBeLessThan(i);
      }
    });
  });

  it('gives a new student a handful of starting points and a connected pathway', () => {
    const edges = microTopics.reduce((n, m) => n + m.prerequisites.length, 0);
    const roots = microTopics.filter((m) => m.prerequisites.length === 0);
    expect(edges).toBeGreaterThanOrEqual(40);
    expect(edges).toBeLessThanOrEqual(60);
    expect(roots.length).toBeGreaterThanOrEqual(8);
    expect(roots.length).toBeLessThanOrEqual(12);
    const subjectOf = new Map(
      CATALOGUE.flatMap((s) =>
        s.subTopics.flatMap((t) => t.microTopics.map((m) => [m.key, s.name] as const)),
      ),
    );
    const crossing = microTopics.flatMap((m) =>
      m.prerequisites.filter((key) => subjectOf.get(key) !== subjectOf.get(m.key)),
    );
    expect(crossing.length).toBeGreaterThanOrEqual(5);
  });

  it('uses every question type at least 30 times and varies types within each micro topic', () => {
    for (const type of TYPES) {
      expect(questions.filter((q) => q.type === type).length, type).toBeGreaterThanOrEqual(30);
    }
    for (const micro of microTopics) {
      expect(new Set(micro.questions.map((q) => q.type)).size, micro.key).toBeGreaterThanOrEqual(4);
    }
  });

  it('spreads difficulty: roughly 40% easy, 40% medium and 20% hard', () => {
    const share = (d: 1 | 2 | 3) => questions.filter((q) => q.difficulty === d).length / questions.length;
    expect(share(1)).toBeGreaterThanOrEqual(0.3);
    expect(share(1)).toBeLessThanOrEqual(0.5);
    expect(share(2)).toBeGreaterThanOrEqual(0.3);
    expect(share(2)).toBeLessThanOrEqual(0.5);
    expect(share(3)).toBeGreaterThanOrEqual(0.1);
    expect(share(3)).toBeLessThanOrEqual(0.3);
  });

  it('gives every question valid, gradable type-specific fields', () => {
    const broken = questions
      .map((q) => ({ stem: q.stem, problems: problems(q) }))
      .filter((q) => q.problems.length);
    expect(broken).toEqual([]);
  });

  it('never repeats a question stem', () => {
    const stems = questions.map((q) => normalise(q.stem));
    const repeated = stems.filter((stem, i) => stems.indexOf(stem) !== i);
    expect(repeated).toEqual([]);
  });
});
