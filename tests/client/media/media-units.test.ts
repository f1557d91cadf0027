import { describe, expect, it } from 'vitest';
import type { VideoSummary } from '../../../src/shared/contracts/content.ts';
import { canvasDensity } from '../../../src/client/features/resources/components/pdf-zoom.ts';
import { isUnfinished } from '../../../src/client/features/videos/components/continue-watching.tsx';

describe('the PDF canvas density', () => {
  it("draws a page fitted to a phone at the screen's full density", () => {
    expect(canvasDensity(390, 551, 3)).toBe(3);
    expect(canvasDensity(390, 551, 2)).toBe(2);
    // Beyond 3× a reader sees nothing more.
    expect(canvasDensity(390, 551, 4)).toBe(3);
  });

  it('keeps a zoomed page under 12 million canvas pixels (iOS refuses canvases past 16.7 million)', () => {
    const [w, h] = [1560, 2206];
    const d = canvasDensity(w, h, 3);
    expect(d).toBeLessThan(3);
    expect(w * d * (h * d)).toBeLessThanOrEqual(12_000_000 + 1);
  });
});

const video = (over: Partial<VideoSummary['progress']>, external = false): VideoSummary => ({
  id: 1,
  title: 'Clip',
  summary: '',
  topics: [],
  duration_seconds: 100,
  poster_url: null,
  external,
  updated_at: '2026-01-01T00:00:00.000Z',
  progress: {
    position_seconds: 0,
    watched: [],
    watched_seconds: 0,
    fraction: 0,
    completed_at: null,
    ...over,
  },
});

describe('Continue watching', () => {
  it('lists a video started and not finished', () => {
    expect(isUnfinished(video({ position_seconds: 12, watched_seconds: 12, fraction: 0.12 }))).toBe(true);
    // Opened and paused at once: the position alone counts.
    expect(isUnfinished(video({ position_seconds: 3 }))).toBe(true);
  });

  it('leaves out the unstarted, the finished and those played on another site', () => {
    expect(isUnfinished(video({}))).toBe(false);
    expect(isUnfinished(video({ position_seconds: 95, watched_seconds: 95, fraction: 0.95 }))).toBe(false);
    expect(
      isUnfinished(video({ position_seconds: 20, fraction: 0.5, completed_at: '2026-01-01T00:00:00.000Z' })),
    ).toBe(false);
    expect(isUnfinished(video({ position_seconds: 20 }, true))).toBe(false);
  });
});
