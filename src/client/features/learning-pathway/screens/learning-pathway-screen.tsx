import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function LearningPathwayScreen() {
  return (
    <ComingSoon text="The topics you are ready to learn next, each with its lectures, videos and a quiz, will be laid out here." />
  );
}
