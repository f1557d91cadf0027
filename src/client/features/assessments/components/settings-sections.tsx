import type { AdminSchool } from '../../../../shared/contracts/admin-schools.ts';
import { REVIEW_POLICIES, REVIEW_POLICY_LABELS } from '../../../../shared/contracts/assessments.ts';
import type { ReviewPolicy } from '../../../../shared/contracts/assessments.ts';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { DateTimePicker } from '../../../components/date-time-picker.tsx';
import { Dropdown } from '../../../components/dropdown.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { TargetSchoolsField } from '../../../components/target-schools-field.tsx';
import type { AssessmentDraft } from '../assessment-draft.ts';
import { fieldTargetId } from '../assessment-errors.ts';

const REVIEW_OPTIONS = REVIEW_POLICIES.map((p) => ({ value: p, label: REVIEW_POLICY_LABELS[p] }));

type SectionProps = {
  draft: AssessmentDraft;
  onChange: (patch: Partial<AssessmentDraft>) => void;
  errors: FieldErrors;
  /** Looking, not editing: the pickers are disabled too (the form's fieldset disables the plain inputs). */
  readOnly?: boolean;
};

/** The open/close window, the time limit, the attempts and the offline grace. */
export function ScheduleSettings({ draft, onChange: change, errors, readOnly }: SectionProps) {
  const one = (field: string) => errors[field]?.join(' ');
  return (
    <>
      <div className="bo-filters">
        {/* The picker is several inputs: its box is what an error links to, its first input takes the focus. */}
        <div id={fieldTargetId('opens_at')}>
          <DateTimePicker
            mode="datetime"
            label="Opens at"
            name="opens_at"
            value={draft.opens_at}
            disabled={readOnly}
            onChange={(v) => change({ opens_at: v })}
            error={one('opens_at')}
          />
        </div>
        <div id={fieldTargetId('closes_at')}>
          <DateTimePicker
            mode="datetime"
            label="Closes at"
            name="closes_at"
            value={draft.closes_at}
            disabled={readOnly}
            onChange={(v) => change({ closes_at: v })}
            rules={draft.opens_at ? { minDate: draft.opens_at } : undefined}
            error={one('closes_at')}
          />
        </div>
      </div>
      <p className="field__hint">Leave either empty for no limit on that side.</p>
      <div className="bo-filters">
        <TextField
          id={fieldTargetId('time_limit_minutes')}
          label="Time limit (minutes)"
          name="time_limit_minutes"
          type="number"
          min={1}
          max={600}
          hint="Leave empty for no time limit."
          value={draft.time_limit_minutes}
          onChange={(v) => change({ time_limit_minutes: v })}
          errors={errors.time_limit_minutes}
        />
        <div>
          <TextField
            id={fieldTargetId('attempts_allowed')}
            label="Attempts allowed"
            name="attempts_allowed"
            type="number"
            min={1}
            max={100}
            disabled={draft.unlimited_attempts}
            value={draft.unlimited_attempts ? '' : draft.attempts_allowed}
            onChange={(v) => change({ attempts_allowed: v })}
            errors={errors.attempts_allowed}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.unlimited_attempts}
              onChange={(e) => change({ unlimited_attempts: e.target.checked })}
            />
            Unlimited attempts
          </label>
        </div>
        <TextField
          id={fieldTargetId('offline_grace_minutes')}
          label="Offline grace (minutes)"
          name="offline_grace_minutes"
          type="number"
          min={0}
          max={120}
          hint="How long after the deadline answers given offline in time are still accepted."
          value={draft.offline_grace_minutes}
          onChange={(v) => change({ offline_grace_minutes: v })}
          errors={errors.offline_grace_minutes}
        />
      </div>
    </>
  );
}

/** The schools it is for; a teacher with one school finds it already chosen. */
export function SchoolSettings({
  draft,
  onChange: change,
  errors,
  schools,
  schoolsRequired,
  readOnly,
}: SectionProps & { schools: AdminSchool[] | undefined; schoolsRequired: boolean }) {
  return (
    <TargetSchoolsField
      id={fieldTargetId('school_ids')}
      schools={schools}
      required={schoolsRequired}
      isDisabled={readOnly}
      value={draft.school_ids}
      onChange={(school_ids) => change({ school_ids })}
      errors={errors.school_ids}
    />
  );
}

/** The pass mark and when students see the answers. */
export function MarkingSettings({ draft, onChange: change, errors, readOnly }: SectionProps) {
  return (
    <div className="bo-filters">
      <TextField
        id={fieldTargetId('pass_mark')}
        label="Pass mark (%)"
        name="pass_mark"
        type="number"
        min={0}
        max={100}
        value={draft.pass_mark}
        onChange={(v) => change({ pass_mark: v })}
        errors={errors.pass_mark}
      />
      <Dropdown<ReviewPolicy>
        id={fieldTargetId('review_policy')}
        label="Show answers and explanations"
        options={REVIEW_OPTIONS}
        value={draft.review_policy}
        isSearchable={false}
        isDisabled={readOnly}
        onChange={(v) => v && change({ review_policy: v })}
        error={errors.review_policy?.join(' ')}
      />
    </div>
  );
}
