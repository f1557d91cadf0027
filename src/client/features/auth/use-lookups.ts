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

/** The schools of one location; nothing is fetched until a location is chosen. */
export function useSchools(locationId: number | null): LoadState<School[]> {
  const load = useMemo(
    () => (locationId === null ? null : (signal: AbortSignal) => fetchSchools(locationId, signal)),
    [locationId],
  );
  return useLoad(load);
}

export function toOptions(
  items: readonly { id: number; name: string }[] | undefined,
): DropdownOption<number>[] {
  return (items ?? []).map((item) => ({ value: item.id, label: item.name }));
}
