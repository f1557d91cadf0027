import { AssessmentList } from '../../quizzes/components/assessment-list.tsx';

export default function ExamsScreen() {
  return <AssessmentList kind="exam" title="Exams" />;
}
