import { AssessmentList } from '../../quizzes/index.ts';

export default function ExamsScreen() {
  return <AssessmentList kind="exam" title="Exams" />;
}
