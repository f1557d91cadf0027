import { describe, expect, it } from 'vitest';
import { currentAnnouncementsResponseSchema } from '../../../src/shared/contracts/announcements.ts';
import { learningSummarySchema } from '../../../src/shared/contracts/learning.ts';
import { isCurrentAnnouncementsResponse } from '../../../src/client/features/announcements/current-announcements.api.ts';
import { isLearningSummary } from '../../../src/client/features/learning/learning-summary.api.ts';

// The dashboard checks two answers without zod; each check must accept and refuse what its contract does.
const step = {
  micro_topic_id: 1,
  name: 'Hand washing',
  sub_topic_name: 'Hygiene',
  subject_name: 'Health',
  mastery: 0.4,
  level: 'not_sure',
  quiz: { id: 2, title: 'Hygiene quiz' },
  materials: [{ kind: 'video', id: 3, title: 'Washing hands' }],
};
const summary = {
  mastered: 1,
  total: 4,
  next: [step, { ...step, quiz: null, materials: [] }],
  ready_count: 2,
  rechecks_due: 0,
  daily: [{ day: '2026-01-01', questions_answered: 3, questions_marked: 3, correct: 2, minutes_active: 5 }],
};
const announcements = {
  data: [
    { id: 1, title: 'Hi', body: '<p>x</p>', published_at: '2026-01-01T00:00:00Z', author_name: 'Ann' },
    { id: 2, title: 'Yo', body: '', published_at: '2026-01-02T00:00:00Z', author_name: null },
  ],
};

const cases = [
  {
    name: 'the learning summary',
    check: isLearningSummary,
    schema: learningSummarySchema,
    valid: [summary, { ...summary, next: [], daily: [] }],
    invalid: [
      null,
      [],
      { ...summary, mastered: '1' },
      { ...summary, daily: undefined },
      { ...summary, next: [{ ...step, level: 'great' }] },
      { ...summary, next: [{ ...step, quiz: { id: 2 } }] },
      { ...summary, next: [{ ...step, materials: [{ kind: 'book', id: 1, title: 'x' }] }] },
      { ...summary, daily: [{ day: '2026-01-01' }] },
    ],
  },
  {
    name: 'the current announcements',
    check: isCurrentAnnouncementsResponse,
    schema: currentAnnouncementsResponseSchema,
    valid: [announcements, { data: [] }],
    invalid: [
      null,
      { data: null },
      { data: [{ ...announcements.data[0], id: '1' }] },
      { data: [{ ...announcements.data[0], author_name: undefined }] },
      { data: [{ ...announcements.data[0], body: null }] },
    ],
  },
];

describe('the dashboard answers checked without zod', () => {
  for (const { name, check, schema, valid, invalid } of cases) {
    it(`${name}: accepts and refuses what the contract does`, () => {
      for (const value of valid) {
        expect(schema.safeParse(value).success).toBe(true);
        expect(check(value)).toBe(true);
      }
      for (const value of invalid) {
        expect(schema.safeParse(value).success).toBe(false);
        expect(check(value)).toBe(false);
      }
    });
  }
});
