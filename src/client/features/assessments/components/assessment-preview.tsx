import type { Assessment } from '../../../../shared/contracts/assessments.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { QuestionCard } from '../../questions/index.ts';
import { useAssessmentPreview } from '../use-assessments.ts';

/** The saved assessment as students meet it, with the answer keys and explanations marked. */
export function AssessmentPreview({ assessment }: { assessment: Assessment }) {
  const preview = useAssessmentPreview(assessment.id);
  const random = assessment.selection === 'random';
  return (
    <section className="assessment-preview" aria-label="Preview">
      <div className="card card--accent">
        <h2 className="card__title">{assessment.title}</h2>
        {assessment.description && <p>{assessment.description}</p>}
        <p className="field__hint">
          {random
            ? `Each student gets ${assessment.question_count} questions drawn at random from the pool below${assessment.shuffle_questions ? '' : ', in pool order'}.`
            : `${assessment.question_count} questions${assessment.shuffle_questions ? ', shown in a random order' : ', in this order'}.`}
          {assessment.shuffle_options ? ' Options are shuffled for each student.' : ''}
          {assessment.time_limit_minutes
            ? ` Time limit: ${assessment.time_limit_minutes} minutes.`
            : ' No time limit.'}{' '}
          Pass mark: {assessment.pass_mark}%. This preview shows the saved version.
        </p>
      </div>
      {preview.error !== null ? (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(preview.error)}
        </p>
      ) : !preview.data ? (
        <Loading variant="centered" label="Loading the preview..." />
      ) : preview.data.length === 0 ? (
        <EmptyState title="No questions yet" text="Add questions and save to preview them." />
      ) : (
        preview.data.map((q, i) => <QuestionCard key={q.id} question={q} number={i + 1} />)
      )}
    </section>
  );
}
