import { useCallback, useMemo } from 'react';
import type { Location, School } from '../../../shared/contracts/lookups.ts';
import type { DropdownOption } from '../../components/dropdown.tsx';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchLocations, fetchSchools } from './lookups.api.ts';

export function useLocations(): LoadState<Location[]> {
  const load = useCallback((signal: AbortSignal) => fetchLocations(signal), []);
  return useLoad(load);
}

/** The schools of one location, or with `null` every school (to find one by its name). */
export function useSchools(locationId: number | null): LoadState<School[]> {
  const load = useMemo(() => (signal: AbortSignal) => fetchSchools(locationId, signal), [locationId]);
  return useLoad(load);
}

/** A school as the lookup lists it: its name and where it is ("Little Acorns … · Springfield"). */
export function toSchoolOptions(schools: readonly School[] | undefined): DropdownOption<number>[] {
  return (schools ?? []).map((school) => ({
    value: school.id,
    label: `${school.name} · ${school.location_name}`,
  }));
}

export function toOptions(
  items: readonly { id: number; name: string }[] | undefined,
): DropdownOption<number>[] {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}
