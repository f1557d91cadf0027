import {
  LIVE_PATHS,
  liveDetailResponseSchema,
  liveListResponseSchema,
  liveMessageResponseSchema,
  liveMessagesResponseSchema,
  type LiveDetail,
  type LiveList,
  type LiveMessage,
} from '../../../shared/contracts/live.ts';
import { delJson, getJson, isSavedCopy, postJson } from '../../lib/http.ts';

// A live thread changes by the second: none of these come from the 5-minute cache. The list alone keeps an
// offline copy (the worker's, given only when the network fails, marked as saved earlier), so it opens
// offline as last seen; a thread and its messages always come from the server.

/** How far the server's clock is ahead of this device's (ms), measured when an answer arrives. */
export interface ClockOffset {
  offset: number;
}
const offsetOf = (serverNow: string) => Date.parse(serverNow) - Date.now();

export async function fetchLiveList(signal?: AbortSignal): Promise<LiveList & ClockOffset> {
  const list = await getJson(LIVE_PATHS.list, {
    signal,
    schema: liveListResponseSchema,
    cache: false,
    offlineCopy: true,
  });
  // A copy saved earlier carries that moment's server time: measured now it would stop the countdowns there.
  return { ...list, offset: isSavedCopy(list) ? 0 : offsetOf(list.now) };
}

export async function fetchLiveDetail(id: number, signal?: AbortSignal): Promise<LiveDetail & ClockOffset> {
  const detail = await getJson(LIVE_PATHS.one(id), {
    signal,
    schema: liveDetailResponseSchema,
    cache: false,
  });
  return { ...detail, offset: offsetOf(detail.now) };
}

export async function fetchMessagesAfter(id: number, after: number): Promise<LiveMessage[]> {
  return (
    await getJson(LIVE_PATHS.messages(id), {
      query: { after },
      schema: liveMessagesResponseSchema,
      cache: false,
    })
  ).data;
}

export async function sendLiveMessage(id: number, clientId: string, body: string): Promise<LiveMessage> {
  return (
    await postJson(
      LIVE_PATHS.messages(id),
      { client_id: clientId, body },
      { schema: liveMessageResponseSchema },
    )
  ).message;
}

export async function removeLiveMessage(id: number, messageId: number): Promise<void> {
  await delJson(LIVE_PATHS.message(id, messageId));
}
