// The login burst: a class of LOGINS signing in at the same moment, BURSTS times over, each burst once the
// one before has been answered. One burst alone gave 30 times, whose "p99" was simply the slowest of them;
// BURSTS × LOGINS (210) make the p99 a 99th percentile.
import { recordFailure } from './failures.ts';

export const LOGINS = 30;
export const BURSTS = 7;
/** Between bursts, so each starts on a server that has answered the last one, as a new class would. */
const PAUSE_MS = 300;
/** What autocannon's burst allowed each login: the hashes queue behind one another on 2 cores. */
const TIMEOUT_MS = 60_000;

export interface LoginBursts {
  /** Each login's time, from its request sent to its answer read, in ms: those that answered 200. */
  times: number[];
  ok: number;
  total: number;
}

async function timedLogin(url: string, body: string): Promise<{ ms: number; status: string }> {
  const sent = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - sent, status: String(res.status) };
  } catch (error) {
    return { ms: performance.now() - sent, status: (error as Error).name };
  }
}

/** BURSTS bursts of LOGINS simultaneous `POST /api/auth/login` as `who`; a login not answered 200 is a failure. */
export async function loginBursts(
  baseUrl: string,
  who: { email: string; password: string },
  label: string,
): Promise<LoginBursts> {
  const url = `${baseUrl}/api/auth/login`;
  const body = JSON.stringify(who);
  const times: number[] = [];
  const refused = new Map<string, number>();
  let total = 0;
  for (let burst = 0; burst < BURSTS; burst++) {
    if (burst > 0) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    const answers = await Promise.all(Array.from({ length: LOGINS }, () => timedLogin(url, body)));
    for (const { ms, status } of answers) {
      total++;
      if (status === '200') times.push(ms);
      else refused.set(status, (refused.get(status) ?? 0) + 1);
    }
  }
  if (refused.size)
    recordFailure(
      label,
      `${total - times.length} of ${total} logins failed (${[...refused].map(([s, n]) => `${n} × ${s}`).join(', ')})`,
    );
  return { times, ok: times.length, total };
}
