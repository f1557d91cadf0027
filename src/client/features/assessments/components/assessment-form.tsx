import { useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminSchool } from '../../../../shared/contracts/admin-schools.ts';
import type { Assessment, AssessmentKind } from '../../../../shared/contracts/assessments.ts';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import type { Question } from '../../../../shared/contracts/questions.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import {
  assessmentBodyOf,
  draftFromAssessment,
  emptyAssessmentDraft,
  localErrors,
} from '../assessment-draft.ts';
import type { AssessmentDraft } from '../assessment-draft.ts';
import { createAssessment, deleteAssessment, updateAssessment } from '../assessments.api.ts';
import { FixedQuestions, RandomDraws } from './selection-editors.tsx';
import { AvailabilitySettings, DeliverySettings } from './settings-sections.tsx';

const SHOWN = new Set([
  'title',
  'description',
  'question_ids',
  'draws',
  'time_limit_minutes',
  'opens_at',
  'closes_at',
  'attempts_allowed',
  'pass_mark',
  'review_policy',
  'offline_grace_minutes',
  'school_ids',
]);
const isShown = (field: string) => SHOWN.has(field) || /^draws\.\d+\.(micro_topic_id|count)$/.test(field);

function save(args: {
  id: number | undefined;
  kind: AssessmentKind;
  draft: AssessmentDraft;
}): Promise<Assessment> {
  const body = assessmentBodyOf(args.draft, args.kind);
  return args.id === undefined ? createAssessment(body) : updateAssessment(args.id, body);
}

export type AssessmentFormProps = {
  kind: AssessmentKind;
  noun: string;
  assessment: Assessment | undefined;
  questions: Question[];
  graph: KnowledgeGraph | undefined;
  schools: AdminSchool[] | undefined;
  /** Teachers must aim at their own schools; admins may leave it empty for every school. */
  schoolsRequired: boolean;
  /** A teacher looking at one aimed at everyone or at other schools too: shown, not editable. */
  readOnly?: boolean;
  onSaved: (saved: Assessment) => void;
  onDeleted: () => void;
};

/** Every setting of a quiz, exam or diagnostic; the draft survives a refused save untouched. */
export function AssessmentForm(props: AssessmentFormProps) {
  const { kind, noun, assessment, graph, schools, schoolsRequired, readOnly = false } = props;
  const [draft, setDraft] = useState<AssessmentDraft>(() =>
    assessment ? draftFromAssessment(assessment, props.questions) : emptyAssessmentDraft(),
  );
  const [local, setLocal] = useState<FieldErrors>({});
  const saving = useAction(save);
  const removing = useAction(deleteAssessment);
  const errors: FieldErrors = { ...saving.fieldErrors, ...local };
  const change = (patch: Partial<AssessmentDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = localErrors(draft, schoolsRequired);
    setLocal(found);
    if (Object.keys(found).length) {
      saving.reset();
      return;
    }
    const result = await saving.run({ id: assessment?.id, kind, draft });
    if (result.ok) {
      showToast({ message: `The ${noun} was saved.`, type: 'success' });
      props.onSaved(result.value);
    } else {
      showToast({ title: 'Not saved', message: saveFailure(result.error), type: 'error' });
    }
  };

  const remove = async () => {
    if (!assessment) return;
    if (!(await confirmDialog(`Delete the ${noun} "${assessment.title}"? This cannot be undone.`))) return;
    const result = await removing.run(assessment.id);
    if (result.ok) {
      showToast({ message: `The ${noun} was deleted.`, type: 'success' });
      props.onDeleted();
    } else {
      showToast({ title: 'Not deleted', message: errorMessage(result.error), type: 'error' });
    }
  };

  const general = Object.entries(errors)
    .filter(([field]) => !isShown(field))
    .flatMap(([, messages]) => messages);
  // A refusal without field errors (403, 404, 5xx) stays on the form, not only in a passing toast.
  if (saving.error !== null && Object.keys(saving.fieldErrors).length === 0)
    general.push(errorMessage(saving.error));
  const selectionProps = { draft, onChange: change, errors, graph, readOnly };
  const busy = saving.pending || removing.pending;

  return (
    <form className="form assessment-form" onSubmit={submit} aria-label={`${Noun} settings`} noValidate>
      {readOnly && (
        <p className="form-message form-message--info" role="note">
          You can look at this {noun} but not change it: it is also for students outside your schools, so only
          an admin edits it.
        </p>
      )}
      {general.length > 0 && (
        <div className="form-message form-message--error" role="alert">
          {general.join(' ')}
        </div>
      )}
      {/* A disabled fieldset disables every input inside at once. */}
      <fieldset className="assessment-form__fields" disabled={readOnly}>
        <section className="card" aria-labelledby="assessment-about">
          <h2 id="assessment-about" className="card__title">
            About
          </h2>
          <TextField
            label="Title"
            name="title"
            required
            value={draft.title}
            onChange={(title) => change({ title })}
            errors={errors.title}
          />
          <TextAreaField
            label="Description"
            name="description"
            value={draft.description}
            onChange={(description) => change({ description })}
            maxLength={5000}
            errors={errors.description}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.published}
              onChange={(e) => change({ published: e.target.checked })}
            />
            Published (students can see it)
          </label>
        </section>

        <section className="card" aria-labelledby="assessment-questions">
          <h2 id="assessment-questions" className="card__title">
            Questions
          </h2>
          <fieldset className="bo-fieldset">
            <legend>Selection</legend>
            <div className="bo-toolbar">
              <label className="checkbox">
                <input
                  type="radio"
                  name="selection"
                  checked={draft.selection === 'fixed'}
                  onChange={() => change({ selection: 'fixed' })}
                />
                Fixed questions
              </label>
              <label className="checkbox">
                <input
                  type="radio"
                  name="selection"
                  checked={draft.selection === 'random'}
                  onChange={() => change({ selection: 'random' })}
                />
                Random draw per micro topic
              </label>
            </div>
          </fieldset>
          {draft.selection === 'fixed' ? (
            <FixedQuestions {...selectionProps} />
          ) : (
            <RandomDraws {...selectionProps} />
          )}
        </section>

        <DeliverySettings draft={draft} onChange={change} errors={errors} readOnly={readOnly} />

        <AvailabilitySettings
          draft={draft}
          onChange={change}
          errors={errors}
          schools={schools}
          schoolsRequired={schoolsRequired}
          readOnly={readOnly}
        />
      </fieldset>

      {!readOnly && (
        <div className="bo-toolbar">
          <button type="submit" className="button" disabled={busy}>
            {saving.pending ? 'Saving...' : `Save ${noun}`}
          </button>
          {assessment && (
            <button type="button" className="button bo-danger" disabled={busy} onClick={() => void remove()}>
              Delete {noun}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

/** With field errors the marks on the form say what is wrong; the toast only points there. */
function saveFailure(error: unknown): string {
  const fields = error instanceof ApiError && error.errors ? Object.keys(error.errors).length : 0;
  return fields > 1 ? 'Please check the marked fields.' : errorMessage(error);
}
