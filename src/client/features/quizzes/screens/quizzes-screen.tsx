import { AssessmentList } from '../components/assessment-list.tsx';

export default function QuizzesScreen() {
  return <AssessmentList kind="quiz" title="Quizzes" />;
}
