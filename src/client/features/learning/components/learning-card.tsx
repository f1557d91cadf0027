import { Link } from 'react-router-dom';
import type { LearningSummary } from '../../../../shared/contracts/learning.ts';
import { PATHS } from '../../../shell/paths.ts';
import { CardSection } from '../../../components/card-section.tsx';
import { masteredText } from '../mastery-format.ts';
import { DailyChart } from './daily-chart.tsx';
import '../../../components/styles/learning.css';

/**
 * The dashboard's learning card: where the student stands, the pathway's next steps and the last two
 * weeks. The dashboard reads the summary (its first card names the pathway's first step from it) and hands
 * it here; without it (offline and never loaded) the dashboard simply goes without.
 */
export function LearningCard({ data }: { data: LearningSummary }) {
  const today = new Date().toISOString().slice(0, 10);
  return (
    <CardSection
      className="dashboard__section learning-card"
      titleId="learning-card-title"
      title="Your learning"
    >
      <p className="learning-card__mastered">
        <strong>{masteredText(data.mastered, data.total)}</strong>
        {data.rechecks_due > 0 && ` · ${data.rechecks_due} due for a re-check`}
      </p>
      {data.next.length > 0 && (
        <>
          <h3 className="learning-card__subtitle">Next steps</h3>
          <ul className="learning-list">
            {data.next.map((s) => (
              <li key={s.micro_topic_id}>
                {s.quiz ? <Link to={PATHS.quiz(s.quiz.id)}>{s.name}</Link> : s.name}{' '}
                <span className="learning-muted">· {s.sub_topic_name}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.daily.some((d) => d.questions_answered > 0) ? (
        <DailyChart entries={data.daily} today={today} />
      ) : (
        // Fourteen empty columns say nothing to a student who has not started: words say what will be here.
        <p className="learning-card__empty">
          No questions answered in the last two weeks. Each day you practise shows here as a column.
        </p>
      )}
      <p className="result__links">
        <Link to={PATHS.learningPathway}>
          Your pathway{data.ready_count > 0 ? ` (${data.ready_count} ready)` : ''}
        </Link>
        <Link to={PATHS.learningProfile}>Your learning profile</Link>
      </p>
    </CardSection>
  );
}
