import { describe, expect, it } from 'vitest';
import { topicIdsFromQuery, weakTopics } from '../../../src/client/features/quiz/next-steps.ts';

const topic = (id: number, correct: number | null, total: number) => ({
  micro_topic_id: id,
  micro_topic_name: `Topic ${id}`,
  correct,
  total,
});

describe('the topics to practise after a result', () => {
  it('are those below the 80% mastery mark, the weakest first', () => {
    const weak = weakTopics([
      topic(1, 2, 2),
      topic(2, 1, 2),
      topic(3, 0, 2),
      topic(4, 4, 5),
      topic(5, 3, 4),
      topic(6, 0, 0),
    ]);
    expect(weak.map((t) => t.micro_topic_id)).toEqual([3, 2, 5]);
  });

  it('are none while the review policy withholds the per-topic tallies', () => {
    expect(weakTopics([topic(1, null, 2), topic(2, null, 1)])).toEqual([]);
  });
});

describe('the topics a Test Yourself link asks for', () => {
  it('reads whole positive ids, each once, and ignores the rest', () => {
    expect(topicIdsFromQuery('12,15, 12,abc,-3,0,7.5,99')).toEqual([12, 15, 99]);
    expect(topicIdsFromQuery(null)).toEqual([]);
    expect(topicIdsFromQuery('')).toEqual([]);
  });
});
