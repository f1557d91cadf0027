import { useEffect, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import type { AdminSchool } from '../../../../shared/contracts/admin-schools.ts';
import type { Assessment, AssessmentBody, AssessmentKind } from '../../../../shared/contracts/assessments.ts';
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
  patchDraft,
} from '../assessment-draft.ts';
import type { AssessmentDraft } from '../assessment-draft.ts';
import {
  clientErrors,
  errorsBySection,
  fieldTargetId,
  listErrors,
  sentDrawRows,
  serverErrors,
} from '../assessment-errors.ts';
import { createAssessment, deleteAssessment, updateAssessment } from '../assessments.api.ts';
import { ErrorSummary, FormSection, SaveBar, SectionNav, focusField } from './builder-chrome.tsx';
import { ExposedWarning } from './exposed-warning.tsx';
import type { SaveState } from './builder-chrome.tsx';
import { FixedQuestions, RandomDraws } from './selection-editors.tsx';
import { MarkingSettings, SchoolSettings, ScheduleSettings } from './settings-sections.tsx';
import { CheckField } from '../../../components/check-field.tsx';

function save(args: { id: number | undefined; body: AssessmentBody }): Promise<Assessment> {
  return args.id === undefined ? createAssessment(args.body) : updateAssessment(args.id, args.body);
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
  /** A new one starts aimed at these (a teacher's only school). */
  defaultSchoolIds?: number[];
  /** A teacher looking at one aimed at everyone or at other schools too: shown, not editable. */
  readOnly?: boolean;
  onSaved: (saved: Assessment) => void;
  onDeleted: () => void;
  onCancel: () => void;
};

type Outcome = 'none' | 'saved' | 'invalid' | 'failed';

/**
 * Every setting of a quiz, exam or diagnostic, in sections, with a Save bar that stays in view. A refused
 * save lists every problem at once (the browser's own checks, or the server's 422) and leads to the first;
 * the draft survives it untouched.
 */
