import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function QuizzesScreen() {
  return (
    <ComingSoon text="Your quizzes, grouped by topic, with the ones open now and the ones you have finished, will be listed here." />
  );
}
