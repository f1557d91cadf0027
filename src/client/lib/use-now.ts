import { useEffect, useState } from 'react';

/** The time, renewed every `everyMs`, so "closes in 5 minutes" keeps counting down on an open screen. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