export function AssessmentForm(props: AssessmentFormProps) {
  const { kind, noun, assessment, graph, schools, schoolsRequired, readOnly = false } = props;
  const [baseline, setBaseline] = useState<AssessmentDraft>(() =>
    assessment
      ? draftFromAssessment(assessment, props.questions)
      : emptyAssessmentDraft(props.defaultSchoolIds ?? []),
  );
  const [draft, setDraft] = useState<AssessmentDraft>(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<Outcome>('none');
  // Bumped by each refused save: the first problem takes the focus once the form shows it.
  const [focusRequest, setFocusRequest] = useState(0);
  const saving = useAction(save);
  const removing = useAction(deleteAssessment);
  const change = (patch: Partial<AssessmentDraft>) => {
    setDraft((d) => patchDraft(d, patch));
    setOutcome('none');
  };
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(baseline), [draft, baseline]);

  const listed = useMemo(() => {
    const list = listErrors(errors);
    // A refusal without field errors (403, 404, 5xx) stays on the form, not only in a passing toast.
    if (saving.error !== null && Object.keys(saving.fieldErrors).length === 0)
      list.push({
        field: '',
        label: '',
        message: errorMessage(saving.error),
        section: null,
        targetId: null,
      });
    return list;
  }, [errors, saving.error, saving.fieldErrors]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const first = listed.find((e) => e.targetId !== null);
    if (!(first && focusField(first.targetId!))) document.getElementById('assessment-error-summary')?.focus();
    // Only a new refusal moves the focus, not every change to the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = assessmentBodyOf(draft, kind);
    const sentDraws = sentDrawRows(draft.draws);
    const found = clientErrors(draft, body, { schoolsRequired, sentDraws });
    if (Object.keys(found).length) {
      saving.reset();
      setErrors(found);
      setOutcome('invalid');
      setFocusRequest((n) => n + 1);
      return;
    }
    setErrors({});
    const result = await saving.run({ id: assessment?.id, body });
    if (result.ok) {
      showToast({ message: `The ${noun} was saved.`, type: 'success' });
      setBaseline(draft);
      setOutcome('saved');
      props.onSaved(result.value);
    } else {
      const fields = result.error instanceof ApiError ? (result.error.errors ?? {}) : {};
      setErrors(serverErrors(fields, sentDraws));
      setOutcome(Object.keys(fields).length ? 'invalid' : 'failed');
      setFocusRequest((n) => n + 1);
      showToast({ title: 'Not saved', message: saveFailure(result.error), type: 'error' });
    }
  };

  const cancel = async () => {
    if (dirty && !(await confirmDialog(`Leave without saving? Your changes to this ${noun} are lost.`)))
      return;
    props.onCancel();
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

  const selectionProps = { draft, onChange: change, errors, graph, readOnly };
  const sectionProps = { draft, onChange: change, errors, readOnly };
  const busy = saving.pending || removing.pending;
  const state: SaveState = saving.pending
    ? 'saving'
    : outcome === 'invalid' || outcome === 'failed'
      ? outcome
      : outcome === 'saved' && !dirty
        ? 'saved'
        : dirty
          ? 'dirty'
          : 'clean';

  return (
    <form className="form assessment-form" onSubmit={submit} aria-label={`${Noun} settings`} noValidate>
      {readOnly && (
        <p className="form-message form-message--info" role="note">
          You can look at this {noun} but not change it: it is also for students outside your schools, so only
          an admin edits it.
        </p>
      )}
      <ErrorSummary errors={listed} noun={noun} />
      <SectionNav errorCounts={errorsBySection(listed)} />
      {/* A disabled fieldset disables every input inside at once. */}
      <fieldset className="assessment-form__fields" disabled={readOnly}>
        <FormSection id="details">
          <TextField
            id={fieldTargetId('title')}
            label="Title"
            name="title"
            required
            maxLength={200}
            value={draft.title}
            onChange={(title) => change({ title })}
            errors={errors.title}
          />
          <TextAreaField
            id={fieldTargetId('description')}
            label="Description"
            name="description"
            value={draft.description}
            onChange={(description) => change({ description })}
            maxLength={5000}
            errors={errors.description}
          />
          <CheckField checked={draft.published} onChange={(published) => change({ published })}>
            Published (students can see it)
          </CheckField>
        </FormSection>

        <FormSection id="questions">
          <fieldset className="bo-fieldset">
            <legend>Selection</legend>
            <div className="bo-toolbar">
              <CheckField
                type="radio"
                name="selection"
                checked={draft.selection === 'fixed'}
                onChange={() => change({ selection: 'fixed' })}
              >
                Fixed questions
              </CheckField>
              <CheckField
                type="radio"
                name="selection"
                checked={draft.selection === 'random'}
                onChange={() => change({ selection: 'random' })}
              >
                Random draw per micro topic
              </CheckField>
            </div>
          </fieldset>
          {draft.selection === 'fixed' ? (
            <FixedQuestions {...selectionProps} />
          ) : (
            <RandomDraws {...selectionProps} />
          )}
          <ExposedWarning {...sectionProps} />
          <div className="bo-toolbar assessment-form__shuffle">
            <CheckField
              checked={draft.shuffle_questions}
              onChange={(shuffle_questions) => change({ shuffle_questions })}
            >
              Shuffle questions
            </CheckField>
            <CheckField
              checked={draft.shuffle_options}
              onChange={(shuffle_options) => change({ shuffle_options })}
            >
              Shuffle options
            </CheckField>
          </div>
        </FormSection>

        <FormSection id="schedule">
          <ScheduleSettings {...sectionProps} />
        </FormSection>

        <FormSection id="schools">
          <SchoolSettings {...sectionProps} schools={schools} schoolsRequired={schoolsRequired} />
        </FormSection>

        <FormSection id="review">
          <MarkingSettings {...sectionProps} />
        </FormSection>
      </fieldset>

      {!readOnly && assessment && (
        <div className="bo-toolbar assessment-form__delete">
          <button type="button" className="button bo-danger" disabled={busy} onClick={() => void remove()}>
            Delete {noun}
          </button>
        </div>
      )}
      {!readOnly && (
        <SaveBar
          state={state}
          problems={listed.length}
          saveLabel={`Save ${noun}`}
          busy={busy}
          onCancel={() => void cancel()}
        />
      )}
    </form>
  );
}

/** With field errors the marks on the form say what is wrong; the toast only points there. */
function saveFailure(error: unknown): string {
  const fields = error instanceof ApiError && error.errors ? Object.keys(error.errors).length : 0;
  return fields > 1 ? 'Please check the marked fields.' : errorMessage(error);
}
