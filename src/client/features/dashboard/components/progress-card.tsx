import { CardSection } from '../../../components/card-section.tsx';
import type { Progress } from '../../quiz/index.ts';
import { KIND_NAMES } from '../../quiz/index.ts';

function ProgressRow({ label, progress }: { label: { one: string; many: string }; progress: Progress }) {
  const share = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <li className="progress-row">
      <p className="progress-row__text">
        <strong>
          {progress.done} of {progress.total} {progress.total === 1 ? label.one : label.many} done
        </strong>
        {progress.passed > 0 && <> · {progress.passed} passed</>}
      </p>
      {/* The words above say it all; the bar is the same figure at a glance. */}
      <div className="progress-row__bar" aria-hidden="true">
        <span style={{ width: `${share}%` }} />
      </div>
    </li>
  );
}

export function ProgressCard({ quizzes, exams }: { quizzes: Progress; exams: Progress }) {
  const done = [quizzes, exams].filter((p) => p.average !== null);
  const count = done.reduce((n, p) => n + p.done, 0);
  const average =
    done.length > 0
      ? Math.round(done.reduce((sum, p) => sum + (p.average ?? 0) * p.done, 0) / Math.max(1, count))
      : null;
  return (
    <CardSection className="dashboard__section" title="Your progress">
      <ul className="progress-rows">
        <ProgressRow label={KIND_NAMES.quiz} progress={quizzes} />
        {exams.total > 0 && <ProgressRow label={KIND_NAMES.exam} progress={exams} />}
      </ul>
      {average !== null && (
        <p className="progress-card__average">
          Average score <strong>{average}%</strong> (your best attempt at each)
        </p>
      )}
    </CardSection>
  );
}
