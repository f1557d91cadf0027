// The load tools of the API bench: autocannon runs (alone or in the background of something else), wrk's
// requests per second, waiting for a server to settle, and a login.
import { execFile } from 'node:child_process';
import autocannon from 'autocannon';
import type { Instance, Options, Result } from 'autocannon';
import { recordFailure } from './failures.ts';

export function run(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Keeps `options` running as background load until `during` settles, then stops it. */
export async function runDuring<T>(options: Options, during: () => Promise<T>): Promise<[Result, T]> {
  let instance: Instance | undefined;
  const background = new Promise<Result>((resolve, reject) => {
    instance = autocannon({ ...options, duration: 600 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  try {
    // Let the background load settle before the burst starts.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const value = await during();
    instance?.stop();
    return [await background, value];
  } finally {
    instance?.stop();
  }
}

/** Requests per second wrk reports for a GET (one thread), or null when wrk is not installed. */
export function wrkRps(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  return new Promise<number | null>((resolve, reject) => {
    execFile('wrk', [...args, url], (error, stdout) => {
      if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') return resolve(null);
      if (error) return reject(error);
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
      if (!rps) return reject(new Error(`wrk printed no Requests/sec:\n${stdout}`));
      const refused = /Non-2xx or 3xx responses:\s*(\d+)/.exec(stdout)?.[1];
      if (refused) recordFailure(`wrk ${url}`, `${refused} answers outside 2xx and 3xx`);
      const socketErrors = /Socket errors:([^\n]*)/.exec(stdout)?.[1];
      if (socketErrors) recordFailure(`wrk ${url}`, `socket errors:${socketErrors}`);
      resolve(Number(rps));
    });
  });
}

/**
 * Waits until the server has worked off a load's backlog: when autocannon stops, up to 200 saves are still
 * in flight, and on PostgreSQL they drain for most of a second. Without this the "idle" health figure
 * measured that drain. Done when 20 health answers in a row each take under 5 ms (15 s at most).
 */
export async function settle(url: string): Promise<number> {
  const start = performance.now();
  for (let quick = 0; quick < 20 && performance.now() - start < 15_000;) {
    const sent = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status} while settling`);
    quick = performance.now() - sent < 5 ? quick + 1 : 0;
  }
  return performance.now() - start;
}

export async function login(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`${who.email} login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
