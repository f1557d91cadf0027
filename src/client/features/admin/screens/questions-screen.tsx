import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function QuestionsScreen() {
  return <ComingSoon text="The question bank, searchable by topic and type, will be managed here." />;
}
