import type { Writable } from 'node:stream';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
// Pino's own fields, and the request/response objects summarised in the line itself.
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime']);

/**
 * One pino JSON line as a person reads it on a terminal:
 * `14:02:11 INFO  GET /api/refresh 200 3 ms`, or the message and its fields (`key=value`).
 */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  const level = (LEVELS[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  const parts = [time, level];
  if (req?.method) parts.push(req.method, req.url ?? '');
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  if (entry.msg && !(req && res)) parts.push(String(entry.msg));
  for (const [key, value] of Object.entries(entry)) {
    if (SKIP.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      parts.push(`\n${err.stack ?? err.message ?? JSON.stringify(err)}`);
      continue;
    }
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return `${parts.join(' ')}\n`;
}

/** A stream for Fastify's logger that writes each line formatted for people. */
export function prettyLogStream(out: Writable = process.stdout): { write(line: string): void } {
  return { write: (line) => void out.write(formatLogLine(line)) };
}
