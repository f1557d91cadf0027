import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function ProfileRecordScreen() {
  return <ComingSoon text="Your record of finished quizzes, exams, lectures and videos will be kept here." />;
}
