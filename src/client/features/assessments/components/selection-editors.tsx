import { useMemo, useState } from 'react';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import { QUESTION_TYPE_LABELS } from '../../../../shared/contracts/questions.ts';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { GroupErrors, ListButtons, QuestionPicker, shortStem, moveItem } from '../../questions/index.ts';
import { newDraw } from '../assessment-draft.ts';
import { fieldTargetId } from '../assessment-errors.ts';
import type { AssessmentDraft } from '../assessment-draft.ts';

type Props = {
  draft: AssessmentDraft;
  onChange: (patch: Partial<AssessmentDraft>) => void;
  errors: FieldErrors;
  graph: KnowledgeGraph | undefined;
  readOnly?: boolean;
};

const MAX_QUESTIONS = 200;

/** The chosen questions in the order students get them (unless shuffled), and the bank to add from. */
export function FixedQuestions({ draft, onChange, errors, graph, readOnly }: Props) {
  const [picking, setPicking] = useState(draft.questions.length === 0 && !readOnly);
  const { questions } = draft;
  return (
    <div className="fixed-questions" id={fieldTargetId('question_ids')}>
      <GroupErrors messages={errors.question_ids ?? []} />
      {questions.length === 0 ? (
        <p className="field__hint">No question chosen yet.</p>
      ) : (
        <ol className="bo-list chosen-questions" aria-label="Chosen questions">
          {questions.map((q, i) => (
            <li key={q.id} className="chosen-questions__item">
              <span className="chosen-questions__number">{i + 1}.</span>
              <span className="chosen-questions__text">
                {shortStem(q.stem)}
                <span className="bo-table__muted">
                  {' '}
                  · {QUESTION_TYPE_LABELS[q.type]} · {q.micro_topic_name}
                </span>
              </span>
              <ListButtons
                name={`question ${i + 1}`}
                index={i}
                count={questions.length}
                min={0}
                onMove={(step) => onChange({ questions: moveItem(questions, i, step) })}
                onRemove={() => onChange({ questions: questions.filter((_, k) => k !== i) })}
              />
            </li>
          ))}
        </ol>
      )}
      <p className="field__hint">
        {questions.length} question{questions.length === 1 ? '' : 's'} chosen (at most {MAX_QUESTIONS}).
      </p>
      <button
        type="button"
        className="button button--small button--secondary"
        aria-expanded={picking}
        onClick={() => setPicking((p) => !p)}
      >
        {picking ? 'Hide the question bank' : 'Add questions from the bank'}
      </button>
      {picking && (
        <QuestionPicker
          graph={graph}
          pickedIds={questions.map((q) => q.id)}
          onPick={(q) => {
            if (questions.length < MAX_QUESTIONS && !questions.some((c) => c.id === q.id))
              onChange({ questions: [...questions, q] });
          }}
        />
      )}
    </div>
  );
}

/** Random selection: how many questions to draw from each micro topic. */
export function RandomDraws({ draft, onChange, errors, graph, readOnly }: Props) {
  const { draws } = draft;
  const options = useMemo(
    () =>
      (graph?.subjects ?? []).flatMap((s) =>
        s.sub_topics.flatMap((t) =>
          t.micro_topics.map((m) => ({
            value: m.id,
            label: `${m.name} (${s.name}) · ${m.question_count} question${m.question_count === 1 ? '' : 's'}`,
          })),
        ),
      ),
    [graph],
  );
  const set = (i: number, patch: Partial<(typeof draws)[number]>) =>
    onChange({ draws: draws.map((d, k) => (k === i ? { ...d, ...patch } : d)) });
  const total = draws.reduce((n, d) => n + (Number(d.count) || 0), 0);

  return (
    <div className="random-draws" id={fieldTargetId('draws')}>
      <GroupErrors messages={errors.draws ?? []} />
      <ol className="bo-list">
        {draws.map((d, i) => (
          <li key={d.key} className="bo-row">
            <Dropdown<number>
              id={fieldTargetId(`draws.${i}.micro_topic_id`)}
              label={`Micro topic ${i + 1}`}
              options={options}
              value={d.micro_topic_id}
              isDisabled={readOnly}
              onChange={(v) => set(i, { micro_topic_id: v })}
              error={errors[`draws.${i}.micro_topic_id`]?.join(' ')}
            />
            <TextField
              id={fieldTargetId(`draws.${i}.count`)}
              label={`Questions to draw from micro topic ${i + 1}`}
              name={`draw-count-${i + 1}`}
              type="number"
              min={1}
              max={50}
              value={d.count}
              onChange={(v) => set(i, { count: v })}
              errors={errors[`draws.${i}.count`]}
            />
            <ListButtons
              name={`micro topic ${i + 1}`}
              index={i}
              count={draws.length}
              min={1}
              onRemove={() => onChange({ draws: draws.filter((_, k) => k !== i) })}
            />
          </li>
        ))}
      </ol>
      <p className="field__hint">Each student gets {total} questions, drawn at random when they start.</p>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => onChange({ draws: [...draws, newDraw()] })}
      >
        Add micro topic
      </button>
    </div>
  );
}
