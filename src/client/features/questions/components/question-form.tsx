import { useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import { DIFFICULTY_LABELS } from '../../../../shared/contracts/questions.ts';
import type { Question, QuestionType } from '../../../../shared/contracts/questions.ts';
import { itemParametersText } from '../../../../shared/item-parameters-text.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { RichHtml } from '../../../components/rich-html.tsx';
import { RichTextField } from '../../../components/rich-text-field.tsx';
import { sanitizeRichText } from '../../../../shared/rich-text.ts';
import {
  bodyOf,
  draftErrors,
  draftFromQuestion,
  emptyDraft,
  isShownField,
  sentRows,
  withType,
} from '../question-draft.ts';
import type { QuestionDraft, SentRows } from '../question-draft.ts';
import { createQuestion, deleteQuestion, updateQuestion } from '../questions.api.ts';
import { topicOptions } from '../../../components/topic-options.ts';
import { AcceptedEditor, TrueFalseEditor } from './answer-editors.tsx';
import { ChoiceEditor } from './choice-editor.tsx';
import { ImageField } from './image-field.tsx';
import { TYPE_OPTIONS } from './question-filters.tsx';
import { OrderingEditor, PairsEditor } from './sequence-editors.tsx';
import { CheckField } from '../../../components/check-field.tsx';

function save(question: Question | undefined, draft: QuestionDraft): Promise<Question> {
  const body = bodyOf(draft);
  return question ? updateQuestion(question.id, body) : createQuestion(body);
}

/**
 * Everything about one question. The draft lives here until the server accepts it: a failed save
 * changes nothing that was typed and marks what the server refused, field by field.
 */
export function QuestionForm({
  graph,
  question,
  onSaved,
  onDeleted,
}: {
  graph: KnowledgeGraph | undefined;
  question: Question | undefined;
  onSaved: (saved: Question) => void;
  onDeleted: () => void;
}) {
  const [draft, setDraft] = useState<QuestionDraft>(() =>
    question ? draftFromQuestion(question) : emptyDraft(),
  );
  const saving = useAction(save);
  const removing = useAction(deleteQuestion);
  // Which draft rows the last save sent (blank rows are left out), to put the server's errors on them.
  const [sent, setSent] = useState<SentRows | null>(null);
  const errors = useMemo(() => draftErrors(saving.fieldErrors, sent), [saving.fieldErrors, sent]);
  const microTopics = useMemo(() => topicOptions(graph).microTopics, [graph]);

  const change = (patch: Partial<QuestionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const typeEditor = { draft, onChange: change, errors };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(sentRows(draft));
    const result = await saving.run(question, draft);
    if (result.ok) {
      showToast({ message: 'The question was saved.', type: 'success' });
      onSaved(result.value);
    } else {
      showToast({ title: 'Not saved', message: saveFailure(result.error), type: 'error' });
    }
  };

  const remove = async () => {
    if (!question) return;
    if (!(await confirmDialog('Delete this question? This cannot be undone.'))) return;
    const result = await removing.run(question.id);
    if (result.ok) {
      showToast({ message: 'The question was deleted.', type: 'success' });
      onDeleted();
    } else {
      showToast({ title: 'Not deleted', message: errorMessage(result.error), type: 'error' });
    }
  };

  const general = Object.entries(errors)
    .filter(([field]) => !isShownField(field, draft.type))
    .flatMap(([, messages]) => messages);
  // A refusal without field errors (403, 404, 5xx) stays on the form, not only in a passing toast.
  if (saving.error !== null && Object.keys(errors).length === 0) general.push(errorMessage(saving.error));
  const busy = saving.pending || removing.pending;

  return (
    <form className="card form question-form" onSubmit={submit} aria-label="Question" noValidate>
      {general.length > 0 && (
        <div className="form-message form-message--error" role="alert">
          {general.join(' ')}
        </div>
      )}
      <Dropdown<number>
        label="Micro topic"
        required
        options={microTopics}
        value={draft.micro_topic_id}
        isLoading={!graph}
        onChange={(v) => change({ micro_topic_id: v })}
        error={errors.micro_topic_id?.join(' ')}
      />
      <fieldset className="bo-fieldset">
        <legend>Difficulty</legend>
        <div className="bo-toolbar">
          {[1, 2, 3].map((d) => (
            <CheckField
              key={d}
              type="radio"
              name="difficulty"
              checked={draft.difficulty === d}
              onChange={() => change({ difficulty: d })}
            >
              {DIFFICULTY_LABELS[d]}
            </CheckField>
          ))}
        </div>
        {errors.difficulty && <p className="field__errors">{errors.difficulty.join(' ')}</p>}
      </fieldset>
      <div className="field">
        <CheckField
          name="practice_only"
          checked={draft.practice_only}
          onChange={(practice_only) => change({ practice_only })}
        >
          Test Yourself question
        </CheckField>
        <p className="field__hint">
          Practice shows its answer straight away, so it is never used in a quiz, exam or diagnostic.
          Questions used in assessments appear in Test Yourself only once no open or upcoming assessment uses
          them.
        </p>
        {errors.practice_only && <p className="field__errors">{errors.practice_only.join(' ')}</p>}
      </div>
      <Dropdown<QuestionType>
        label="Question type"
        required
        options={TYPE_OPTIONS}
        value={draft.type}
        isSearchable={false}
        onChange={(v) => v && setDraft((d) => withType(d, v))}
      />
      <RichTextField
        label="Question text"
        name="stem"
        required
        value={draft.stem}
        onChange={(stem) => change({ stem })}
        errors={errors.stem}
      />
      <ImageField
        value={draft.image_url}
        onChange={(image_url) => change({ image_url })}
        errors={[...(errors.image_url ?? []), ...(errors.data_url ?? [])]}
      />
      {(draft.type === 'single_choice' || draft.type === 'multiple_choice') && (
        <ChoiceEditor {...typeEditor} />
      )}
      {draft.type === 'true_false' && <TrueFalseEditor {...typeEditor} />}
      {draft.type === 'short_answer' && <AcceptedEditor {...typeEditor} />}
      {draft.type === 'matching' && <PairsEditor {...typeEditor} />}
      {draft.type === 'ordering' && <OrderingEditor {...typeEditor} />}
      <RichTextField
        label="Explanation"
        name="explanation"
        rows={4}
        value={draft.explanation}
        onChange={(explanation) => change({ explanation })}
        errors={errors.explanation}
      />
      {(draft.stem || draft.image_url) && (
        <section className="rich-text__preview" aria-label="Student preview">
          <span className="rich-text__preview-label">Student preview</span>
          {/* Safe: sanitizeRichText keeps only the allow-list, as the server will. */}
          <RichHtml className="bo-rich" testId="stem-preview" html={sanitizeRichText(draft.stem)} />
          {draft.image_url && <img className="question-card__image" src={draft.image_url} alt="" />}
        </section>
      )}
      <div className="bo-toolbar">
        <button type="submit" className="button" disabled={busy}>
          {saving.pending ? 'Saving...' : 'Save question'}
        </button>
        {question && (
          <button type="button" className="button bo-danger" disabled={busy} onClick={() => void remove()}>
            Delete question
          </button>
        )}
      </div>
      {question && question.used_in > 0 && (
        <p className="field__hint">
          Used in {question.used_in} assessment{question.used_in === 1 ? '' : 's'}: changes apply there too.
        </p>
      )}
      {question && (
        <p className="field__hint" data-testid="question-parameters">
          {itemParametersText(question.parameters)}
        </p>
      )}
    </form>
  );
}

/** With field errors the marks on the form say what is wrong; the toast only points there. */
function saveFailure(error: unknown): string {
  const fields = error instanceof ApiError && error.errors ? Object.keys(error.errors).length : 0;
  return fields > 1 ? 'Please check the marked fields.' : errorMessage(error);
}
