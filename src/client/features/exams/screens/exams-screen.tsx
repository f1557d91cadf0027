import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function ExamsScreen() {
  return (
    <ComingSoon text="Your exams, with their opening and closing times and your results, will be listed here." />
  );
}
