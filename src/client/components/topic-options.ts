import type { KnowledgeGraph } from '../../shared/contracts/knowledge-graph.ts';
import type { DropdownOption } from './dropdown.tsx';

export type TopicOptions = {
  subjects: DropdownOption<number>[];
  /** Sub topics of the chosen subject (all when none is chosen). */
  subTopics: DropdownOption<number>[];
  /** Micro topics of the chosen sub topic or subject (all when neither is chosen). */
  microTopics: DropdownOption<number>[];
};

/** Cascading choices for subject → sub topic → micro topic filters and pickers. */
export function topicOptions(
  graph: KnowledgeGraph | undefined,
  subjectId?: number | null,
  subTopicId?: number | null,
): TopicOptions {
  const subjects = graph?.subjects ?? [];
  const inSubject = subjects.filter((s) => !subjectId || s.id === subjectId);
  const subTopics = inSubject.flatMap((s) => s.sub_topics.map((t) => ({ subject: s, topic: t })));
  const inSubTopic = subTopics.filter(({ topic }) => !subTopicId || topic.id === subTopicId);
  return {
    subjects: subjects.map((s) => ({ value: s.id, label: s.name })),
    subTopics: subTopics.map(({ subject, topic }) => ({
      value: topic.id,
      label: subjectId ? topic.name : `${topic.name} (${subject.name})`,
    })),
    microTopics: inSubTopic.flatMap(({ subject, topic }) =>
      topic.micro_topics.map((m) => ({
        value: m.id,
        label: `${m.name} (${subject.name} › ${topic.name})`,
      })),
    ),
  };
}
