import { ComingSoon } from '../../../app/coming-soon.tsx';

export type QuizAnalysisScreenProps = { id: string };

export default function QuizAnalysisScreen(_props: QuizAnalysisScreenProps) {
  return <ComingSoon text="A topic-by-topic analysis of this quiz attempt will be shown here." />;
}
