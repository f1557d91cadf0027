import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';

/** An empty state that leads back to the quizzes (a quiz that cannot be started, a result that is not there). */
export function BackToQuizzes({ title, text }: { title: string; text: string }) {
  return (
    <EmptyState title={title} text={text}>
      <Link className="button button--secondary" to={PATHS.quizzes}>
        Back to quizzes
      </Link>
    </EmptyState>
  );
}
