import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import type { Assessment } from '../../../../shared/contracts/assessments.ts';
import type { Override, OverrideBody } from '../../../../shared/contracts/overrides.ts';
import { DateTimePicker } from '../../../components/date-time-picker.tsx';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { useAction, useLoad } from '../../../lib/use-async.ts';
import { fetchUsers } from '../../users/index.ts';
import { deleteOverride, fetchOverrides, putOverride } from '../assessments.api.ts';

/** The most students offered per school in the picker (a school's class list, not the whole platform). */
const STUDENTS_PER_SCHOOL = 100;

type Draft = {
  userId: number | null;
  extra_minutes: string;
  time_multiplier: string;
  closes_at: Date | null;
  attempts_allowed: string;
};
const EMPTY: Draft = {
  userId: null,
  extra_minutes: '',
  time_multiplier: '',
  closes_at: null,
  attempts_allowed: '',
};

const draftOf = (o: Override): Draft => ({
  userId: o.user_id,
  extra_minutes: o.extra_minutes === null ? '' : String(o.extra_minutes),
  time_multiplier: o.time_multiplier === null ? '' : String(o.time_multiplier),
  closes_at: o.closes_at ? new Date(o.closes_at) : null,
  attempts_allowed: o.attempts_allowed === null ? '' : String(o.attempts_allowed),
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const bodyOf = (d: Draft): OverrideBody => ({
  extra_minutes: numberOrNull(d.extra_minutes),
  time_multiplier: numberOrNull(d.time_multiplier),
  closes_at: d.closes_at ? d.closes_at.toISOString() : null,
  attempts_allowed: numberOrNull(d.attempts_allowed),
});

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** "30 min × 1.5 + 10 min = 55 min": what the override does to the time, in the assessment's terms. */
export function overrideTimeText(limit: number | null, o: Override): string {
  const multiplier = o.time_multiplier ?? o.standing_multiplier;
  const parts = [
    multiplier !== null && multiplier !== 1
      ? `× ${multiplier}${o.time_multiplier === null ? ' (standing)' : ''}`
      : null,
    o.extra_minutes !== null ? `+ ${o.extra_minutes} min` : null,
  ].filter(Boolean);
  if (!parts.length) return '—';
  if (limit === null) return `${parts.join(' ')} (untimed)`;
  const total = Math.ceil(limit * (multiplier ?? 1) - 1e-9) + (o.extra_minutes ?? 0);
  return `${parts.join(' ')} = ${total} min`;
}

/**
 * Extra time and overrides of one assessment (issue 27): a student's extra minutes or time multiplier,
 * another close date or more attempts. A student's attempt in progress takes a change at once. The server
 * decides who may give what (a teacher only to their own schools' students) and says why it refuses.
 */
export function AssessmentOverrides({ assessment }: { assessment: Assessment }) {
  const loadOverrides = useCallback(
    (signal: AbortSignal) => fetchOverrides(assessment.id, signal),
    [assessment.id],
  );
  const overrides = useLoad(loadOverrides);
  const loadStudents = useCallback(
    async (signal: AbortSignal) => {
      const schools = assessment.school_ids.length ? assessment.school_ids : [undefined];
      const pages = await Promise.all(
        schools.map((school_id) =>
          fetchUsers({ role: 'student', school_id, sort: 'name' }, 1, STUDENTS_PER_SCHOOL, signal),
        ),
      );
      return pages.flatMap((p) => p.data);
    },
    [assessment.school_ids],
  );
  const students = useLoad(loadStudents);
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useAction((d: Draft) => putOverride(assessment.id, { userId: d.userId ?? 0 }, bodyOf(d)));
  const errors = save.fieldErrors;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => d && { ...d, [key]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (draft.userId === null) return;
    const result = await save.run(draft);
    if (!result.ok) {
      if (!(result.error instanceof ApiError && result.error.status === 422))
        showToast({ message: errorMessage(result.error), type: 'error' });
      return;
    }
    showToast({ message: `Saved for ${result.value.student_name ?? 'the student'}.`, type: 'success' });
    setDraft(null);
    overrides.reload();
  };

  const remove = async (o: Override) => {
    const who = o.student_name ?? o.school_name ?? 'this override';
    if (
      !(await confirmDialog(
        `Remove the override for ${who}? An attempt in progress goes back to the normal time.`,
      ))
    )
      return;
    try {
      await deleteOverride(
        assessment.id,
        o.user_id !== null ? { userId: o.user_id } : { schoolId: o.school_id! },
      );
      showToast({ message: `Removed the override for ${who}.`, type: 'success' });
      overrides.reload();
    } catch (error) {
      showToast({ message: errorMessage(error), type: 'error' });
    }
  };

  return (
    <section className="card assessment-overrides" aria-labelledby="assessment-overrides-title">
      <h2 id="assessment-overrides-title" className="card__title">
        Extra time and overrides
      </h2>
      <p className="field__hint">
        Give a student extra time, a later close date or more attempts at this assessment. A standing time
        multiplier on the student’s record applies to every timed assessment; a multiplier here replaces it,
        and extra minutes add to it. A student taking it now gets the change at once.
      </p>
      {overrides.error ? (
        <p className="field__errors">The overrides could not be loaded.</p>
      ) : !overrides.data ? (
        <Loading />
      ) : !overrides.data.length ? (
        <EmptyState title="No overrides" text="Every student takes it under its own settings." />
      ) : (
        <div className="table-scroll" tabIndex={0}>
          <table className="data-table">
            <caption>Overrides ({overrides.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Student or school</th>
                <th scope="col">Time</th>
                <th scope="col">Closes</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {overrides.data.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    {o.student_name ?? `Every student of ${o.school_name ?? 'the school'}`}
                    {o.student_name && o.school_name ? ` (${o.school_name})` : ''}
                  </th>
                  <td>{overrideTimeText(assessment.time_limit_minutes, o)}</td>
                  <td>{o.closes_at ? when(o.closes_at) : '—'}</td>
                  <td>{o.attempts_allowed ?? '—'}</td>
                  <td className="assessment-overrides__actions">
                    {o.user_id !== null && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => {
                          save.reset();
                          setDraft(draftOf(o));
                        }}
                        aria-label={`Edit the override for ${o.student_name ?? ''}`}
                      >
                        Edit
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void remove(o)}
                      aria-label={`Remove the override for ${o.student_name ?? o.school_name ?? ''}`}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {draft ? (
        <form
          className="assessment-overrides__form"
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-label="Override"
        >
          <Dropdown<number>
            label="Student"
            name="user_id"
            options={(students.data ?? []).map((s) => ({
              value: s.id,
              label: s.school_name ? `${s.full_name} (${s.school_name})` : s.full_name,
            }))}
            value={draft.userId}
            onChange={(v) => set('userId', v)}
            isLoading={students.loading}
            required
            error={errors.user_id?.join(' ')}
          />
          <div className="bo-filters">
            <TextField
              label="Extra minutes"
              name="extra_minutes"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              value={draft.extra_minutes}
              onChange={(v) => set('extra_minutes', v)}
              errors={errors.extra_minutes}
            />
            <TextField
              label="Time multiplier"
              name="time_multiplier"
              type="number"
              inputMode="decimal"
              min={1}
              max={4}
              step={0.05}
              value={draft.time_multiplier}
              onChange={(v) => set('time_multiplier', v)}
              errors={errors.time_multiplier}
              hint="For example 1.5 for half as long again."
            />
            <TextField
              label="Attempts"
              name="attempts_allowed"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              value={draft.attempts_allowed}
              onChange={(v) => set('attempts_allowed', v)}
              errors={errors.attempts_allowed}
            />
          </div>
          <DateTimePicker
            mode="datetime"
            label="Closes at (for this student)"
            name="closes_at"
            value={draft.closes_at}
            onChange={(v) => set('closes_at', v)}
            error={errors.closes_at?.join(' ')}
          />
          <p className="field__hint">Leave a field empty to keep the assessment’s own setting.</p>
          <div className="users-toolbar">
            <button type="submit" className="button" disabled={save.pending || draft.userId === null}>
              {save.pending ? 'Saving...' : 'Save override'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="users-toolbar">
          <button
            type="button"
            className="button"
            onClick={() => {
              save.reset();
              setDraft(EMPTY);
            }}
          >
            Add an override
          </button>
        </div>
      )}
    </section>
  );
}
