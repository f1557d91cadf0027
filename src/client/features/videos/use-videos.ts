import { useCallback } from 'react';
import type { Video, VideoSummary } from '../../../shared/contracts/content.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchVideo, fetchVideos } from './videos.api.ts';

export function useVideos(): LoadState<VideoSummary[]> {
  const load = useCallback((signal: AbortSignal) => fetchVideos(signal), []);
  return useLoad(load);
}

export function useVideo(id: number): LoadState<Video> {
  const load = useCallback((signal: AbortSignal) => fetchVideo(id, signal), [id]);
  return useLoad(load);
}
