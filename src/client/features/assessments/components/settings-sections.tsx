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
import { CheckField } from '../../../components/check-field.tsx';

const REVIEW_OPTIONS = REVIEW_POLICIES.map((p) => ({ value: p, label: REVIEW_POLICY_LABELS[p] }));

type SectionProps = {
  draft: AssessmentDraft;
  onChange: (patch: Partial<AssessmentDraft>) => void;
  errors: FieldErrors;
  /** Looking, not editing: the pickers are disabled too (the form's fieldset disables the plain inputs). */
  readOnly?: boolean;
};

/** The number settings: each box's label, bounds and hint. */
const NUMBER_SETTINGS = {
  time_limit_minutes: {
    label: 'Time limit (minutes)',
    min: 1,
    max: 600,
    hint: 'Leave empty for no time limit.',
  },
  attempts_allowed: { label: 'Attempts allowed', min: 1, max: 100, hint: undefined },
  offline_grace_minutes: {
    label: 'Offline grace (minutes)',
    min: 0,
    max: 120,
    hint: 'How long after the deadline answers given offline in time are still accepted.',
  },
  pass_mark: { label: 'Pass mark (%)', min: 0, max: 100, hint: undefined },
} as const;

/** A number setting bound to its draft key: the key is its name, the box an error links to and its errors. */
function NumberSetting({
  field,
  disabled,
  value,
  draft,
  change,
  errors,
}: {
  field: keyof typeof NUMBER_SETTINGS;
  disabled?: boolean;
  /** What the box shows, when not the draft's value. */
  value?: string;
  draft: AssessmentDraft;
  change: (patch: Partial<AssessmentDraft>) => void;
  errors: FieldErrors;
}) {
  const { label, min, max, hint } = NUMBER_SETTINGS[field];
  return (
    <TextField
      id={fieldTargetId(field)}
      label={label}
      name={field}
      type="number"
      min={min}
      max={max}
      hint={hint}
      disabled={disabled}
      value={value ?? draft[field]}
      onChange={(v) => change({ [field]: v })}
      errors={errors[field]}
    />
  );
}

/** The open/close window, the time limit, the attempts and the offline grace. */
export function ScheduleSettings({ draft, onChange: change, errors, readOnly }: SectionProps) {
  const one = (field: string) => errors[field]?.join(' ');
  const bound = { draft, change, errors };
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
        <NumberSetting field="time_limit_minutes" {...bound} />
        <div>
          <NumberSetting
            field="attempts_allowed"
            disabled={draft.unlimited_attempts}
            value={draft.unlimited_attempts ? '' : draft.attempts_allowed}
            {...bound}
          />
          <CheckField
            checked={draft.unlimited_attempts}
            onChange={(unlimited_attempts) => change({ unlimited_attempts })}
          >
            Unlimited attempts
          </CheckField>
        </div>
        <NumberSetting field="offline_grace_minutes" {...bound} />
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
  const bound = { draft, change, errors };
  return (
    <div className="bo-filters">
      <NumberSetting field="pass_mark" {...bound} />
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
