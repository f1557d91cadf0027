import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from '../../../src/client/features/quiz/components/countdown.tsx';
import { clockOffset, formatCountdown, remainingMs } from '../../../src/client/features/quiz/timer.ts';

afterEach(() => vi.useRealTimers());

const at = (iso: string) => Date.parse(iso);

describe('the countdown runs on the server’s clock', () => {
  it('estimates the offset from server_now at the middle of the round trip', () => {
    // The device is 5 minutes behind the server; the request took 400 ms.
    const sent = at('2025-03-01T10:00:00.000Z');
    const received = sent + 400;
    expect(clockOffset('2025-03-01T10:05:00.200Z', sent, received)).toBe(5 * 60_000);
  });

  it('counts down to the deadline by the server’s time, not the device’s', () => {
    const offset = 5 * 60_000;
    const deviceNow = at('2025-03-01T10:00:00.000Z');
    // By the device's own clock 20 minutes would be left; by the server's only 15.
    expect(remainingMs('2025-03-01T10:20:00.000Z', offset, deviceNow)).toBe(15 * 60_000);
    expect(remainingMs('2025-03-01T10:20:00.000Z', 0, deviceNow)).toBe(20 * 60_000);
  });

  it('formats minutes and seconds, hours when needed, never below zero', () => {
    expect(formatCountdown(754_000)).toBe('12:34');
    expect(formatCountdown(4_000_000)).toBe('1:06:40');
    expect(formatCountdown(-5_000)).toBe('00:00');
  });

  it('shows the server time left and ends the attempt once when it reaches zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(at('2025-03-01T10:00:00.000Z'));
    const onExpire = vi.fn();
    // The server says 10:05 now, deadline 10:06: one minute left, although the device reads 10:00.
    render(
      <Countdown deadlineAt="2025-03-01T10:06:00.000Z" clockOffsetMs={5 * 60_000} onExpire={onExpire} />,
    );
    expect(screen.getByRole('timer', { name: 'Time left' }).textContent).toBe('01:00');

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByRole('timer').textContent).toBe('00:30');
    expect(onExpire).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(31_000));
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
