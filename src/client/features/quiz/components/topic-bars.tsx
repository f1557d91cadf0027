import { Link } from 'react-router-dom';
import { MASTERY_PERCENT } from '../../../../shared/constants.ts';
import { practiseTopicsPath } from '../../../shell/paths.ts';
import { isWeak, masteryOf } from '../next-steps.ts';
import type { TopicTally } from '../next-steps.ts';

type Topic = TopicTally & { subject_name: string };

const questions = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/**
 * The result per micro topic as one bar each, in a list that fits any width (no table to scroll). The bar's
 * figure is written beside it; a topic below the mastery mark says "Practise", not only by its colour, and that chip opens Test Yourself with the topic chosen.
 */
export function TopicBars({ topics, label }: { topics: readonly Topic[]; label: string }) {
  const withheld = topics.some((t) => t.correct === null);
  return (
    <>
      <ul className="topic-bars" aria-label={label}>
        {topics.map((topic) => {
          const mastery = masteryOf(topic);
          const weak = isWeak(topic);
          return (
            <li key={topic.micro_topic_id} className={`topic-bar${weak ? ' topic-bar--weak' : ''}`}>
              <div className="topic-bar__head">
                <span className="topic-bar__name">
                  {topic.micro_topic_name}
                  <span className="topic-bar__subject">{topic.subject_name}</span>
                </span>
                <span className="topic-bar__figure">
                  {topic.correct === null
                    ? questions(topic.total)
                    : `${topic.correct} of ${topic.total} · ${mastery ?? 0}%`}
                </span>
              </div>
              {mastery !== null && (
                <div className="topic-bar__track" aria-hidden="true">
                  <span className="topic-bar__fill" style={{ width: `${mastery}%` }} />
                  <span className="topic-bar__mark" style={{ left: `${MASTERY_PERCENT}%` }} />
                </div>
              )}
              {weak && (
                // Straight to Test Yourself with this topic chosen.
                <Link
                  className="tag tag--practise tag--link"
                  to={practiseTopicsPath([topic.micro_topic_id])}
                  aria-label={`Practise ${topic.micro_topic_name}`}
                >
                  Practise
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <p className="topic-bars__note">
        {withheld
          ? 'How you did per topic appears once the answers are released.'
          : `The line on each bar is ${MASTERY_PERCENT}%: from there a topic counts as mastered.`}
      </p>
    </>
  );
}
