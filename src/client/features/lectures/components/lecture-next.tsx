import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Lecture } from '../../../../shared/contracts/content.ts';
import { PATHS } from '../../../shell/paths.ts';
import { StartButton } from '../../quiz/index.ts';
import { useMyAssessments } from '../../quizzes/index.ts';

/**
 * The end of a lecture: where to go on. The next lecture (on the same topic, else the next in teaching order)
 * and the quiz on its topics, started the way every quiz starts: a timed one asks first (StartButton).
 */
export function LectureNext({ lecture }: { lecture: Lecture }) {
  const headingId = useId();
  if (!lecture.next_lecture && !lecture.quiz) return null;
  return (
    <section className="lecture-next" aria-labelledby={headingId}>
      <h2 id={headingId} className="lecture-next__title">
        Up next
      </h2>
      <div className="lecture-next__items">
        {lecture.quiz && <TopicQuiz quiz={lecture.quiz} />}
        {lecture.next_lecture && (
          <NextItem what={lecture.next_lecture.title}>
            {(describedBy) => (
              <Link
                className={`button${lecture.quiz ? ' button--secondary' : ''}`}
                to={`${PATHS.lectures}?id=${lecture.next_lecture!.id}`}
                aria-describedby={describedBy}
              >
                Next lecture
              </Link>
            )}
          </NextItem>
        )}
      </div>
    </section>
  );
}

function NextItem({ what, children }: { what: string; children: (describedBy: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="lecture-next__item">
      {children(id)}
      <span id={id} className="lecture-next__what">
        {what}
      </span>
    </div>
  );
}

/**
 * The quiz as the student's quiz list knows it (attempts, time limit, this device's unsent attempts), so the
 * start asks what the Quizzes screen would ask. Until the list is known (offline and never opened), no button.
 */
function TopicQuiz({ quiz }: { quiz: { id: number; title: string } }) {
  const list = useMyAssessments('quiz');
  const item = list.data?.find((q) => q.id === quiz.id);
  if (!item) return null;
  if (item.state === 'in_progress')
    return (
      <NextItem what={item.title}>
        {(describedBy) => (
          <Link className="button" to={PATHS.quiz(item.id)} aria-describedby={describedBy}>
            Continue the quiz
          </Link>
        )}
      </NextItem>
    );
  if (!item.can_start) return null;
  return <NextItem what={item.title}>{() => <StartButton item={item} label="Take the quiz" />}</NextItem>;
}
