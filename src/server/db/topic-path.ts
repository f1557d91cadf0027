import type { Db } from './database.ts';

/**
 * Questions joined up their topic tree (micro topic, sub topic, subject), the columns left to the caller:
 * the question bank lists them so, and grading and the review group by topic and subject.
 */
export function questionsWithTopicPath(db: Db) {
  return db
    .selectFrom('questions')
    .innerJoin('micro_topics', 'micro_topics.id', 'questions.micro_topic_id')
    .innerJoin('sub_topics', 'sub_topics.id', 'micro_topics.sub_topic_id')
    .innerJoin('subjects', 'subjects.id', 'sub_topics.subject_id');
}
