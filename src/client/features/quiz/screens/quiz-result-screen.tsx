import { ComingSoon } from '../../../app/coming-soon.tsx';

export type QuizResultScreenProps = { id: string };

export default function QuizResultScreen(_props: QuizResultScreenProps) {
  return <ComingSoon text="The score and answers of this quiz attempt will be shown here." />;
}
