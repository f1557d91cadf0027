import { useEffect, useEffectEvent, useId, useState } from 'react';
import { formatCountdown, remainingMs } from '../timer.ts';

function announcement(left: number): string {
  if (left <= 0) return 'Time is up.';
  if (left <= 60_000) return 'Less than a minute left.';
  if (left <= 5 * 60_000) return 'Less than 5 minutes left.';
  return '';
}

/** Counts down to the server's deadline; calls onExpire once when it reaches zero. */
export function Countdown({
  deadlineAt,
  clockOffsetMs,
  onExpire,
}: {
  deadlineAt: string;
  clockOffsetMs: number;
  onExpire: () => void;
}) {
  const labelId = useId();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const left = remainingMs(deadlineAt, clockOffsetMs, now);
  const expired = left <= 0;
  const expire = useEffectEvent(onExpire);
  useEffect(() => {
    if (expired) expire();
  }, [expired]);
  const urgent = left <= 5 * 60_000;
  return (
    <div className={`countdown${urgent ? ' countdown--urgent' : ''}`}>
      <span id={labelId} className="countdown__label">
        Time left
      </span>
      <span className="countdown__value" role="timer" aria-labelledby={labelId}>
        {formatCountdown(left)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {announcement(left)}
      </span>
    </div>
  );
}
