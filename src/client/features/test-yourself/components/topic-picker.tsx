import { useState } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';

type Check = 'all' | 'some' | 'none';

function checkOf(ids: readonly number[], chosen: ReadonlySet<number>): Check {
  const count = ids.filter((id) => chosen.has(id)).length;
  return count === 0 ? 'none' : count === ids.length ? 'all' : 'some';
}

function TreeCheck({
  label,
  ids,
  chosen,
  onChange,
}: {
  label: string;
  ids: readonly number[];
  chosen: ReadonlySet<number>;
  onChange: (ids: readonly number[], on: boolean) => void;
}) {
  const state = checkOf(ids, chosen);
  return (
    <label className="topic-tree__check">
      <input
        type="checkbox"
        checked={state === 'all'}
        // A mixed state is shown and announced ("mixed") when only some topics below are chosen.
        ref={(element) => {
          if (element) element.indeterminate = state === 'some';
        }}
        disabled={ids.length === 0}
        onChange={(event) => onChange(ids, event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

/** The micro topics that can be practised (those with questions), by id, with their subject's id. */
export function practisableTopics(graph: KnowledgeGraph): Map<number, { name: string; subjectId: number }> {
  const found = new Map<number, { name: string; subjectId: number }>();
  for (const subject of graph.subjects)
    for (const sub of subject.sub_topics)
      for (const micro of sub.micro_topics)
        if (micro.question_count > 0) found.set(micro.id, { name: micro.name, subjectId: subject.id });
  return found;
}

/** Subjects > sub topics > micro topics with checkboxes; a parent chooses (or clears) all below it. */
export function TopicPicker({
  graph,
  chosen,
  onChange,
  initiallyOpen = [],
}: {
  graph: KnowledgeGraph;
  chosen: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Subjects shown opened at first (those with topics chosen for the student). */
  initiallyOpen?: readonly number[];
}) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(initiallyOpen));
  const toggle = (ids: readonly number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };
  // Only micro topics with questions can be practised.
  const usable = (micro: { question_count: number }) => micro.question_count > 0;

  return (
    <fieldset className="topic-picker">
      <legend className="answer__legend">Topics</legend>
      <ul className="topic-tree">
        {graph.subjects.map((subject) => {
          const subjectIds = subject.sub_topics.flatMap((s) =>
            s.micro_topics.filter(usable).map((m) => m.id),
          );
          const expanded = open.has(subject.id);
          return (
            <li key={subject.id} className="topic-tree__subject">
              <div className="topic-tree__row">
                <TreeCheck label={subject.name} ids={subjectIds} chosen={chosen} onChange={toggle} />
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-expanded={expanded}
                  aria-label={`${expanded ? 'Hide' : 'Show'} topics of ${subject.name}`}
                  onClick={() => {
                    const next = new Set(open);
                    if (expanded) next.delete(subject.id);
                    else next.add(subject.id);
                    setOpen(next);
                  }}
                >
                  {expanded ? 'Hide topics' : 'Show topics'}
                </button>
              </div>
              {expanded && (
                <ul className="topic-tree__children">
                  {subject.sub_topics.map((sub) => (
                    <li key={sub.id}>
                      <TreeCheck
                        label={sub.name}
                        ids={sub.micro_topics.filter(usable).map((m) => m.id)}
                        chosen={chosen}
                        onChange={toggle}
                      />
                      <ul className="topic-tree__children">
                        {sub.micro_topics.filter(usable).map((micro) => (
                          <li key={micro.id}>
                            <TreeCheck
                              label={micro.name}
                              ids={[micro.id]}
                              chosen={chosen}
                              onChange={toggle}
                            />
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
