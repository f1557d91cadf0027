import { useCallback } from 'react';
import type { Device } from '../../../shared/contracts/account.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchDevices, fetchPendingEmail } from './account.api.ts';

/** The new e-mail address waiting for its link, or null. */
export function usePendingEmail(): LoadState<string | null> {
  const load = useCallback((signal: AbortSignal) => fetchPendingEmail(signal), []);
  return useLoad(load);
}

export function useDevices(): LoadState<Device[]> {
  const load = useCallback((signal: AbortSignal) => fetchDevices(signal), []);
  return useLoad(load);
}

export { cancelEmailChange, signOutDevice, signOutOtherDevices } from './account.api.ts';
