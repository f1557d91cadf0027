import { useEffect, useMemo, useRef, useState } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import {
  DIFFICULTY_LABELS,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
} from '../../../../shared/contracts/questions.ts';
import type { QuestionType } from '../../../../shared/contracts/questions.ts';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';
import type { QuestionFilters } from '../questions.api.ts';
import { topicOptions } from '../../../components/topic-options.ts';

const SEARCH_DELAY_MS = 300;
export const TYPE_OPTIONS = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));
export const DIFFICULTY_OPTIONS = [1, 2, 3].map((d) => ({ value: d, label: DIFFICULTY_LABELS[d]! }));

/** Search box and the subject / sub topic / micro topic / type / difficulty filters of the bank. */
export function QuestionFiltersBar({
  graph,
  filters,
  onChange,
}: {
  graph: KnowledgeGraph | undefined;
  filters: QuestionFilters;
  onChange: (next: QuestionFilters) => void;
}) {
  const [search, setSearch] = useState(filters.search ?? '');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // The delayed search applies to the filters as they are then, not as they were at the keystroke.
  const latest = useRef(filters);
  useEffect(() => {
    latest.current = filters;
  });
  const options = useMemo(
    () => topicOptions(graph, filters.subject_id, filters.sub_topic_id),
    [graph, filters.subject_id, filters.sub_topic_id],
  );

  const onSearch = (text: string) => {
    setSearch(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => onChange({ ...latest.current, search: text.trim() || undefined }),
      SEARCH_DELAY_MS,
    );
  };
  const set = (patch: QuestionFilters) => onChange({ ...filters, ...patch });
  const orUndefined = <T,>(v: T | null) => v ?? undefined;

  return (
    <div className="bo-filters" role="search" aria-label="Filter questions">
      <TextField label="Search questions" name="search" type="search" value={search} onChange={onSearch} />
      <Dropdown
        label="Subject"
        options={options.subjects}
        value={filters.subject_id ?? null}
        isClearable
        placeholder="All subjects"
        onChange={(v) =>
          set({ subject_id: orUndefined(v), sub_topic_id: undefined, micro_topic_id: undefined })
        }
      />
      <Dropdown
        label="Sub topic"
        options={options.subTopics}
        value={filters.sub_topic_id ?? null}
        isClearable
        placeholder="All sub topics"
        onChange={(v) => set({ sub_topic_id: orUndefined(v), micro_topic_id: undefined })}
      />
      <Dropdown
        label="Micro topic"
        options={options.microTopics}
        value={filters.micro_topic_id ?? null}
        isClearable
        placeholder="All micro topics"
        onChange={(v) => set({ micro_topic_id: orUndefined(v) })}
      />
      <Dropdown<QuestionType>
        label="Type"
        options={TYPE_OPTIONS}
        value={filters.type ?? null}
        isClearable
        isSearchable={false}
        placeholder="All types"
        onChange={(v) => set({ type: orUndefined(v) })}
      />
      <Dropdown<number>
        label="Difficulty"
        options={DIFFICULTY_OPTIONS}
        value={filters.difficulty ?? null}
        isClearable
        isSearchable={false}
        placeholder="Any difficulty"
        onChange={(v) => set({ difficulty: orUndefined(v) })}
      />
    </div>
  );
}
