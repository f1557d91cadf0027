import type { z } from 'zod';
import {
  CONTENT_PATHS,
  videoResponseSchema,
  videosResponseSchema,
} from '../../../shared/contracts/content.ts';
import type { Video, VideoProgressBody, VideoSummary } from '../../../shared/contracts/content.ts';
import { getJson } from '../../lib/http.ts';
import { enqueue, pendingEntries } from '../../lib/outbox.ts';

/**
 * Network first, past the 5-minute cache: the saved position and the signed address must be current (a
 * cached answer would resume at an old second, or carry an expired link). Offline, or when the network
 * fails, the service worker's last copy answers, marked as saved earlier (the Videos list opens offline).
 */
function current<S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal): Promise<z.output<S>> {
  return getJson(path, { signal, schema, cache: false, offlineCopy: true });
}

export async function fetchVideos(signal?: AbortSignal): Promise<VideoSummary[]> {
  return (await current(CONTENT_PATHS.videos, videosResponseSchema, signal)).data;
}

export async function fetchVideo(id: number, signal?: AbortSignal): Promise<Video> {
  const { video } = await current(CONTENT_PATHS.video(id), videoResponseSchema, signal);
  // A report still waiting in the outbox (offline) is newer than what the server knows.
  const [pending] = await pendingEntries((e) => e.key === progressKey(id)).catch(() => []);
  if (!pending) return video;
  const body = pending.body as VideoProgressBody;
  return { ...video, progress: { ...video.progress, position_seconds: body.position_seconds } };
}

export const progressKey = (id: number) => `video-progress:${id}`;

/**
 * Through the outbox, so progress made offline reaches the server later. Each report carries every interval
 * played so far (a newer report replaces a waiting older one), and the server merges, so replays are harmless.
 */
export function queueProgress(id: number, body: VideoProgressBody): Promise<void> {
  return enqueue({
    key: progressKey(id),
    method: 'PUT',
    path: CONTENT_PATHS.videoProgress(id),
    body,
    version: new Date().toISOString(),
    meta: { type: 'video-progress', videoId: id },
  });
}
