import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import { namesText, QUICK_COUNT, type QuickTopics } from '../quick-topics.ts';
import { TopicPicker } from './topic-picker.tsx';
import '../practice-start.css';

const COUNTS = [5, 10, 20] as const;

/**
 * How a practice starts: one button for the topics that matter now ("Practise your ready topics (5
 * questions)"), and the whole topic tree behind "Choose topics". Topics chosen for the student (a result's
 * "Practise" link) open the tree with them ticked, and the tree's start becomes the one to press.
 */
export function PracticeStart({
  graph,
  quick,
  suggested,
  pending,
  error,
  onStart,
}: {
  graph: KnowledgeGraph;
  quick: QuickTopics | null;
  /** Chosen from a result, with their names and subjects; none: nothing chosen for the student. */
  suggested: { ids: number[]; names: string[]; subjects: number[] };
  pending: boolean;
  error: ReactNode;
  onStart: (ids: number[], count: number) => void;
}) {
  const preselected = suggested.ids.length > 0;
  const [open, setOpen] = useState(preselected || quick === null);
  const [picked, setChosen] = useState<Set<number> | null>(null);
  const chosen = picked ?? new Set(suggested.ids);
  const [count, setCount] = useState<number>(10);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart([...chosen], count);
  };
  const errorBox = error && (
    <p className="notice notice--error" role="alert">
      {error}
    </p>
  );

  return (
    <>
      {quick && !preselected && (
        <section className="card card--accent quick-start" aria-labelledby="quick-start-title">
          <h2 id="quick-start-title" className="card__title">
            Practise now
          </h2>
          <p>
            {QUICK_COUNT} questions on {namesText(quick.names)}. You see right after each answer whether it
            was correct, with an explanation.
          </p>
          {!open && errorBox}
          <button
            type="button"
            className="button quick-start__button"
            disabled={pending}
            onClick={() => onStart(quick.ids, QUICK_COUNT)}
          >
            {pending ? 'Starting...' : `Practise ${quick.what} (${QUICK_COUNT} questions)`}
          </button>
        </section>
      )}
      {quick && !preselected && (
        <button
          type="button"
          className="button button--secondary practice-choose"
          aria-expanded={open}
          aria-controls="practice-form"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Hide the topics' : 'Choose topics'}
        </button>
      )}
      {open && (
        <form id="practice-form" className="card practice-form" onSubmit={submit}>
          <p>
            Choose what to practise and how many questions. You see right after each answer whether it was
            correct, with an explanation.
          </p>
          {preselected && (
            <p className="notice" role="status">
              Chosen from your result: {suggested.names.join(', ')}.
            </p>
          )}
          <TopicPicker
            graph={graph}
            chosen={chosen}
            onChange={setChosen}
            initiallyOpen={suggested.subjects}
          />
          <fieldset className="practice-form__count">
            <legend className="answer__legend">Number of questions</legend>
            {COUNTS.map((n) => (
              <label key={n} className="answer__option practice-form__count-option">
                <input type="radio" name="count" checked={count === n} onChange={() => setCount(n)} />
                <span>{n}</span>
              </label>
            ))}
          </fieldset>
          {errorBox}
          <p className="practice-form__chosen" aria-live="polite">
            {chosen.size === 0
              ? 'No topics chosen yet.'
              : `${chosen.size} micro ${chosen.size === 1 ? 'topic' : 'topics'} chosen.`}
          </p>
          <button type="submit" className="button" disabled={chosen.size === 0 || pending}>
            {pending ? 'Starting...' : 'Start practice'}
          </button>
        </form>
      )}
    </>
  );
}
