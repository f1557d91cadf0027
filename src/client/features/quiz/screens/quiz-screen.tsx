import { ComingSoon } from '../../../app/coming-soon.tsx';

export type QuizScreenProps = { id: string; queue?: string };

export default function QuizScreen(_props: QuizScreenProps) {
  return <ComingSoon text="This quiz will run here one question at a time, saving each answer as you go." />;
}
