// The server owns the clock (DESIGN.md section 4): the countdown runs on the server's time, reconstructed
// from `server_now` and the moment the answer arrived, so a device clock that is off changes nothing.

/** Server time minus device time, estimated at the middle of the request's round trip. */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/** Milliseconds until the deadline by the server's clock; negative once it has passed. */
export function remainingMs(deadlineAt: string, clockOffsetMs: number, deviceNow: number): number {
  return Date.parse(deadlineAt) - (deviceNow + clockOffsetMs);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 754 s → "12:34"; 4000 s → "1:06:40". Never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** For people and screen readers: 754 → "12 min 34 s", 3600 → "1 h 0 min". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}
