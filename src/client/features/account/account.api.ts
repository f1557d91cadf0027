import {
  ACCOUNT_PATHS,
  devicesResponseSchema,
  emailChangeResponseSchema,
  signOutOthersResponseSchema,
  type Device,
} from '../../../shared/contracts/account.ts';
import { delJson, getJson, postJson } from '../../lib/http.ts';

// The account's live state: a device signed in a minute ago must show, so nothing comes from the GET cache.

export async function fetchPendingEmail(signal?: AbortSignal): Promise<string | null> {
  return (
    await getJson(ACCOUNT_PATHS.emailChange, { signal, schema: emailChangeResponseSchema, cache: false })
  ).pending_email;
}

export async function cancelEmailChange(): Promise<void> {
  await delJson(ACCOUNT_PATHS.emailChange);
}

export async function fetchDevices(signal?: AbortSignal): Promise<Device[]> {
  return (await getJson(ACCOUNT_PATHS.sessions, { signal, schema: devicesResponseSchema, cache: false }))
    .data;
}

export async function signOutOtherDevices(): Promise<string> {
  return (await postJson(ACCOUNT_PATHS.signOutOthers, {}, { schema: signOutOthersResponseSchema })).message;
}

export async function signOutDevice(id: number): Promise<void> {
  await delJson(ACCOUNT_PATHS.session(id));
}
