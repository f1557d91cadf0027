import { Dropdown } from '../../../components/dropdown.tsx';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { Location } from '../../../../shared/contracts/lookups.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toOptions, useSchools } from '../use-lookups.ts';

/**
 * The location, then the school among that location's schools (registration and the account form).
 * `required` (registration): both must be chosen and a school list that failed to load says so under School;
 * otherwise (the account form) either may be cleared.
 */
export function LocationSchoolFields({
  locations,
  locationsLoading,
  locationId,
  schoolId,
  onLocation,
  onSchool,
  errors,
  required = false,
}: {
  locations: Location[] | undefined;
  locationsLoading: boolean;
  locationId: number | null;
  schoolId: number | null;
  onLocation(value: number | null): void;
  onSchool(value: number | null): void;
  errors: FieldErrors;
  required?: boolean;
}) {
  const schools = useSchools(locationId);
  const choice = required ? { required: true } : { isClearable: true };
  const loadError = required && schools.error ? errorMessage(schools.error) : undefined;
  return (
    <>
      <Dropdown<number>
        label="Location"
        name="location_id"
        {...choice}
        options={toOptions(locations)}
        isLoading={locationsLoading}
        value={locationId}
        onChange={(value) => {
          onLocation(value);
          // A school belongs to one location: the old choice would not be in the new list.
          onSchool(null);
        }}
        error={errors.location_id?.[0]}
      />
      <Dropdown<number>
        label="School"
        name="school_id"
        {...choice}
        options={toOptions(schools.data)}
        isLoading={schools.loading}
        isDisabled={locationId === null}
        placeholder={locationId === null ? 'Select a location first' : undefined}
        value={schoolId}
        onChange={onSchool}
        error={errors.school_id?.[0] ?? loadError}
      />
    </>
  );
}
