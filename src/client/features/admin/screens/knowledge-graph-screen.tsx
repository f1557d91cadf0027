import { ComingSoon } from '../../../app/coming-soon.tsx';

export default function KnowledgeGraphScreen() {
  return (
    <ComingSoon text="Subjects, sub topics, micro topics and the prerequisites between them will be managed here." />
  );
}
