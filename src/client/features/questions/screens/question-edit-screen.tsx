import { Link, useNavigate } from 'react-router-dom';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { Loading } from '../../../components/loading.tsx';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { useKnowledgeGraph } from '../../knowledge-graph/index.ts';
import '../../../components/styles/back-office.css';
import { QuestionForm } from '../components/question-form.tsx';
import '../../../components/styles/questions.css';
import { useQuestion } from '../use-questions.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

/** Without `id` the screen creates a new question. */
export type QuestionEditScreenProps = { id?: string };

export default function QuestionEditScreen({ id }: QuestionEditScreenProps) {
  const { user } = useAuth();
  if (roleOf(user) !== 'admin') return <AdminsOnly text="Only admins edit the question bank." />;
  return <QuestionEditor id={id} />;
}

function QuestionEditor({ id }: QuestionEditScreenProps) {
  const navigate = useNavigate();
  const question = useQuestion(id);
  const graph = useKnowledgeGraph();
  usePageReady({ loading: question.loading, error: question.error });

  const ready = id === undefined || question.data !== undefined;
  return (
    <div className="screen question-edit-screen">
      <div className="screen__header">
        <PageTitle>{id === undefined ? 'New question' : 'Edit question'}</PageTitle>
        <Link to={PATHS.adminQuestions}>Back to the question bank</Link>
      </div>
      {!ready ? (
        <Loading variant="centered" />
      ) : (
        <QuestionForm
          // A new form for each question, so the draft of one never shows for another.
          key={question.data?.id ?? 'new'}
          graph={graph.data}
          question={question.data}
          onSaved={(saved) => {
            if (id === undefined) navigate(PATHS.adminQuestion(saved.id), { replace: true });
          }}
          onDeleted={() => navigate(PATHS.adminQuestions)}
        />
      )}
    </div>
  );
}
