import { describe, expect, it } from 'vitest';
import type { LectureSummary } from '../../src/shared/contracts/content.ts';
import { nextLecture } from '../../src/server/features/content/content-reading.ts';

const lecture = (id: number, subTopics: number[]): LectureSummary => ({
  id,
  title: `Lecture ${id}`,
  summary: '',
  topics: subTopics.map((s) => ({
    id: s * 10,
    name: `Topic ${s}`,
    sub_topic_id: s,
    sub_topic_name: `Sub topic ${s}`,
    subject_id: 1,
    subject_name: 'Subject',
  })),
  attachment_count: 0,
  read_at: null,
  updated_at: '2026-01-01T00:00:00.000Z',
});

// In teaching order: two on sub topic 1 with one on sub topic 2 between them, then sub topic 3.
const ordered = [lecture(1, [1]), lecture(2, [2]), lecture(3, [1]), lecture(4, [3])];

describe('the next lecture', () => {
  it('is the next one on the same sub topic, as the list groups them', () => {
    expect(nextLecture(ordered, 1, ordered[0]!.topics)).toEqual({ id: 3, title: 'Lecture 3' });
  });

  it("after a sub topic's last, is the next in teaching order", () => {
    expect(nextLecture(ordered, 2, ordered[1]!.topics)).toEqual({ id: 3, title: 'Lecture 3' });
    expect(nextLecture(ordered, 3, ordered[2]!.topics)).toEqual({ id: 4, title: 'Lecture 4' });
  });

  it('is none after the last', () => {
    expect(nextLecture(ordered, 4, ordered[3]!.topics)).toBeNull();
  });
});
