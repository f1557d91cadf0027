import { Dropdown } from '../../../components/dropdown.tsx';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import type { Location } from '../../../../shared/contracts/lookups.ts';
import { errorMessage } from '../../../lib/http.ts';
import { toOptions, toSchoolOptions, useSchools } from '../use-lookups.ts';

/**
 * The location and the school (registration and the account form). The school can be searched by name among
 * every school, and picking one fills in its location; a chosen location narrows the schools to its own.
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
  const every = useSchools(null);
  const here = useSchools(locationId);
  // Until the location's own list arrives, every school of that location is already known: no flicker.
  const schools =
    locationId === null
      ? every.data
      : (here.data ?? every.data?.filter((school) => school.location_id === locationId));
  const failed = locationId === null ? every.error : here.error && !schools ? here.error : null;
  const choice = required ? { required: true } : { isClearable: true };
  const loadError = required && failed ? errorMessage(failed) : undefined;
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
          // A school belongs to one location: a choice elsewhere would not be in the new list.
          const school = every.data?.find((s) => s.id === schoolId);
          if (value === null || school?.location_id !== value) onSchool(null);
        }}
        error={errors.location_id?.[0]}
      />
      <Dropdown<number>
        label="School"
        name="school_id"
        {...choice}
        options={toSchoolOptions(schools)}
        isLoading={!schools && (every.loading || here.loading)}
        placeholder={locationId === null ? 'Type your school’s name' : undefined}
        value={schoolId}
        onChange={(value) => {
          const school = schools?.find((s) => s.id === value);
          if (school && school.location_id !== locationId) onLocation(school.location_id);
          onSchool(value);
        }}
        error={errors.school_id?.[0] ?? loadError}
      />
    </>
  );
}
