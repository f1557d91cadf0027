import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  runDueRecalculations,
  useBackgroundRecalculations,
} from '../../../src/client/features/learning/recalculations.ts';
import { json, mockFetch } from '../helpers.ts';

function clearCookies() {
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

beforeEach(clearCookies);
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

describe('the background recalculations (spec 4, 7, 9)', () => {
  it('run 20 s after the sidebar mounts, in order, and not again while their guards last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = mockFetch(() => json(200, { data: [] }));
    renderHook(() => useBackgroundRecalculations(7));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(document.cookie).toContain('pb_calc_daily_performance_7=1'));
    expect(requests).toHaveLength(3);
    const day = new Date().toISOString().slice(0, 10);
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'PUT /api/user/7/calculate-proficiency',
      'PUT /api/user/7/calculate-user-progress',
      `PUT /api/user/calculate-daily-performance/${day}/7`,
    ]);
    expect(document.cookie).toContain('pb_calc_proficiency_7=1');

    await runDueRecalculations(7);
    expect(requests).toHaveLength(3);
    // The guard is per user: someone else on this tablet gets their own.
    await runDueRecalculations(8);
    expect(requests).toHaveLength(6);
  });

  it('does not run when the sidebar goes away first', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { requests } = mockFetch(() => json(200, { data: [] }));
    const { unmount } = renderHook(() => useBackgroundRecalculations(7));
    await vi.advanceTimersByTimeAsync(10_000);
    unmount();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(requests).toHaveLength(0);
  });

  it('logs a failure, goes on with the next, and tries the failed one again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = mockFetch((r) =>
      r.url.includes('calculate-proficiency')
        ? json(500, { message: 'Database is busy.' })
        : json(200, { data: [] }),
    );
    await runDueRecalculations(7);
    expect(requests).toHaveLength(3);
    expect(error).toHaveBeenCalledWith('Proficiency calculation failed.', expect.anything());
    expect(document.cookie).not.toContain('pb_calc_proficiency_7');
    expect(document.cookie).toContain('pb_calc_user_progress_7=1');

    await runDueRecalculations(7);
    expect(requests.slice(3).map((r) => r.url)).toEqual(['/api/user/7/calculate-proficiency']);
  });
});
