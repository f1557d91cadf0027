import type { AdminSchool } from '../../shared/contracts/admin-schools.ts';
import { Dropdown } from './dropdown.tsx';

/**
 * The schools a quiz, exam or content item is for, and what the choice means. A teacher names their own
 * schools (`required`); an admin may leave it empty for every school.
 */
export function TargetSchoolsField({
  id,
  schools,
  value,
  onChange,
  required,
  isDisabled,
  errors,
}: {
  /** The dropdown's id (a link to the field from an error summary). */
  id?: string;
  /** undefined while loading. */
  schools: AdminSchool[] | undefined;
  value: readonly number[];
  onChange(schoolIds: number[]): void;
  required: boolean;
  isDisabled?: boolean;
  errors: string[] | undefined;
}) {
  return (
    <>
      <Dropdown<number>
        id={id}
        label="Target schools"
        multiple
        required={required}
        isDisabled={isDisabled}
        isLoading={!schools}
        options={(schools ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.location_name})` }))}
        value={value}
        onChange={onChange}
        placeholder={required ? 'Choose your schools' : 'Every school'}
        error={errors?.join(' ')}
      />
      <p className="field__hint">
        {required
          ? 'Only students of the chosen schools see it.'
          : 'Only students of the chosen schools see it; leave empty for every school.'}
      </p>
    </>
  );
}
